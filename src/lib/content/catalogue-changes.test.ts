import { describe, expect, it } from 'vitest';
import { buildFilterString } from '../domain/filter-string.ts';
import { EMPTY_FILTERS } from '../domain/listing-query.ts';
import { toSearchFilter } from '../domain/listing-search.ts';
import { cardChanges, listingKey, type ListingKeyFields } from './catalogue-changes.ts';

const article: ListingKeyFields = {
  name: 'Vinterjakke',
  genderId: 1,
  mainGroupId: 2,
  articleGroup2ID: 3,
  articleGroup3ID: 4,
};

describe('listingKey', () => {
  it('differs when any field a listing is chosen or ordered by differs', () => {
    const keys = [
      article,
      { ...article, name: 'Vinterjakke, rød' },
      { ...article, genderId: 9 },
      { ...article, mainGroupId: 9 },
      { ...article, articleGroup2ID: 9 },
      { ...article, articleGroup3ID: 9 },
    ].map(listingKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("covers every field a listing's search filters by", () => {
    // A listing asks for its scope with no choices (src/content/loaders/listings.ts); were a
    // scope to filter by another field, a change to it could move articles the key misses.
    const filter = buildFilterString(toSearchFilter({ genders: [1], group3: [4] }, EMPTY_FILTERS));
    const fields = new Set(filter.split(' AND ').map((clause) => clause.split(' ')[0]));
    expect([...fields].sort()).toEqual(['ArticleGroup3ID', 'GenderID']);
  });
});

describe('cardChanges', () => {
  const keys = (entries: Array<[number, string]>) => new Map(entries);

  it('answers the changed articles when every key is as it was', () => {
    const before = keys([
      [1, 'a'],
      [2, 'b'],
    ]);
    expect(
      cardChanges(
        before,
        keys([
          [2, 'b'],
          [1, 'a'],
        ]),
        new Set([2]),
      ),
    ).toEqual(new Set([2]));
  });

  it('answers null when a key changed or an article came or went', () => {
    const before = keys([
      [1, 'a'],
      [2, 'b'],
    ]);
    const changed = new Set([2]);
    expect(
      cardChanges(
        before,
        keys([
          [1, 'a'],
          [2, 'c'],
        ]),
        changed,
      ),
    ).toBeNull();
    expect(cardChanges(before, keys([[1, 'a']]), changed)).toBeNull();
    expect(
      cardChanges(
        before,
        keys([
          [1, 'a'],
          [3, 'b'],
        ]),
        changed,
      ),
    ).toBeNull();
    expect(
      cardChanges(
        before,
        keys([
          [1, 'a'],
          [2, 'b'],
          [3, 'c'],
        ]),
        changed,
      ),
    ).toBeNull();
  });
});
