import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiArticle,
  ApiArticleDetail,
  ApiSearchResponse,
  ApiPricePeriod,
} from '../../contract/index.ts';
import { priorPrice } from '../../contract/prior-price.ts';
import { createApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import { NO_RATE_LIMITS } from '../http/rate-limit.ts';
import { TEST_PICTURE_DIR } from '../test-support/catalogue.ts';
import { TestClient } from '../test-support/client.ts';
import { rebuildSearchIndex } from '../search/indexer.ts';
import { seedDatabase } from '../seed/seed.ts';

// The database judges running campaigns by its own clock, so the seed and the app share the
// real one here: the wire's `price` and `priorPrice` then describe the same moment.
const now = new Date();
const db = openDatabase(':memory:');
let client: TestClient;

const rows = <T>(sql: string, ...params: Array<string | number>): T[] =>
  db.prepare(sql).all(...params) as T[];

/** Articles of a campaign (by id), with their item price, visible ones only. */
const itemsOf = (campaignId: number): Array<{ article_id: number; price: number }> =>
  rows(
    `SELECT ci.article_id, ci.price FROM campaign_items ci JOIN articles a ON a.id = ci.article_id
     WHERE ci.campaign_id = ? AND a.visible = 1 ORDER BY ci.article_id`,
    campaignId,
  );

const detail = async (id: number): Promise<ApiArticleDetail> =>
  (await client.get<ApiArticleDetail>(`/api/v1/articles/${id}`)).body;

beforeAll(async () => {
  seedDatabase(db, { articles: 600, seed: 3, now });
  rebuildSearchIndex(db);
  const app = createApp({
    db,
    now: () => now,
    rateLimits: NO_RATE_LIMITS,
    pictureCacheDir: TEST_PICTURE_DIR,
  });
  client = new TestClient(app);
  await client.request('/sanctum/csrf-cookie');
});

describe('førpris on the wire', () => {
  it('gives a campaign price its list price as førpris after 30 days at that price', async () => {
    const earlier = new Set([...itemsOf(6), ...itemsOf(7)].map((i) => i.article_id));
    const plain = itemsOf(1).filter((i) => !earlier.has(i.article_id));
    expect(plain.length).toBeGreaterThan(0);
    let checked = 0;
    for (const { article_id: id } of plain) {
      const article = await detail(id);
      const lists = (article.priceHistory ?? []).filter((p) => p.campaignId === null);
      const listNow = lists.at(-1) as ApiPricePeriod;
      // Only articles whose list price stood for the 30 days before the campaign.
      if (lists.length > 1 && Date.parse(listNow.from) > now.getTime() - 45 * 86_400_000) continue;
      expect(article.priorPrice).toBe(listNow.price);
      expect(article.price).toBeLessThan(article.priorPrice as number);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('does not reduce a campaign price the article was cheaper than in an earlier campaign', async () => {
    const earlier = new Map(itemsOf(6).map((i) => [i.article_id, i.price]));
    expect(earlier.size).toBeGreaterThan(0);
    for (const [id, earlierPrice] of earlier) {
      const article = await detail(id);
      expect(article.campaigns.some((c) => c.campaignId === 2)).toBe(true);
      expect(article.priceHistory?.some((p) => p.campaignId === 6)).toBe(true);
      expect(article.priorPrice).toBeLessThanOrEqual(earlierPrice);
      expect(article.price).toBeGreaterThanOrEqual(article.priorPrice as number);
    }
  });

  it('counts a reduction in steps from the price before its first step', async () => {
    const stepped = itemsOf(7);
    expect(stepped.length).toBeGreaterThan(0);
    for (const { article_id: id, price: firstStep } of stepped) {
      const article = await detail(id);
      const listPrice = (article.priceHistory ?? []).filter((p) => p.campaignId === null).at(-1);
      expect(article.price).toBeLessThan(firstStep);
      // The lowest price of the 30 days before today's campaign is the first step, but the
      // førpris is the list price before it.
      expect(article.priorPrice).toBe(listPrice?.price);
      expect(article.priorPrice).toBeGreaterThan(firstStep);
    }
  });

  it('is null for an article that never had another price', async () => {
    const [row] = rows<{ id: number }>(
      `SELECT a.id FROM articles a WHERE a.visible = 1
         AND (SELECT count(*) FROM article_prices p WHERE p.article_id = a.id) = 1
         AND NOT EXISTS (SELECT 1 FROM campaign_items ci WHERE ci.article_id = a.id)
       ORDER BY a.id LIMIT 1`,
    );
    const article = await detail(row?.id ?? 0);
    expect(article.priorPrice).toBeNull();
    expect(article.priceHistory).toHaveLength(1);
  });

  it('answers the same førpris in the list shapes as in the detail, reckoned from its history', async () => {
    const ids = [...itemsOf(6), ...itemsOf(7), ...itemsOf(1)].map((i) => i.article_id).slice(0, 30);
    const { body: bundle } = await client.get<ApiArticle[]>(
      `/api/v1/articles/bundle?articles=${ids.join(',')}`,
    );
    const { body: search } = await client.post<ApiSearchResponse>('/api/v1/articles/search', {
      query: '',
      take: 1000,
      page: 0,
      filters: `ArticleID IN [${ids.join(', ')}]`,
    });
    const fromSearch = new Map(search.hits.hits.map((h) => [h._source.id, h._source.priorPrice]));
    expect(bundle.length).toBe(new Set(ids).size);
    for (const article of bundle) {
      const full = await detail(article.id);
      expect(article.priorPrice).toBe(full.priorPrice);
      expect(fromSearch.get(article.id)).toBe(full.priorPrice);
      expect(priorPrice(full.priceHistory ?? [], now)).toBe(full.priorPrice);
    }
  });
});
