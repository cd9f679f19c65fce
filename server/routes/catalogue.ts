import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { articleChanges, dataRevision } from '../db/revision.ts';
import { cachedStatement } from '../db/statement-cache.ts';
import { Hono } from 'hono';
import type {
  ApiArticleOrderBy,
  ApiBestseller,
  ApiCampaign,
  ApiCampaignArticleIds,
  ApiCampaignWithArticles,
  ApiCategory,
  ApiColorGroup,
  ApiDataList,
  ApiGender,
  ApiGroup,
  ApiPaginated,
  ApiProductLine,
  ApiSubcategory,
} from '../../contract/index.ts';
import { CATALOGUE_CACHE, jsonWithCache } from '../http/cache.ts';
import type { AppEnv } from '../http/env.ts';
import { notFound, validationError } from '../http/errors.ts';
import { pageMeta } from '../http/paginate.ts';
import { enumParam, optionalIntParam, parseIntParam } from '../http/params.ts';
import { serializeArticles } from '../serialize/article.ts';
import { toApiFlag } from '../serialize/flag.ts';
import {
  CAMPAIGN_COLUMNS,
  type CampaignRow,
  finalPriceSql,
  toApiCampaign,
} from '../serialize/campaign.ts';
import { type Assortment, tenantAssortment, visibleScope } from './catalogue-scope.ts';

/** Page size the shop's category pages use; `last_page` of a category is counted with it. */
export const CATEGORY_PAGE_SIZE = 20;
/** Largest `per_page` of `GET categories/{id}/articles`. */
export const MAX_PER_PAGE = 100;
/** Rank of an article without bestseller data when sorting by Bestseller (docs/spec.md §9). */
export const DEFAULT_BESTSELLER_RANK = 9999;

const collator = new Intl.Collator('nb-NO');
const byName =
  <T>(name: (item: T) => string) =>
  (x: T, y: T) =>
    collator.compare(name(x), name(y));

const ORDER_BY: readonly ApiArticleOrderBy[] = ['Name', 'Price', 'Bestseller', 'DateCreated'];
const ORDER: readonly ('asc' | 'desc')[] = ['asc', 'desc'];

// Ties keep a stable order across pages by falling back to the id.
function orderClause(orderBy: ApiArticleOrderBy, order: 'asc' | 'desc'): string {
  const dir = order === 'asc' ? 'ASC' : 'DESC';
  switch (orderBy) {
    case 'Name':
      return `a.name_sort ${dir}, a.name ${dir}, a.id`;
    case 'Price':
      return `${finalPriceSql('a')} ${dir}, a.id`;
    case 'Bestseller':
      return `COALESCE(b.qty_rank, ${String(DEFAULT_BESTSELLER_RANK)}) ${dir}, a.id`;
    case 'DateCreated':
      return `a.date_created ${dir}, a.id`;
  }
}

// Statements are prepared once per connection: preparing costs more than running them.
function all<T>(db: DatabaseSync, sql: string, params: SQLInputValue[] = []): T[] {
  return cachedStatement(db, sql).all(...params) as T[];
}

/** Parses a comma list of positive ids (`genders=1,2`), or throws 422 naming `field`. */
export function parseIdList(value: string, field: string, maxItems: number): number[] {
  const parts = value.split(',');
  if (parts.length > maxItems) {
    throw validationError({
      [field]: [`The ${field} field may not have more than ${String(maxItems)} items.`],
    });
  }
  return parts.map((part) => parseIntParam(part.trim(), field));
}

interface GroupStatsRow {
  main_group_id: number;
  group2_id: number;
  group3_id: number;
  n: number;
  min_price: number;
  max_price: number;
}

interface Stats {
  count: number;
  min: number;
  max: number;
}

function addStats(into: Map<number, Stats>, id: number, row: GroupStatsRow): void {
  const current = into.get(id);
  if (current === undefined) {
    into.set(id, { count: row.n, min: row.min_price, max: row.max_price });
  } else {
    current.count += row.n;
    current.min = Math.min(current.min, row.min_price);
    current.max = Math.max(current.max, row.max_price);
  }
}

