import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { ApiTenant } from '../../contract/index.ts';
import { type CreateAppOptions, createApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import { rebuildSearchIndex } from '../search/indexer.ts';
import { seedDatabase } from '../seed/seed.ts';
import { NO_RATE_LIMITS } from '../http/rate-limit.ts';
import { TestClient } from './client.ts';

/** The clock of every catalogue test: campaigns are judged against it. */
export const TEST_NOW = new Date('2025-03-10T12:00:00.000Z');

/** Field names of `ApiArticle`, exactly as the contract spells them. */
export const ARTICLE_KEYS = [
  'id',
  'ArticleNo',
  'name',
  'description',
  'price',
  'originalPrice',
  'priorPrice',
  'pant',
  'brand',
  'brandId',
  'brands',
  'colors',
  'colorGroups',
  'gender',
  'genderId',
  'genders',
  'category',
  'mainGroupId',
  'categories',
  'subcategories',
  'articleGroup2ID',
  'articleGroup3ID',
  'group2',
  'group3',
  'productLineId',
  'purchasableOnWeb',
  'customLabel',
  'image',
  'shops',
  'available',
  'featured',
  'campaigns',
  'averageRating',
  'webPurchaseLimit',
  'bestsellerQty',
  'bestsellerTurnover',
  'onlyCC',
  'season',
  'frightPrice',
  'visible',
].sort();

/** Field names of `ApiCampaignItem`. */
export const CAMPAIGN_ITEM_KEYS = [
  'id',
  'campaignId',
  'articleId',
  'price',
  'labelType',
  'labelData',
  'labelText',
  'start',
  'end',
].sort();

/**
 * Where test apps keep the pictures they draw: outside the repository, and shared by every
 * test run, which is safe since a picture's file is named by the digest of what it shows.
 */
export const TEST_PICTURE_DIR = join(tmpdir(), 'storefront-test-pictures');

/** A seeded in-memory catalogue with the app over it and a cookie-keeping client. */
export interface TestCatalogue {
  db: DatabaseSync;
  app: ReturnType<typeof createApp>;
  client: TestClient;
  /** Rows of a query, typed by the caller. */
  rows<T>(sql: string, ...params: SQLInputValue[]): T[];
  /** The first tenant whose assortment is restricted (brand C), with its assortment. */
  restrictedTenant(): { id: string; assortment: NonNullable<ApiTenant['assortment']> };
}

/**
 * Seeds `articles` articles (deterministically) and builds the search index. The app has no
 * request limits: the tests send hundreds of searches from one in-process client. `options`
 * adds to or overrides the app's options.
 */
export function createTestCatalogue(
  articles = 400,
  options: Omit<CreateAppOptions, 'db'> = {},
): TestCatalogue {
  const db = openDatabase(':memory:');
  seedDatabase(db, { articles, seed: 7, now: TEST_NOW });
  rebuildSearchIndex(db);
  const app = createApp({
    db,
    now: () => TEST_NOW,
    rateLimits: NO_RATE_LIMITS,
    pictureCacheDir: TEST_PICTURE_DIR,
    ...options,
  });
  const rows = <T>(sql: string, ...params: SQLInputValue[]): T[] =>
    db.prepare(sql).all(...params) as T[];
  return {
    db,
    app,
    client: new TestClient(app),
    rows,
    restrictedTenant() {
      for (const row of rows<{ id: string; tenant: string }>('SELECT id, tenant FROM tenants')) {
        const tenant = JSON.parse(row.tenant) as ApiTenant;
        if (tenant.assortment !== null) return { id: row.id, assortment: tenant.assortment };
      }
      throw new Error('The seed has no tenant with a restricted assortment.');
    },
  };
}
