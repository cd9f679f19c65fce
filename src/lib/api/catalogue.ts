/**
 * Catalogue calls of docs/spec.md §7: categories, articles, search and the reference lists. Each
 * function takes the client last (default: {@link defaultClient}), so build-time code can
 * pass one made with `createApiClient({ baseURL: API_URL })`. Answers are app shapes.
 */

import type {
  ApiArticle,
  ApiArticleChanges,
  ApiArticleDetail,
  ApiArticleOrderBy,
  ApiCategoryArticlesQuery,
  ApiBestseller,
  ApiBrand,
  ApiCampaign,
  ApiCampaignArticleIds,
  ApiCampaignWithArticles,
  ApiCategory,
  ApiColorGroup,
  ApiDataList,
  ApiGender,
  ApiPaginated,
  ApiSearchIdsResponse,
  ApiSearchRequest,
  ApiSearchResponse,
} from '../../../contract/index.ts';
import { buildFilterString, type SearchFilter } from '../domain/filter-string.ts';
import {
  toArticle,
  toArticleDetail,
  toCampaign,
  toCampaignWithArticleIds,
  toCampaignWithArticles,
} from '../mappers/article.ts';
import { mapList, toPageInfo } from '../mappers/common.ts';
import { toBestseller, toBrand, toCategory, toColorGroup, toGender } from '../mappers/taxonomy.ts';
import type {
  Article,
  ArticleChanges,
  ArticleDetail,
  Bestseller,
  Brand,
  Campaign,
  CampaignWithArticleIds,
  CampaignWithArticles,
  Category,
  ColorGroup,
  Gender,
  Page,
} from '../types.ts';
import { defaultClient, orNullWhereLacking, type ApiClient } from './client.ts';
import { shownNow } from './preview.ts';

/** Category page size (docs/spec.md §9). */
export const CATEGORY_PAGE_SIZE = 20;

/** Most articles one search request returns (docs/spec.md §7, docs/spec.md §9). */
export const SEARCH_TAKE = 1000;

/** All main groups with their subcategories. */
export async function getCategories(client: ApiClient = defaultClient()): Promise<Category[]> {
  return mapList(await client.get<ApiCategory[]>('categories'), toCategory);
}

/** Paging and order of a category listing; defaults are the spec's: page 1, 20, Name, asc. */
export interface CategoryArticlesQuery {
  page?: number;
  perPage?: number;
  orderBy?: ApiArticleOrderBy;
  order?: 'asc' | 'desc';
  /** Restrict to these gender ids. */
  genders?: readonly number[];
}

/** One page of a category's articles. */
export async function getCategoryArticles(
  id: number,
  query: CategoryArticlesQuery = {},
  client: ApiClient = defaultClient(),
): Promise<Page<Article>> {
  const wire: ApiCategoryArticlesQuery = {
    page: query.page ?? 1,
    per_page: query.perPage ?? CATEGORY_PAGE_SIZE,
    orderBy: query.orderBy ?? 'Name',
    order: query.order ?? 'asc',
    ...(query.genders?.length ? { genders: query.genders.join(',') } : {}),
  };
  const answer = await client.get<ApiPaginated<ApiArticle>>(`categories/${id}/articles`, {
    ...wire,
  });
  const now = shownNow();
  return {
    items: mapList(answer.data, (a) => toArticle(a, now)),
    page: toPageInfo(answer.meta),
  };
}

/** One article with its product-page data; null when the answer lacks required data. */
export async function getArticle(
  id: number,
  client: ApiClient = defaultClient(),
): Promise<ArticleDetail | null> {
  return toArticleDetail(await client.get<ApiArticleDetail>(`articles/${id}`), shownNow());
}

/**
 * The details of `ids` (at most `ARTICLE_DETAILS_MAX`) in one call, by id: null for one that
 * does not map, none for an id the API does not know. Null when the API does not offer the
 * call (it answers with a 4xx, as an API without it does); a failure of the API itself throws.
 */
export async function getArticleDetails(
  ids: readonly number[],
  client: ApiClient = defaultClient(),
): Promise<Map<number, ArticleDetail | null> | null> {
  const answer = await orNullWhereLacking(
    client.get<ApiArticleDetail[]>('articles/details', { ids: ids.join(',') }),
  );
  if (answer === null) return null;
  if (!Array.isArray(answer))
    throw new Error('articles/details answered something other than a list');
  const now = shownNow();
  return new Map(answer.map((wire) => [wire.id, toArticleDetail(wire, now)]));
}

/**
 * The articles whose detail changed since `cursor` (an earlier answer's; none: all may have).
 * Null when the API does not offer the change feed (it answers the call with a 4xx, as an
 * API without it does); a failure of the API itself throws.
 */
export async function getArticleChanges(
  cursor: string | undefined,
  client: ApiClient = defaultClient(),
): Promise<ArticleChanges | null> {
  const answer = await orNullWhereLacking(
    client.get<ApiArticleChanges>(
      'articles/changes',
      cursor === undefined ? {} : { since: cursor },
    ),
  );
  return (
    answer && {
      cursor: answer.cursor,
      articleIds: answer.articleIds?.filter(Number.isSafeInteger) ?? null,
    }
  );
}

/** The articles of a bundle or selection (`/utvalg/{ids}`); non-integer ids are ignored. */
export async function getBundle(
  ids: readonly number[],
  client: ApiClient = defaultClient(),
): Promise<Article[]> {
  const wanted = ids.filter(Number.isSafeInteger);
  if (wanted.length === 0) return [];
  const now = shownNow();
  const answer = await client.get<ApiArticle[]>('articles/bundle', { articles: wanted.join(',') });
  return mapList(answer, (a) => toArticle(a, now));
}

