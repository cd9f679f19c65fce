import { beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseSync } from 'node:sqlite';
import { FilterSyntaxError } from './filter-parser.ts';
import { rebuildSearchIndex, refreshArticleStock } from './indexer.ts';
import { SearchSortError, searchArticleIds, searchArticles } from './search.ts';
import {
  type FixtureArticle,
  insertFixtureArticles,
  openFixtureDatabase,
} from '../test-support/search-articles.ts';

const catalogue: FixtureArticle[] = [
  { id: 1, name: 'Vinterjakke Herre', bestsellerRank: 3, price: 199_900, genderId: 1, colors: [1] },
  { id: 2, name: 'Dunjakke', bestsellerRank: 1, price: 299_900, genderId: 2, colors: [3] },
  { id: 3, name: 'Joggesko', mainGroupId: 2, price: 99_900, genderId: 2, colors: [2] },
  { id: 4, name: 'Ullundertrøye', description: 'Myk merinoull.', price: 59_900 },
  { id: 5, name: 'Tursekk 30 l', description: 'Plass til en ekstra jakke.', mainGroupId: 3 },
  { id: 6, name: 'Skjult jakke', visible: false },
  { id: 7, name: 'Regnjakke', genderId: 2, colors: [3], price: 99_900, stock: { 2: 1 } },
  { id: 8, name: 'Hodelykt', mainGroupId: 3, brandId: 2, dateCreated: '2025-01-01T00:00:00Z' },
  { id: 9, name: 'Skallbukse', brandId: 3, colors: [4], stock: { 1: 0, 2: 3 } },
  { id: 10, name: 'BRA sokker', description: 'Gode sokker.' },
  { id: 11, name: 'Lue Swix', brandId: 1, description: 'Varm lue.' },
];

let db: DatabaseSync;

beforeAll(() => {
  db = openFixtureDatabase();
  insertFixtureArticles(db, catalogue);
  rebuildSearchIndex(db);
});

const ids = (query: string, filters?: string, sort?: string) =>
  searchArticles(db, {
    query,
    take: 100,
    page: 0,
    ...(filters === undefined ? {} : { filters }),
    ...(sort === undefined ? {} : { sort }),
  }).hits.map((hit) => hit.id);

describe('searchArticles text matching', () => {
  it('finds compounds by their tail', () => {
    expect(ids('jakke')).toEqual(expect.arrayContaining([1, 2, 7]));
    expect(ids('sko')).toContain(3);
  });

  it('folds Norwegian letters and case on both sides', () => {
    expect(ids('ullundertroye')).toEqual([4]);
    expect(ids('ULLUNDERTRØYE')).toEqual([4]);
    expect(ids('VINTERJAKKE')).toEqual([1]);
    expect(ids('tilbehor')).toEqual(expect.arrayContaining([5, 8]));
    expect(ids('Tilbehør')).toEqual(ids('tilbehor'));
  });

  it('requires every word to match', () => {
    expect(ids('jakke herre')).toEqual([1]);
    expect(ids('jakke hodelykt')).toEqual([]);
  });

  it('matches one or two letters at the start of a name word', () => {
    expect(ids('sk')).toEqual([9]);
    expect(ids('lu sw')).toEqual([11]);
    expect(ids('j')).toEqual([3]);
  });

  it('never returns invisible articles', () => {
    expect(ids('skjult')).toEqual([]);
    expect(ids('')).not.toContain(6);
    expect(searchArticleIds(db, { query: 'jakke' }).ids).not.toContain(6);
  });

  it('ranks name matches before brand or category, and those before description', () => {
    // Names (bestseller rank 1, then 3, then unranked) before the description-only match.
    expect(ids('jakke')).toEqual([2, 1, 7, 5]);
    // `swix` is the name of 11 and the brand of 8.
    expect(ids('swix')).toEqual([11, 8]);
    const hits = searchArticles(db, { query: 'jakke', take: 10, page: 0 }).hits;
    expect(hits.map((hit) => hit.score)).toEqual([1, 1, 1, 1 / 3]);
  });

  it('treats an empty query as every visible article, bestsellers first then by name', () => {
    const all = ids('  ');
    expect(all).toHaveLength(catalogue.length - 1);
    expect(all.slice(0, 3)).toEqual([2, 1, 10]);
  });
});

