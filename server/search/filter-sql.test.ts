import { finalPriceSql } from '../serialize/campaign.ts';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { filterTreeArbitrary } from './filter-arbitrary.ts';
import type { DatabaseSync } from 'node:sqlite';
import {
  type FilterNode,
  type FilterValue,
  FilterSyntaxError,
  filterNumber,
  parseFilter,
  printFilter,
} from './filter-parser.ts';
import { type SqlFragment, filterToSql, filterableFields } from './filter-sql.ts';
import { rebuildSearchIndex } from './indexer.ts';
import { searchArticleIds } from './search.ts';
import {
  type FixtureArticle,
  fixtureGenders,
  insertFixtureArticles,
  openFixtureDatabase,
} from '../test-support/search-articles.ts';

/** An article as the search engine's documents see it. */
interface Doc {
  visible: boolean;
  fields: Record<string, number[]>;
}

const prices = [9_900, 49_900, 49_950.5, 129_900];

/** A small catalogue where every field takes few values, so random filters hit often. */
function fixtureArticles(): FixtureArticle[] {
  return Array.from({ length: 40 }, (_, index) => {
    const id = index + 1;
    const stock: Record<number, number> = {};
    if (id % 2 === 0) stock[1] = id % 3;
    if (id % 3 === 0) stock[2] = 1;
    if (id % 5 === 0) stock[3] = 0;
    return {
      id,
      name: `Artikkel ${id}`,
      genderId: fixtureGenders[id % fixtureGenders.length] ?? 1,
      mainGroupId: 1 + (id % 4),
      brandId: 1 + (id % 3),
      productLineId: id % 3 === 0 ? null : 1 + (id % 2),
      price: prices[id % prices.length] ?? 0,
      featured: id % 4 === 0,
      onlyCC: id % 7 === 0,
      visible: id % 9 !== 0,
      colors: id % 6 === 0 ? [] : [1 + (id % 5), 1 + ((id * 2) % 5)],
      stock,
    };
  });
}

function docOf(article: FixtureArticle): Doc {
  const mainGroupId = article.mainGroupId ?? 1;
  const stock = Object.entries(article.stock ?? {});
  return {
    visible: article.visible !== false,
    fields: {
      ArticleID: [article.id],
      GenderID: [article.genderId ?? 1],
      ProductLineID: article.productLineId == null ? [] : [article.productLineId],
      GrossPrice: [article.price ?? 0],
      MainGroupID: [mainGroupId],
      ArticleGroup2ID: [article.group2Id ?? mainGroupId],
      ArticleGroup3ID: [article.group3Id ?? 10 * mainGroupId],
      BrandID: [article.brandId ?? 1],
      onlyCC: [article.onlyCC === true ? 1 : 0],
      featured: [article.featured === true ? 1 : 0],
      // Articles without variants have no colour groups and stock in no shop.
      'colorGroups.ColorGroupID': [...new Set(article.colors ?? [1])],
      'available.ShopID':
        (article.colors ?? [1]).length === 0
          ? []
          : stock.filter(([, qty]) => qty > 0).map(([shop]) => Number(shop)),
    },
  };
}

const flagFields = new Set(['onlyCC', 'featured']);