/** A search: text, zero-based page, filters (object or ready-made string) and sort. */
export interface SearchQuery {
  query: string;
  /** Page size, 1..1000; default 1000. */
  take?: number;
  /** Zero-based page; default 0. */
  page?: number;
  filters?: SearchFilter | string;
  /** `field:asc|desc` with field name, price, bestseller or dateCreated; default relevance. */
  sort?: string; /** Aborts the request (a newer search made this one stale); not sent. */
  signal?: AbortSignal;
}

function searchBody(search: SearchQuery): ApiSearchRequest {
  const filters =
    typeof search.filters === 'string'
      ? search.filters
      : search.filters
        ? buildFilterString(search.filters)
        : '';
  return {
    query: search.query,
    take: search.take ?? SEARCH_TAKE,
    page: search.page ?? 0,
    ...(filters ? { filters } : {}),
    ...(search.sort ? { sort: search.sort } : {}),
  };
}

/** One page of a search: `total` counts every match, `articles` holds this page's. */
export interface SearchResult {
  total: number;
  articles: Article[];
}

/** Searches articles; `total` counts every match, `articles` holds this page's. */
export async function searchArticles(
  search: SearchQuery,
  client: ApiClient = defaultClient(),
): Promise<SearchResult> {
  return toSearchResult(await searchAnswer(search, client));
}

/**
 * The API's answer to a search, as it came: for a host that maps it under a brand's picture
 * settings (lib/picture-settings.ts), which must happen without a wait in between.
 */
export function searchAnswer(search: SearchQuery, client: ApiClient): Promise<ApiSearchResponse> {
  return client.request<ApiSearchResponse>('articles/search', {
    method: 'POST',
    body: { ...searchBody(search) },
    ...(search.signal ? { signal: search.signal } : {}),
  });
}

/** A search answer's articles and count (synchronous: see {@link searchAnswer}). */
export function toSearchResult(answer: ApiSearchResponse): SearchResult {
  const now = shownNow();
  return {
    total: answer.hits.total.value,
    articles: mapList(
      answer.hits.hits.map((hit) => hit._source),
      (a) => toArticle(a, now),
    ),
  };
}

/** The ids of every match in rank order (no paging). */
export async function searchArticleIds(
  search: Omit<SearchQuery, 'take' | 'page'>,
  client: ApiClient = defaultClient(),
): Promise<{ total: number; ids: number[] }> {
  const answer = await client.post<ApiSearchIdsResponse>('articles/searchids', {
    ...searchBody(search),
  });
  return { total: answer.total, ids: answer.ids.filter(Number.isSafeInteger) };
}

/** Brands with their article counts. */
export async function getBrands(client: ApiClient = defaultClient()): Promise<Brand[]> {
  return mapList(await client.get<ApiBrand[]>('articles/brand'), toBrand);
}

/** Genders. */
export async function getGenders(client: ApiClient = defaultClient()): Promise<Gender[]> {
  return mapList(await client.get<ApiGender[]>('genders'), toGender);
}

/** Colour groups. */
export async function getColorGroups(client: ApiClient = defaultClient()): Promise<ColorGroup[]> {
  return mapList(await client.get<ApiColorGroup[]>('colorgroups'), toColorGroup);
}

/** Bestseller ranks. */
export async function getBestsellers(client: ApiClient = defaultClient()): Promise<Bestseller[]> {
  return mapList(await client.get<ApiBestseller[]>('bestsellers'), toBestseller);
}

/** Current and coming campaigns (`GET campaigns/`, list in `data`). */
export async function getCampaigns(client: ApiClient = defaultClient()): Promise<Campaign[]> {
  const answer = await client.get<ApiDataList<ApiCampaign>>('campaigns/');
  const now = shownNow();
  return mapList(answer.data, (c) => toCampaign(c, now));
}

/**
 * Current and coming campaigns, each with the ids of its articles the brand shows:
 * `GET campaigns/combined/articleids`, or where the API lacks it (a 4xx answer), the ids of
 * the articles `campaigns/combined/articles` carries in full. A failure of the API throws.
 */
export async function getCampaignsWithArticleIds(
  client: ApiClient = defaultClient(),
): Promise<CampaignWithArticleIds[]> {
  const answer = await orNullWhereLacking(
    client.get<ApiDataList<ApiCampaignArticleIds>>('campaigns/combined/articleids'),
  );
  if (answer) {
    const now = shownNow();
    return mapList(answer.data, (c) => toCampaignWithArticleIds(c, now));
  }
  return (await getCampaignsWithArticles(client)).map(({ items, articles, ...campaign }) => {
    const shown = new Set(articles.map((a) => a.id));
    const articleIds = [...new Set(items.map((i) => i.articleId))].filter((id) => shown.has(id));
    return { ...campaign, articleIds };
  });
}

/** Campaigns with their items and articles (`GET campaigns/combined/articles`). */
export async function getCampaignsWithArticles(
  client: ApiClient = defaultClient(),
): Promise<CampaignWithArticles[]> {
  const answer = await client.get<ApiDataList<ApiCampaignWithArticles>>(
    'campaigns/combined/articles',
  );
  const now = shownNow();
  return mapList(answer.data, (c) => toCampaignWithArticles(c, now));
}