describe('searchArticles paging, filters and sorting', () => {
  it('pages zero-based with take and reports the total', () => {
    const first = searchArticles(db, { query: '', take: 4, page: 0 });
    const second = searchArticles(db, { query: '', take: 4, page: 1 });
    const last = searchArticles(db, { query: '', take: 4, page: 2 });
    const beyond = searchArticles(db, { query: '', take: 4, page: 9 });
    expect(first.total).toBe(10);
    expect([first.hits.length, second.hits.length, last.hits.length, beyond.hits.length]).toEqual([
      4, 4, 2, 0,
    ]);
    expect(beyond.total).toBe(10);
    const paged = [...first.hits, ...second.hits, ...last.hits].map((hit) => hit.id);
    expect(paged).toEqual(searchArticleIds(db, { query: '' }).ids);
  });

  it('combines filters with text', () => {
    expect(ids('jakke', 'GenderID = 2')).toEqual([2, 7]);
    expect(
      ids('jakke', 'GenderID = 2 AND colorGroups.ColorGroupID = 3 AND GrossPrice < 100000'),
    ).toEqual([7]);
    expect(ids('', 'available.ShopID = 2')).toEqual([7, 9]);
    expect(ids('', 'available.ShopID = 1')).toEqual([]);
    expect(
      searchArticles(db, { query: 'jakke', take: 1, page: 0, filters: 'GenderID = 2' }).total,
    ).toBe(2);
  });

  it('sorts by price, name, bestseller and date when asked', () => {
    expect(ids('jakke', undefined, 'price:asc')).toEqual([5, 7, 1, 2]);
    expect(ids('jakke', undefined, 'price:desc')).toEqual([2, 1, 7, 5]);
    expect(ids('jakke', undefined, 'name:asc')).toEqual([2, 7, 5, 1]);
    expect(ids('jakke', undefined, 'name:desc')).toEqual([1, 5, 7, 2]);
    expect(ids('jakke', undefined, 'bestseller:asc')).toEqual([2, 1, 7, 5]);
    expect(ids('', undefined, 'dateCreated:desc')[0]).toBe(8);
  });

  it('rejects a malformed filter, an unknown field and an unknown sort', () => {
    expect(() => ids('', 'GenderID =')).toThrow(FilterSyntaxError);
    expect(() => ids('', 'Colour = 3')).toThrow(/not filterable/u);
    expect(() => ids('', undefined, 'rating:desc')).toThrow(SearchSortError);
  });
});

describe('searchArticleIds', () => {
  it('answers every match in rank order', () => {
    expect(searchArticleIds(db, { query: 'jakke' })).toEqual({ total: 4, ids: [2, 1, 7, 5] });
    expect(searchArticleIds(db, { query: 'jakke', sort: 'price:asc' }).ids).toEqual([5, 7, 1, 2]);
    expect(searchArticleIds(db, { query: 'ingenting' })).toEqual({ total: 0, ids: [] });
  });
});

describe('indexer', () => {
  it('derives colour groups and shops with stock per article', () => {
    const rows = (sql: string) =>
      db
        .prepare(sql)
        .all()
        .map((row) => ({ ...row }));
    expect(
      rows('SELECT color_group_id AS g FROM article_color_groups WHERE article_id = 9'),
    ).toEqual([{ g: 4 }]);
    expect(
      rows(
        'SELECT shop_id AS shop, in_stock AS stock FROM article_shops WHERE article_id = 9 ORDER BY 1',
      ),
    ).toEqual([
      { shop: 1, stock: 0 },
      { shop: 2, stock: 1 },
    ]);
  });

  it('refreshes the stock of one article', () => {
    const fresh = openFixtureDatabase();
    insertFixtureArticles(fresh, [{ id: 1, name: 'Regnjakke', stock: { 1: 0, 2: 2 } }]);
    rebuildSearchIndex(fresh);
    const shops = () => searchArticleIds(fresh, { query: '', filters: 'available.ShopID = 1' }).ids;
    expect(shops()).toEqual([]);
    fresh.prepare('UPDATE stock SET qty = 5 WHERE shop_id = 1').run();
    expect(shops()).toEqual([]);
    refreshArticleStock(fresh, 1);
    expect(shops()).toEqual([1]);
  });

  it('rebuilds inside a caller transaction and builds on first search when never built', () => {
    const fresh = openFixtureDatabase();
    insertFixtureArticles(fresh, [{ id: 1, name: 'Dunjakke' }]);
    expect(searchArticleIds(fresh, { query: 'jakke' }).ids).toEqual([1]);
    fresh.exec('BEGIN');
    insertFixtureArticlesWithoutTransaction(fresh);
    rebuildSearchIndex(fresh);
    fresh.exec('COMMIT');
    expect(searchArticleIds(fresh, { query: 'jakke' }).ids).toEqual([1, 2]);
  });
});

function insertFixtureArticlesWithoutTransaction(target: DatabaseSync): void {
  target
    .prepare(
      `INSERT INTO articles (id, article_no, name, description, tech_description, wash_label,
         care_label, price, original_price, brand_id, gender_id, main_group_id, group2_id,
         group3_id, season, date_created, image_kind, image_color)
       VALUES (2, 'A2', 'Vinterjakke', '', '', '[]', '[]', 1, 1, 1, 1, 1, 1, 10, 'helår',
         '2024-01-01', 'jacket', '#000')`,
    )
    .run();
}
