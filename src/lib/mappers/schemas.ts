/**
 * Valibot schemas of the `/api/v1` answers the build reads (contract/), checked once where an
 * answer enters: src/lib/api/checked-client.ts, which the build-time client uses. Build time
 * only: no browser code imports this module, so valibot never reaches a page's JavaScript;
 * in the browser the mappers' own light checks (common.ts) stand guard.
 *
 * Two levels. An answer's container (the list, the paginator, the search hits, the tenant
 * object) must match its schema or the build fails naming the URL and the first bad field.
 * The items in it are checked one by one against the fields the shop cannot do without: a bad
 * item is logged as 'Missing data' with its id and skipped, the rest of the answer is kept.
 */

import * as v from 'valibot';

const num = v.pipe(v.number(), v.finite());
const int = v.pipe(v.number(), v.integer());
const anyList = v.array(v.unknown());

/** Laravel's paginator metadata. */
const pageMeta = v.looseObject({ current_page: int, last_page: int, total: int });

const article = v.looseObject({ id: int, name: v.string(), price: num });
const group = v.looseObject({
  id: int,
  name: v.string(),
  articleGroup2ID: int,
  articleGroup3ID: int,
});
const productLine = v.looseObject({ ProductLineID: int, Name: v.string() });
const category = v.looseObject({
  id: int,
  name: v.string(),
  // Checked one by one by the mapper (toSubcategory): a bad subcategory is skipped by itself,
  // as a bad group is, and never takes its main group and every page under it along.
  subcategories: v.optional(anyList),
  availableProductlines: v.optional(anyList),
});
const campaign = v.looseObject({
  id: int,
  name: v.string(),
  items: v.optional(anyList),
  articles: v.optional(anyList),
});
const homeSlot = v.looseObject({ type: v.string(), ids: anyList });
const blogPost = v.looseObject({ id: int, title: v.string() });
const blogCategory = v.looseObject({ id: int, name: v.string() });

/** A list of items of one kind, where one bad item is skipped rather than failing the build. */
export interface ItemRule {
  /** The kind of item, for 'Missing data'. */
  kind: string;
  schema: v.GenericSchema;
  /** Where the list is in the answer: `[]` for a top-level list, `['data']`, `['hits', 'hits']`. */
  at: readonly string[];
}

/** What one endpoint answers: its container's schema and the lists of items inside it. */
export interface AnswerRule {
  /** Matches the request path relative to the base, without a query. */
  path: RegExp;
  method?: 'GET' | 'POST';
  answer: v.GenericSchema;
  items?: ItemRule;
}

const listOf = (kind: string, schema: v.GenericSchema): Pick<AnswerRule, 'answer' | 'items'> => ({
  answer: anyList,
  items: { kind, schema, at: [] },
});

