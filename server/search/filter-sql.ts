/**
 * Translates a parsed filter into a parameterised SQL condition over `articles a`.
 *
 * Values are only ever bound (`?`); field names come from the whitelist below.
 *
 * Semantics follow Meilisearch, including on the array fields:
 * - `=`, `<`, `<=`, `>`, `>=`, `TO`, `IN` on a dotted field match when ANY element matches.
 * - `!=` is the complement of `=` (Meilisearch: "returns all documents not selected by the
 *   equality operator"), so `colorGroups.ColorGroupID != 3` selects articles WITHOUT colour
 *   group 3, not "articles with some other colour group". `NOT x IN [...]` likewise.
 *   This keeps the reference backend interchangeable with the chain's real search engine.
 * - `EXISTS` on the nullable `ProductLineID` means NOT NULL; on a dotted field it means at
 *   least one element (for `available.ShopID`: in stock in at least one shop).
 * - Every field is numeric. A value that spells a number (bare or quoted) compares as that
 *   number; `true`/`false` stand for 1/0 on the flag fields `onlyCC` and `featured`; any
 *   other string equals nothing, as a string never equals a number in Meilisearch.
 */
import { finalPriceSql } from '../serialize/campaign.ts';
import {
  type ConditionNode,
  type FilterNode,
  type FilterValue,
  FilterSyntaxError,
  fieldPosition,
  filterNumber,
} from './filter-parser.ts';

/** A bound SQL parameter. */
export type SqlParam = number | string;

/** A SQL boolean expression with its positional parameters. */
export interface SqlFragment {
  sql: string;
  params: SqlParam[];
}

interface ColumnField {
  kind: 'column';
  column: string;
  nullable: boolean;
  flag: boolean;
}
interface ElementField {
  kind: 'elements';
  /** The ids of articles with an element, as a subquery ending in a WHERE condition. */
  from: string;
  column: string;
}
type FieldSpec = ColumnField | ElementField;

const column = (name: string, options: { nullable?: boolean; flag?: boolean } = {}): FieldSpec => ({
  kind: 'column',
  column: `a.${name}`,
  nullable: options.nullable ?? false,
  flag: options.flag ?? false,
});

const fields: ReadonlyMap<string, FieldSpec> = new Map([
  ['ArticleID', column('id')],
  ['GenderID', column('gender_id')],
  ['ProductLineID', column('product_line_id', { nullable: true })],
  ['GrossPrice', { kind: 'column', column: finalPriceSql('a'), nullable: false, flag: false }],
  ['MainGroupID', column('main_group_id')],
  ['ArticleGroup2ID', column('group2_id')],
  ['ArticleGroup3ID', column('group3_id')],
  ['BrandID', column('brand_id')],
  ['onlyCC', column('only_cc', { flag: true })],
  ['featured', column('featured', { flag: true })],
  [
    'colorGroups.ColorGroupID',
    {
      kind: 'elements',
      from: 'SELECT e.article_id FROM article_color_groups e WHERE 1',
      column: 'e.color_group_id',
    },
  ],
  [
    'available.ShopID',
    {
      kind: 'elements',
      from: 'SELECT e.article_id FROM article_shops e WHERE e.in_stock = 1',
      column: 'e.shop_id',
    },
  ],
]);

/** The fields a filter may name, as the shop spells them (case-sensitive). */
export const filterableFields: readonly string[] = [...fields.keys()];

/** The number a value stands for on a field, or undefined when it can equal nothing there. */
function numericValue(value: FilterValue, spec: FieldSpec): number | undefined {
  if (value.type === 'number') return value.value;
  const parsed = filterNumber(value.value);
  if (parsed !== undefined) return parsed;
  if (spec.kind === 'column' && spec.flag) {
    const word = value.value.toLowerCase();
    if (word === 'true') return 1;
    if (word === 'false') return 0;
  }
  return undefined;
}

function fieldSpec(node: ConditionNode): FieldSpec {
  const spec = fields.get(node.field);
  if (spec === undefined) {
    const available = filterableFields.map((name) => `\`${name}\``).join(', ');
    throw new FilterSyntaxError(
      `Attribute \`${node.field}\` is not filterable. Available filterable attributes are: ${available}.`,
      fieldPosition(node) ?? 0,
    );
  }
  return spec;
}

/** Applies `test` (SQL with `?` for the value) to a field; never yields SQL NULL. */
function onField(
  spec: FieldSpec,
  test: (column: string) => string,
  params: SqlParam[],
): SqlFragment {
  if (spec.kind === 'elements') {
    // Uncorrelated, so SQLite runs it once off the (element, article) index for all rows.
    return { sql: `a.id IN (${spec.from} AND ${test(spec.column)})`, params };
  }
  // NULL would turn NOT (...) into NULL and drop the row, where Meilisearch keeps it.
  const sql = spec.nullable
    ? `(${spec.column} IS NOT NULL AND ${test(spec.column)})`
    : test(spec.column);
  return { sql, params };
}

const never: SqlFragment = { sql: '0', params: [] };
const always: SqlFragment = { sql: '1', params: [] };

function conditionToSql(node: ConditionNode): SqlFragment {
  const spec = fieldSpec(node);
  switch (node.type) {
    case 'equality': {
      const value = numericValue(node.value, spec);
      const equals = value === undefined ? never : onField(spec, (c) => `${c} = ?`, [value]);
      return node.operator === '=' ? equals : { sql: `NOT (${equals.sql})`, params: equals.params };
    }
    case 'comparison':
      return onField(spec, (c) => `${c} ${node.operator} ?`, [node.value]);
    case 'range':
      return onField(spec, (c) => `${c} BETWEEN ? AND ?`, [node.from, node.to]);
    case 'in': {
      const values = [...new Set(node.values.flatMap((value) => numericValue(value, spec) ?? []))];
      if (values.length === 0) return never;
      // The parser's condition limit counts list values, which keeps this far below
      // SQLite's parameter limit.
      const placeholders = values.map(() => '?').join(', ');
      return onField(spec, (c) => `${c} IN (${placeholders})`, values);
    }
    case 'exists':
      if (spec.kind === 'elements') return { sql: `a.id IN (${spec.from})`, params: [] };
      return spec.nullable ? { sql: `${spec.column} IS NOT NULL`, params: [] } : always;
  }
}

/** Joins operands as a balanced tree, so the SQL expression depth grows with log(n). */
function joinBalanced(parts: SqlFragment[], operator: 'AND' | 'OR'): SqlFragment {
  if (parts.length === 0) return operator === 'AND' ? always : never;
  if (parts.length === 1 && parts[0] !== undefined) return parts[0];
  const middle = Math.ceil(parts.length / 2);
  const left = joinBalanced(parts.slice(0, middle), operator);
  const right = joinBalanced(parts.slice(middle), operator);
  return {
    sql: `(${left.sql} ${operator} ${right.sql})`,
    params: [...left.params, ...right.params],
  };
}

/**
 * Translates a filter tree into a SQL condition over `articles a`, to be placed in a WHERE
 * clause with its params bound in order.
 * @throws FilterSyntaxError naming the attribute when a field is not filterable.
 */
export function filterToSql(node: FilterNode): SqlFragment {
  switch (node.type) {
    case 'and':
    case 'or':
      return joinBalanced(node.operands.map(filterToSql), node.type === 'and' ? 'AND' : 'OR');
    case 'not': {
      const inner = filterToSql(node.operand);
      return { sql: `NOT (${inner.sql})`, params: inner.params };
    }
    default:
      return conditionToSql(node);
  }
}