/**
 * Main groups with their subcategories and groups. Only what a shopper can reach is listed:
 * groups, subcategories and categories without a visible article (in the assortment) are
 * left out. Prices are whole øre, rounded outwards so the range covers every article.
 */
export function listCategories(db: DatabaseSync, assortment: Assortment | null): ApiCategory[] {
  const scope = visibleScope(assortment);
  const stats = all<GroupStatsRow>(
    db,
    // Materialised, so each article's final price is worked out once, not for MIN and MAX
    // apart (0.35 → 0.09 s at 50,000 articles, in every build's start).
    `WITH priced AS MATERIALIZED (
       SELECT a.main_group_id, a.group2_id, a.group3_id, ${finalPriceSql('a')} AS price
       FROM articles a WHERE ${scope.sql})
     SELECT main_group_id, group2_id, group3_id, COUNT(*) AS n,
            MIN(price) AS min_price, MAX(price) AS max_price
     FROM priced GROUP BY main_group_id, group2_id, group3_id`,
    scope.params,
  );
  const mainStats = new Map<number, Stats>();
  const group2Stats = new Map<number, Stats>();
  const group3Ids = new Set<number>();
  for (const row of stats) {
    addStats(mainStats, row.main_group_id, row);
    addStats(group2Stats, row.group2_id, row);
    group3Ids.add(row.group3_id);
  }

  const groups = new Map<number, ApiGroup[]>();
  for (const g of all<{ id: number; group2_id: number; name: string }>(
    db,
    'SELECT id, group2_id, name FROM groups3',
  )) {
    if (!group3Ids.has(g.id)) continue;
    const group: ApiGroup = {
      id: g.id,
      name: g.name,
      articleGroup2ID: g.group2_id,
      articleGroup3ID: g.id,
    };
    const list = groups.get(g.group2_id);
    if (list === undefined) groups.set(g.group2_id, [group]);
    else list.push(group);
  }

  const subcategories = new Map<number, ApiSubcategory[]>();
  for (const g of all<{ id: number; main_group_id: number; name: string; custom: number }>(
    db,
    'SELECT id, main_group_id, name, custom FROM groups2',
  )) {
    const s = group2Stats.get(g.id);
    if (s === undefined) continue;
    const sub: ApiSubcategory = {
      ArticleGroup2ID: g.id,
      MainGroupID: g.main_group_id,
      Name: g.name,
      minPrice: Math.floor(s.min),
      maxPrice: Math.ceil(s.max),
      articlesCount: s.count,
      custom: toApiFlag(g.custom),
      groups: (groups.get(g.id) ?? []).sort(byName((x) => x.name)),
    };
    const list = subcategories.get(g.main_group_id);
    if (list === undefined) subcategories.set(g.main_group_id, [sub]);
    else list.push(sub);
  }

  const productLines = new Map<number, ApiProductLine[]>();
  for (const pl of all<{ main_group_id: number; id: number; name: string }>(
    db,
    `SELECT DISTINCT a.main_group_id, pl.id, pl.name
     FROM articles a JOIN product_lines pl ON pl.id = a.product_line_id
     WHERE ${scope.sql}`,
    scope.params,
  )) {
    const line: ApiProductLine = { ProductLineID: pl.id, Name: pl.name };
    const list = productLines.get(pl.main_group_id);
    if (list === undefined) productLines.set(pl.main_group_id, [line]);
    else list.push(line);
  }

  const categories: ApiCategory[] = [];
  for (const mg of all<{
    id: number;
    name: string;
    banner: string | null;
    banner_link: string | null;
  }>(db, 'SELECT id, name, banner, banner_link FROM main_groups ORDER BY sort, id')) {
    const s = mainStats.get(mg.id);
    if (s === undefined) continue;
    categories.push({
      id: mg.id,
      name: mg.name,
      count: s.count,
      banner: mg.banner,
      bannerLink: mg.banner_link,
      current_page: 1,
      last_page: Math.max(1, Math.ceil(s.count / CATEGORY_PAGE_SIZE)),
      minPrice: Math.floor(s.min),
      maxPrice: Math.ceil(s.max),
      subcategories: (subcategories.get(mg.id) ?? []).sort(byName((x) => x.Name)),
      availableProductlines: (productLines.get(mg.id) ?? []).sort(byName((x) => x.Name)),
    });
  }
  return categories;
}