/** The answers the build reads, by path. A path not listed here is not checked. */
export const ANSWER_RULES: readonly AnswerRule[] = [
  { path: /^categories$/, ...listOf('category', category) },
  {
    path: /^categories\/\d+\/articles$/,
    answer: v.looseObject({ data: anyList, meta: pageMeta }),
    items: { kind: 'article', schema: article, at: ['data'] },
  },
  { path: /^subcategories\/\d+\/groups$/, ...listOf('group', group) },
  { path: /^subcategories\/\d+\/articles$/, ...listOf('article', article) },
  { path: /^articles\/bundle$/, ...listOf('article', article) },
  { path: /^articles\/\d+$/, answer: v.looseObject({ id: int }) },
  {
    path: /^articles\/changes$/,
    answer: v.looseObject({ cursor: v.string(), articleIds: v.nullable(v.array(int)) }),
  },
  {
    path: /^articles\/search$/,
    method: 'POST',
    answer: v.looseObject({
      hits: v.looseObject({ total: v.looseObject({ value: int }), hits: anyList }),
    }),
    items: {
      kind: 'article',
      schema: v.looseObject({ _source: article }),
      at: ['hits', 'hits'],
    },
  },
  {
    path: /^articles\/searchids$/,
    method: 'POST',
    answer: v.looseObject({ ids: v.array(v.number()), total: int }),
  },
  { path: /^articles\/brand$/, ...listOf('brand', v.looseObject({ id: int, name: v.string() })) },
  { path: /^productlines$/, ...listOf('product line', productLine) },
  { path: /^genders$/, ...listOf('gender', v.looseObject({ id: int, name: v.string() })) },
  {
    path: /^colorgroups$/,
    ...listOf('color group', v.looseObject({ id: int, name: v.string() })),
  },
  {
    path: /^bestsellers$/,
    ...listOf('bestseller', v.looseObject({ article_id: int, qty_rank: num, turnover_rank: num })),
  },
  { path: /^shops$/, ...listOf('shop', v.looseObject({ id: int, name: v.string() })) },
  {
    path: /^postalcodes$/,
    ...listOf('postal code', v.looseObject({ code: v.string(), CoordLat: num, CoordLong: num })),
  },
  {
    path: /^shipping_methods$/,
    ...listOf('shipping method', v.looseObject({ id: v.string(), name: v.string(), price: num })),
  },
  {
    path: /^campaigns\/(combined\/articles)?$/,
    answer: v.looseObject({ data: anyList }),
    items: { kind: 'campaign', schema: campaign, at: ['data'] },
  },
  {
    path: /^tenant\/get$/,
    answer: v.looseObject({
      id: v.string(),
      name: v.string(),
      flags: v.looseObject({}),
      menuCategories: v.optional(anyList),
    }),
  },
  // A poll is one item: one lacking its name is skipped as 'Missing data' by its mapper
  // (toPoll, which the browser runs too), and the page says no poll runs.
  { path: /^polls\/(active|\d+)$/, answer: v.looseObject({}) },
  {
    path: /^settings$/,
    answer: v.looseObject({
      tenant: v.string(),
      home: v.array(v.unknown()),
      previews: v.record(v.string(), anyList),
    }),
    items: { kind: 'home slot', schema: homeSlot, at: ['home'] },
  },
  {
    path: /^blog\/posts$/,
    answer: v.looseObject({ data: anyList, meta: pageMeta }),
    items: { kind: 'blog post', schema: blogPost, at: ['data'] },
  },
  { path: /^blog\/categories$/, ...listOf('blog category', blogCategory) },
];

/** The rule for a request, or undefined when the path is not checked. */
export function ruleFor(method: string, path: string): AnswerRule | undefined {
  const bare = path.split('?')[0] ?? path;
  return ANSWER_RULES.find((r) => (r.method ?? 'GET') === method && r.path.test(bare));
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string') {
    const text = value.trimStart();
    return text.startsWith('<')
      ? `text (not JSON: ${JSON.stringify(text.slice(0, 40))})`
      : 'string';
  }
  return typeof value;
}

/** `$`, `$[3]`, `$.data[0].name`: a valibot issue's path from the root of the answer. */
function pathOf(base: string, issue: v.BaseIssue<unknown>): string {
  let path = base;
  for (const item of issue.path ?? []) {
    const key = item.key;
    path += typeof key === 'number' ? `[${String(key)}]` : `.${String(key)}`;
  }
  return path;
}

/** The first problem of `value` against `schema`, as `path: expected …, got …`; null if none. */
export function firstProblem(schema: v.GenericSchema, value: unknown, base = '$'): string | null {
  const result = v.safeParse(schema, value, { abortEarly: true });
  if (result.success) return null;
  const issue = result.issues[0];
  // valibot names a missing key as what it expected (`"meta"`).
  if (issue.input === undefined && issue.expected?.startsWith('"')) {
    return `${pathOf(base, issue)}: missing`;
  }
  return `${pathOf(base, issue)}: expected ${issue.expected ?? 'something else'}, got ${describe(issue.input)}`;
}
