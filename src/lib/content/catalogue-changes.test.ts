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
  /** Listing keys by id, from `{ id: key }`. */
  const keys = (byId: Record<number, string>) =>
    new Map(Object.entries(byId).map(([id, key]) => [Number(id), key]));
  const before = keys({ 1: 'a', 2: 'b' });
  const [changed, none] = [new Set([2]), new Set<number>()];

  it('answers the changed articles when every key is as it was', () => {
    expect(cardChanges(before, keys({ 2: 'b', 1: 'a' }), changed, new Set([3]))).toEqual(changed);
  });

  it('answers null when a key changed or an article came or went', () => {
    for (const after of [
      { 1: 'a', 2: 'c' },
      { 1: 'a' },
      { 1: 'a', 3: 'b' },
      { 1: 'a', 2: 'b', 3: 'c' },
    ]) {
      expect(cardChanges(before, keys(after), changed, none), JSON.stringify(after)).toBeNull();
    }
  });

  it('answers null when a changed article is listed without a product page', () => {
    expect(cardChanges(before, before, new Set([2, 7]), new Set([7]))).toBeNull();
  });
});