/** Options of {@link listCategoryArticleIds}. */
export interface CategoryArticlesQuery {
  page: number;
  perPage: number;
  orderBy: ApiArticleOrderBy;
  order: 'asc' | 'desc';
  genders: number[] | null;
}

/** One page of the visible article ids of a main group, sorted, and the total count. */
export function listCategoryArticleIds(
  db: DatabaseSync,
  mainGroupId: number,
  assortment: Assortment | null,
  query: CategoryArticlesQuery,
): { ids: number[]; total: number } {
  const scope = visibleScope(assortment);
  let where = `a.main_group_id = ? AND ${scope.sql}`;
  const params: SQLInputValue[] = [mainGroupId, ...scope.params];
  if (query.genders !== null) {
    where += ' AND a.gender_id IN (SELECT value FROM json_each(?))';
    params.push(JSON.stringify(query.genders));
  }
  const count = db
    .prepare(`SELECT COUNT(*) AS n FROM articles a WHERE ${where}`)
    .get(...params) as {
    n: number;
  };
  const rows = all<{ id: number }>(
    db,
    `SELECT a.id FROM articles a LEFT JOIN bestsellers b ON b.article_id = a.id
     WHERE ${where}
     ORDER BY ${orderClause(query.orderBy, query.order)}
     LIMIT ? OFFSET ?`,
    [...params, query.perPage, (query.page - 1) * query.perPage],
  );
  return { ids: rows.map((r) => r.id), total: count.n };
}

/**
 * Campaigns not yet ended (running and pending), soonest first, each with the ids of its
 * items on articles a shopper may see.
 */
function currentCampaigns(
  db: DatabaseSync,
  now: Date,
  assortment: Assortment | null,
): Array<{ row: CampaignRow; items: Array<{ itemId: number; articleId: number }> }> {
  const rows = all<CampaignRow>(
    db,
    `SELECT ${CAMPAIGN_COLUMNS} FROM campaigns WHERE end > ? ORDER BY start, id`,
    [now.toISOString()],
  );
  const scope = visibleScope(assortment);
  const items = all<{ id: number; campaign_id: number; article_id: number }>(
    db,
    `SELECT ci.id, ci.campaign_id, ci.article_id
     FROM campaign_items ci JOIN campaigns c ON c.id = ci.campaign_id
     JOIN articles a ON a.id = ci.article_id
     WHERE c.end > ? AND ci.removed_at IS NULL AND ${scope.sql}
     ORDER BY ci.campaign_id, ci.id`,
    [now.toISOString(), ...scope.params],
  );
  // Grouped once: filtering every item for each campaign took 0.1 s with 150 campaigns.
  const byCampaign = Map.groupBy(items, (i) => i.campaign_id);
  return rows.map((row) => ({
    row,
    items: (byCampaign.get(row.id) ?? []).map((i) => ({ itemId: i.id, articleId: i.article_id })),
  }));
}

/** The ids of a campaign's articles, each once, where its first item stands. */
function campaignArticleIds(items: Array<{ articleId: number }>): number[] {
  return [...new Set(items.map((i) => i.articleId))];
}

/** Catalogue routes of `/api/v1` (categories, groups, reference lists, campaigns). */
export const catalogueRoutes = new Hono<AppEnv>();

catalogueRoutes.get('/categories', (c) => {
  const assortment = tenantAssortment(c.get('db'), c.req.query('tenant'));
  const body: ApiCategory[] = listCategories(c.get('db'), assortment);
  return jsonWithCache(c, body, CATALOGUE_CACHE);
});