/** Meilisearch semantics, written independently of the SQL translation. */
function matches(node: FilterNode, doc: Doc): boolean {
  switch (node.type) {
    case 'and':
      return node.operands.every((operand) => matches(operand, doc));
    case 'or':
      return node.operands.some((operand) => matches(operand, doc));
    case 'not':
      return !matches(node.operand, doc);
    default:
      break;
  }
  const values = doc.fields[node.field];
  if (values === undefined) throw new Error(`unknown field ${node.field}`);
  const asNumber = (value: FilterValue): number | undefined => {
    if (value.type === 'number') return value.value;
    if (flagFields.has(node.field) && /^(true|false)$/iu.test(value.value)) {
      return value.value.toLowerCase() === 'true' ? 1 : 0;
    }
    return filterNumber(value.value);
  };
  switch (node.type) {
    case 'equality': {
      const wanted = asNumber(node.value);
      const equal = values.some((value) => value === wanted);
      return node.operator === '=' ? equal : !equal;
    }
    case 'comparison':
      return values.some((value) =>
        node.operator === '<'
          ? value < node.value
          : node.operator === '<='
            ? value <= node.value
            : node.operator === '>'
              ? value > node.value
              : value >= node.value,
      );
    case 'range':
      return values.some((value) => value >= node.from && value <= node.to);
    case 'in': {
      const wanted = node.values.map(asNumber);
      return values.some((value) => wanted.includes(value));
    }
    case 'exists':
      return values.length > 0;
  }
}

let db: DatabaseSync;
const articles = fixtureArticles();
const docs = new Map(articles.map((article) => [article.id, docOf(article)]));

beforeAll(() => {
  db = openFixtureDatabase();
  insertFixtureArticles(db, articles);
  rebuildSearchIndex(db);
});

function selectIds(fragment: SqlFragment): number[] {
  return db
    .prepare(
      `SELECT a.id AS id FROM articles a WHERE a.visible = 1 AND (${fragment.sql}) ORDER BY a.id`,
    )
    .all(...fragment.params)
    .map((row) => Number(row['id']));
}

function expectedIds(filter: FilterNode): number[] {
  return [...docs]
    .filter(([, doc]) => doc.visible && matches(filter, doc))
    .map(([id]) => id)
    .sort((a, b) => a - b);
}

