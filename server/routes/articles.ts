import type { DatabaseSync } from 'node:sqlite';
import { Hono } from 'hono';
import { ARTICLE_DETAILS_MAX } from '../../contract/catalogue.ts';
import type {
  ApiArticle,
  ApiBrand,
  ApiFilterError,
  ApiSearchIdsResponse,
  ApiSearchResponse,
} from '../../contract/index.ts';
import { readJsonObject } from '../http/body.ts';
import { CATALOGUE_CACHE, NO_STORE, jsonWithCache } from '../http/cache.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiHttpError, notFound, validationError } from '../http/errors.ts';
import { parseIntParam } from '../http/params.ts';
import { FilterSyntaxError } from '../search/filter-parser.ts';
import { SearchSortError, searchArticleIds, searchArticles } from '../search/search.ts';
import {
  serializeArticleDetail,
  serializeArticleDetails,
  serializeArticles,
  serializeAvailability,
} from '../serialize/article.ts';
import { parseIdList } from './catalogue.ts';
import {
  type Assortment,
  assortmentFilter,
  tenantAssortment,
  visibleScope,
} from './catalogue-scope.ts';

/** Most ids `GET articles/bundle` takes. */
export const MAX_BUNDLE_IDS = 100;
/** Bounds of the search body (docs/spec.md §9: up to 1000 per request). */
export const SEARCH_LIMITS = { maxQuery: 200, maxTake: 1000, maxFilters: 2000 } as const;

/** A validated search body. */
export interface SearchBody {
  query: string;
  take: number;
  page: number;
  filters: string | undefined;
  sort: string | undefined;
}

// Laravel's integer rule accepts numbers and numeric strings alike.
function integerField(
  body: Record<string, unknown>,
  field: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const value = body[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'number' && Number.isInteger(value)) {
    if (value >= min && value <= max) return value;
    throw validationError({
      [field]: [`The ${field} field must be between ${String(min)} and ${String(max)}.`],
    });
  }
  if (typeof value === 'string') return parseIntParam(value, field, { min, max });
  throw validationError({ [field]: [`The ${field} field must be an integer.`] });
}

function stringField(
  body: Record<string, unknown>,
  field: string,
  maxLength: number,
): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    throw validationError({ [field]: [`The ${field} field must be a string.`] });
  }
  if (value.length > maxLength) {
    throw validationError({
      [field]: [`The ${field} field must not be greater than ${String(maxLength)} characters.`],
    });
  }
  return value;
}

/**
 * Validates the body of `POST articles/search` and `searchids`: `query` ≤ 200 characters
 * (default empty: everything), `take` 1..1000 (default 1000, docs/spec.md §7), zero-based
 * `page` (default 0), `filters` ≤ 2000 characters, `sort` as the search module spells it.
 */
export function parseSearchBody(body: Record<string, unknown>): SearchBody {
  return {
    query: stringField(body, 'query', SEARCH_LIMITS.maxQuery) ?? '',
    take: integerField(body, 'take', SEARCH_LIMITS.maxTake, 1, SEARCH_LIMITS.maxTake),
    page: integerField(body, 'page', 0, 0, Number.MAX_SAFE_INTEGER),
    filters: stringField(body, 'filters', SEARCH_LIMITS.maxFilters),
    sort: stringField(body, 'sort', 100),
  };
}

function searchFailure(error: unknown): never {
  if (error instanceof FilterSyntaxError) {
    throw new ApiHttpError(400, {
      message: error.message,
      position: error.position,
    } satisfies ApiFilterError);
  }
  if (error instanceof SearchSortError) throw validationError({ sort: [error.message] });
  throw error;
}

function listBrands(db: DatabaseSync, assortment: Assortment | null): ApiBrand[] {
  const scope = visibleScope(assortment);
  const rows = db
    .prepare(
      `SELECT br.id, br.name, COUNT(*) AS count
       FROM articles a JOIN brands br ON br.id = a.brand_id
       WHERE ${scope.sql} GROUP BY br.id`,
    )
    .all(...scope.params) as unknown as ApiBrand[];
  const collator = new Intl.Collator('nb-NO');
  return rows
    .map((r) => ({ id: r.id, name: r.name, count: r.count }))
    .sort((x, y) => collator.compare(x.name, y.name));
}