catalogueRoutes.get('/categories/:id/articles', (c) => {
  const db = c.get('db');
  const id = parseIntParam(c.req.param('id'), 'id');
  const page = optionalIntParam(c.req.query('page'), 'page', 1);
  const perPage = optionalIntParam(c.req.query('per_page'), 'per_page', CATEGORY_PAGE_SIZE, {
    max: MAX_PER_PAGE,
  });
  const orderBy = enumParam(c.req.query('orderBy'), 'orderBy', ORDER_BY, 'Name');
  const order = enumParam(c.req.query('order'), 'order', ORDER, 'asc');
  const gendersParam = c.req.query('genders');
  const genders =
    gendersParam === undefined || gendersParam === ''
      ? null
      : parseIdList(gendersParam, 'genders', 20);
  const assortment = tenantAssortment(db, c.req.query('tenant'));
  if (db.prepare('SELECT 1 FROM main_groups WHERE id = ?').get(id) === undefined) {
    throw notFound('Category');
  }
  const { ids, total } = listCategoryArticleIds(db, id, assortment, {
    page,
    perPage,
    orderBy,
    order,
    genders,
  });
  const data = serializeArticles(db, ids, c.get('now')());
  const body: ApiPaginated<(typeof data)[number]> = {
    data,
    meta: pageMeta(page, perPage, total, data.length),
  };
  return jsonWithCache(c, body, CATALOGUE_CACHE);
});

catalogueRoutes.get('/subcategories/:id/groups', (c) => {
  const db = c.get('db');
  const id = parseIntParam(c.req.param('id'), 'id');
  const assortment = tenantAssortment(db, c.req.query('tenant'));
  if (db.prepare('SELECT 1 FROM groups2 WHERE id = ?').get(id) === undefined) {
    throw notFound('Subcategory');
  }
  const scope = visibleScope(assortment);
  const body: ApiGroup[] = all<{ id: number; name: string }>(
    db,
    `SELECT g3.id, g3.name FROM groups3 g3
     WHERE g3.group2_id = ?
       AND EXISTS (SELECT 1 FROM articles a WHERE a.group3_id = g3.id AND ${scope.sql})`,
    [id, ...scope.params],
  )
    .map((g) => ({ id: g.id, name: g.name, articleGroup2ID: id, articleGroup3ID: g.id }))
    .sort(byName((g) => g.name));
  return jsonWithCache(c, body, CATALOGUE_CACHE);
});

catalogueRoutes.get('/subcategories/:id/articles', (c) => {
  const db = c.get('db');
  const id = parseIntParam(c.req.param('id'), 'id');
  const assortment = tenantAssortment(db, c.req.query('tenant'));
  if (db.prepare('SELECT 1 FROM groups2 WHERE id = ?').get(id) === undefined) {
    throw notFound('Subcategory');
  }
  const scope = visibleScope(assortment);
  const ids = all<{ id: number }>(
    db,
    `SELECT a.id FROM articles a WHERE a.group2_id = ? AND ${scope.sql}
     ORDER BY ${orderClause('Name', 'asc')}`,
    [id, ...scope.params],
  ).map((r) => r.id);
  return jsonWithCache(c, serializeArticles(db, ids, c.get('now')()), CATALOGUE_CACHE);
});

catalogueRoutes.get('/productlines', (c) => {
  const body: ApiProductLine[] = all<{ id: number; name: string }>(
    c.get('db'),
    'SELECT id, name FROM product_lines',
  )
    .map((pl) => ({ ProductLineID: pl.id, Name: pl.name }))
    .sort(byName((pl) => pl.Name));
  return jsonWithCache(c, body, CATALOGUE_CACHE);
});

catalogueRoutes.get('/genders', (c) => {
  const body: ApiGender[] = all<ApiGender>(c.get('db'), 'SELECT id, name FROM genders ORDER BY id');
  return jsonWithCache(c, body, CATALOGUE_CACHE);
});