describe('filterToSql', () => {
  it.each<[string, number[]]>([
    ['ArticleID = 1', [1]],
    ['ArticleID != 1 AND ArticleID < 4', [2, 3]],
    ['ArticleID IN [1, "2", x, 99]', [1, 2]],
    ['ArticleID NOT IN [1, 2] AND ArticleID <= 4', [3, 4]],
    ['ArticleID 3 TO 5', [3, 4, 5]],
    ['ArticleID > 38', [39, 40]],
    ['ArticleID >= 38 AND NOT ArticleID = 39', [38, 40]],
    ['ArticleID < 7 AND ProductLineID NOT EXISTS', [3, 6]],
    ['ArticleID < 4 AND ProductLineID EXISTS', [1, 2]],
    ['ArticleID < 7 AND ProductLineID != 2', [2, 3, 4, 6]],
    ['ArticleID < 9 AND featured = true', [4, 8]],
    ['ArticleID < 9 AND featured = 1', [4, 8]],
    ['ArticleID < 15 AND onlyCC = TRUE', [7, 14]],
    ['ArticleID < 4 AND featured = false', [1, 2, 3]],
    ['ArticleID < 4 AND GenderID = abc', []],
    ['ArticleID < 4 AND GenderID != abc', [1, 2, 3]],
    ['ArticleID < 13 AND colorGroups.ColorGroupID NOT EXISTS', [6, 12]],
    ['ArticleID < 7 AND available.ShopID = 1', [2, 4]],
    ['ArticleID < 11 AND available.ShopID EXISTS', [2, 3, 4, 8, 10]],
  ])('%s selects %j', (filter, ids) => {
    expect(selectIds(filterToSql(parseFilter(filter)))).toEqual(ids);
    expect(expectedIds(parseFilter(filter))).toEqual(ids);
  });

  it('binds every value and never interpolates one', () => {
    const fragment = filterToSql(
      parseFilter(
        `GenderID = "1'; DROP TABLE articles; --" OR GrossPrice 1 TO 2 OR BrandID IN [7]`,
      ),
    );
    expect(fragment.sql).not.toMatch(/DROP|'/u);
    expect(fragment.params).toEqual([1, 2, 7]);
    expect(fragment.sql).toContain(`${finalPriceSql('a')} BETWEEN ? AND ?`);
  });

  it('treats != on a dotted field as the complement of =, as Meilisearch does', () => {
    const without3 = selectIds(filterToSql(parseFilter('colorGroups.ColorGroupID != 3')));
    const with3 = selectIds(filterToSql(parseFilter('colorGroups.ColorGroupID = 3')));
    const all = selectIds({ sql: '1', params: [] });
    expect(with3.length).toBeGreaterThan(0);
    expect([...without3, ...with3].sort((a, b) => a - b)).toEqual(all);
  });

  it('rejects an unknown or differently cased field with its position', () => {
    for (const [filter, position] of [
      ['GenderID = 1 AND Colour = 3', 17],
      ['genderid = 1', 0],
      ['NOT (x EXISTS)', 5],
    ] as const) {
      let error: unknown;
      try {
        filterToSql(parseFilter(filter));
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(FilterSyntaxError);
      expect((error as FilterSyntaxError).position).toBe(position);
      expect((error as FilterSyntaxError).message).toMatch(/^Attribute `\w+` is not filterable/u);
    }
  });
});

const fieldArb = fc.constantFrom(...filterableFields);
const numberArb = fc.oneof(
  fc.integer({ min: -1, max: 45 }),
  fc.constantFrom(...prices, 0, 1, 10, 20, 30, 40, 1.5),
);
const valueArb: fc.Arbitrary<FilterValue> = fc.oneof(
  numberArb.map((value) => ({ type: 'number' as const, value })),
  fc
    .oneof(fc.constantFrom('true', 'FALSE', 'abc', ' 1', '1e1', ''), numberArb.map(String))
    .map((value) => ({ type: 'string' as const, value })),
);
const treeArb = filterTreeArbitrary(fieldArb, valueArb, numberArb, 3);

describe('filterToSql properties', () => {
  it('selects exactly what an in-memory Meilisearch evaluator selects', () => {
    fc.assert(
      fc.property(treeArb, (tree) => {
        expect(selectIds(filterToSql(tree))).toEqual(expectedIds(tree));
      }),
      { numRuns: 1000 },
    );
  });

  it('selects the same through the search documents as through articles', () => {
    fc.assert(
      fc.property(treeArb, (tree) => {
        const found = searchArticleIds(db, { query: '', filters: printFilter(tree) }).ids;
        expect(found.sort((a, b) => a - b)).toEqual(expectedIds(tree));
      }),
      { numRuns: 300 },
    );
  });

  it('never produces SQL that fails, whatever the input string', () => {
    const fields = fc.constantFrom(...filterableFields, 'Unknown', 'ArticleId');
    const nearlyValid = fc
      .tuple(treeArb.map(printFilter), fc.nat(), fc.string({ unit: 'binary', maxLength: 4 }))
      .map(([text, at, insert]) => {
        const index = at % (text.length + 1);
        return text.slice(0, index) + insert + text.slice(index);
      });
    const injections = fc
      .tuple(
        fields,
        fc.constantFrom('=', '!=', '<', 'IN'),
        fc.constantFrom(
          `"'; DROP TABLE articles; --"`,
          `'1 OR 1=1'`,
          '1 OR 1=1',
          '"\u0000"',
          '"ø\u0301 🙂"',
          '["a", 1, "); --"]',
          '1; DELETE FROM articles',
        ),
      )
      .map((parts) => parts.join(' '));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), nearlyValid, injections), (input) => {
        let fragment: SqlFragment;
        try {
          fragment = filterToSql(parseFilter(input));
        } catch (error) {
          expect(error).toBeInstanceOf(FilterSyntaxError);
          return;
        }
        expect(() => selectIds(fragment)).not.toThrow();
      }),
      { numRuns: 1000 },
    );
    expect(db.prepare('SELECT count(*) AS n FROM articles').get()?.['n']).toBe(articles.length);
  });
});
