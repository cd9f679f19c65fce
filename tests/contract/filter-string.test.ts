/**
 * The shop's filter-string builder (src/lib/domain) against the reference backend's search
 * (server/search): every string the builder makes parses in the server's Meilisearch
 * parser and selects exactly the articles that the filter state means. This file sits
 * outside src/ and server/ because it is the one place allowed to import both.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseFilter } from '../../server/search/filter-parser.ts';
import { rebuildSearchIndex } from '../../server/search/indexer.ts';
import { searchArticleIds } from '../../server/search/search.ts';
import {
  fixtureGenders,
  fixtureProductLines,
  fixtureShops,
  insertFixtureArticles,
  openFixtureDatabase,
  syntheticArticles,
  type FixtureArticle,
} from '../../server/test-support/search-articles.ts';
import { buildFilterString, type SearchFilter } from '../../src/lib/domain/filter-string.ts';

const articles = syntheticArticles(300, 42);
const db = openFixtureDatabase();
beforeAll(() => {
  insertFixtureArticles(db, articles);
  rebuildSearchIndex(db);
});

/** What the filter state means, decided over the fixture rows in memory. */
function matches(a: FixtureArticle, f: SearchFilter): boolean {
  const any = (chosen: readonly number[] | undefined, value: number | null | undefined) =>
    !chosen?.length || (value !== null && value !== undefined && chosen.includes(value));
  const price = a.price ?? 0;
  return (
    a.visible !== false &&
    any(f.genders, a.genderId) &&
    any(f.brands, a.brandId) &&
    any(f.productLines, a.productLineId) &&
    // Colour id n belongs to colour group n in the fixture.
    (!f.colorGroups?.length || (a.colors ?? []).some((c) => f.colorGroups?.includes(c))) &&
    (!f.shops?.length || f.shops.some((s) => (a.stock?.[s] ?? 0) > 0)) &&
    (!f.price || (price >= f.price.min * 100 && price <= f.price.max * 100)) &&
    !(f.excludeArticleIds ?? []).includes(a.id)
  );
}

const subset = <T>(values: readonly T[]) => fc.subarray([...values]);
const filterState: fc.Arbitrary<SearchFilter> = fc.record(
  {
    genders: subset(fixtureGenders),
    colorGroups: subset([1, 2, 3, 4, 5]),
    brands: subset([1, 2, 3]),
    productLines: subset(fixtureProductLines),
    shops: subset(fixtureShops),
    price: fc.option(
      fc
        .tuple(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 5000 }))
        .map(([a, b]) => ({ min: Math.min(a, b), max: Math.max(a, b) })),
      { nil: null },
    ),
    excludeArticleIds: subset(articles.slice(0, 40).map((a) => a.id)),
  },
  { requiredKeys: [] },
);

describe('filter strings from the shop in the backend search', () => {
  it('always parse and select the same articles as the filter state means', () => {
    fc.assert(
      fc.property(filterState, (state) => {
        const filters = buildFilterString(state);
        if (filters !== '') expect(() => parseFilter(filters)).not.toThrow();
        const { ids } = searchArticleIds(db, { query: '', filters });
        const expected = articles.filter((a) => matches(a, state)).map((a) => a.id);
        expect([...ids].sort((x, y) => x - y)).toEqual(expected.sort((x, y) => x - y));
      }),
      { numRuns: 300 },
    );
  });
});