catalogueRoutes.get('/colorgroups', (c) => {
  const body: ApiColorGroup[] = all<{
    id: number;
    label: string;
    name: string;
    hex: string | null;
    color_id: number;
  }>(c.get('db'), 'SELECT id, label, name, hex, color_id FROM color_groups ORDER BY id').map(
    (g) => ({ id: g.id, label: g.label, name: g.name, hex: g.hex, colorId: g.color_id }),
  );
  return jsonWithCache(c, body, CATALOGUE_CACHE);
});

catalogueRoutes.get('/bestsellers', (c) => {
  const body: ApiBestseller[] = all<ApiBestseller>(
    c.get('db'),
    `SELECT b.article_id, b.qty_rank, b.turnover_rank
     FROM bestsellers b JOIN articles a ON a.id = b.article_id
     WHERE a.visible = 1 ORDER BY b.qty_rank, b.article_id`,
  );
  return jsonWithCache(c, body, CATALOGUE_CACHE);
});

// The shop calls `campaigns/` with the slash; Hono's strict routing tells the two apart.
for (const path of ['/campaigns', '/campaigns/']) {
  catalogueRoutes.get(path, (c) => {
    const assortment = tenantAssortment(c.get('db'), c.req.query('tenant'));
    const body: ApiDataList<ApiCampaign> = {
      data: currentCampaigns(c.get('db'), c.get('now')(), assortment).map(({ row, items }) =>
        toApiCampaign(row, campaignArticleIds(items).length),
      ),
    };
    return jsonWithCache(c, body, CATALOGUE_CACHE);
  });
}

catalogueRoutes.get('/campaigns/combined/articles', (c) => {
  const db = c.get('db');
  const now = c.get('now')();
  const assortment = tenantAssortment(db, c.req.query('tenant'));
  const campaigns = currentCampaigns(db, now, assortment);
  const articleIds = [...new Set(campaigns.flatMap((x) => x.items.map((i) => i.articleId)))];
  const articles = new Map(serializeArticles(db, articleIds, now).map((a) => [a.id, a]));
  const body: ApiDataList<ApiCampaignWithArticles> = {
    data: campaigns.map(({ row, items }) => {
      const ids = campaignArticleIds(items);
      const campaignArticles = ids.flatMap((id) => {
        const article = articles.get(id);
        return article === undefined ? [] : [article];
      });
      return {
        ...toApiCampaign(row, ids.length),
        // The serializer already holds every current campaign item of each article.
        items: campaignArticles.flatMap((a) => a.campaigns.filter((i) => i.campaignId === row.id)),
        articles: campaignArticles,
      };
    }),
  };
  return jsonWithCache(c, body, CATALOGUE_CACHE);
});

// For the build's campaigns loader (src/content/loaders/campaigns.ts), which keeps only the
// ids of each campaign's articles: at 50,000 articles `campaigns/combined/articles` carries
// 3,900 of them in full, 6.7 MB made in 0.3-0.4 s, for a few KB of ids.
catalogueRoutes.get('/campaigns/combined/articleids', (c) => {
  const assortment = tenantAssortment(c.get('db'), c.req.query('tenant'));
  const body: ApiDataList<ApiCampaignArticleIds> = {
    data: currentCampaigns(c.get('db'), c.get('now')(), assortment).map(({ row, items }) => {
      const articleIds = campaignArticleIds(items);
      return { ...toApiCampaign(row, articleIds.length), articleIds };
    }),
  };
  return jsonWithCache(c, body, CATALOGUE_CACHE);
});

// For the release builder (builder/releases/): whether anything a build reads changed
// since a build, so an unchanged brand is not built again. Never cached.
catalogueRoutes.get('/catalogue/revision', (c) => {
  c.header('Cache-Control', 'no-store');
  return c.json({ revision: dataRevision(c.get('db'), c.get('now')()) });
});

// For the build's products loader (src/content/loaders/products.ts): which article details
// to read again, so a rebuild after a campaign on 50 articles reads 50, not all of them.
catalogueRoutes.get('/articles/changes', (c) => {
  c.header('Cache-Control', 'no-store');
  return c.json(articleChanges(c.get('db'), c.get('now')(), c.req.query('since')));
});