/** Article routes of `/api/v1`: brands, bundles, search, availability and detail. */
export const articleRoutes = new Hono<AppEnv>();

articleRoutes.get('/articles/brand', (c) => {
  const assortment = tenantAssortment(c.get('db'), c.req.query('tenant'));
  return jsonWithCache(c, listBrands(c.get('db'), assortment), CATALOGUE_CACHE);
});

articleRoutes.get('/articles/bundle', (c) => {
  const raw = c.req.query('articles');
  if (raw === undefined || raw.trim() === '') {
    throw validationError({ articles: ['The articles field is required.'] });
  }
  const ids = [...new Set(parseIdList(raw, 'articles', MAX_BUNDLE_IDS))];
  // A bundle shows what a shopper may buy: invisible articles are skipped like unknown ones.
  const body: ApiArticle[] = serializeArticles(c.get('db'), ids, c.get('now')()).filter(
    (a) => a.visible,
  );
  return jsonWithCache(c, body, CATALOGUE_CACHE);
});

articleRoutes.get('/articles/availability/:id', (c) => {
  const id = parseIntParam(c.req.param('id'), 'id');
  const body = serializeAvailability(c.get('db'), id);
  if (body === null) throw notFound('Article');
  return jsonWithCache(c, body, NO_STORE);
});

articleRoutes.post('/articles/search', async (c) => {
  const db = c.get('db');
  const request = parseSearchBody(await readJsonObject(c));
  const assortment = tenantAssortment(db, c.req.query('tenant'));
  let result;
  try {
    result = searchArticles(db, {
      query: request.query,
      take: request.take,
      page: request.page,
      ...optional('filters', request.filters),
      ...optional('scope', assortmentFilter(assortment) ?? undefined),
      ...optional('sort', request.sort),
    });
  } catch (error) {
    searchFailure(error);
  }
  const articles = serializeArticles(
    db,
    result.hits.map((h) => h.id),
    c.get('now')(),
  );
  const scores = new Map(result.hits.map((h) => [h.id, h.score]));
  const body: ApiSearchResponse = {
    hits: {
      total: { value: result.total, relation: 'eq' },
      hits: articles.map((a) => ({ _id: String(a.id), _score: scores.get(a.id) ?? 0, _source: a })),
    },
  };
  return c.json(body);
});

articleRoutes.post('/articles/searchids', async (c) => {
  const db = c.get('db');
  const request = parseSearchBody(await readJsonObject(c));
  const assortment = tenantAssortment(db, c.req.query('tenant'));
  let result;
  try {
    result = searchArticleIds(db, {
      query: request.query,
      ...optional('filters', request.filters),
      ...optional('scope', assortmentFilter(assortment) ?? undefined),
      ...optional('sort', request.sort),
    });
  } catch (error) {
    searchFailure(error);
  }
  const body: ApiSearchIdsResponse = { ids: result.ids, total: result.total };
  return c.json(body);
});

// For the build's products loader: a hundred details a call, not one (contract/README.md).
articleRoutes.get('/articles/details', (c) => {
  const ids = [...new Set(parseIdList(c.req.query('ids') ?? '', 'ids', ARTICLE_DETAILS_MAX))];
  return jsonWithCache(
    c,
    serializeArticleDetails(c.get('db'), ids, c.get('now')()),
    CATALOGUE_CACHE,
  );
});

articleRoutes.get('/articles/:id', (c) => {
  const id = parseIntParam(c.req.param('id'), 'id');
  const body = serializeArticleDetail(c.get('db'), id, c.get('now')());
  if (body === null) throw notFound('Article');
  return jsonWithCache(c, body, CATALOGUE_CACHE);
});

// exactOptionalPropertyTypes: an absent option must be left out, not set to undefined.
function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}
