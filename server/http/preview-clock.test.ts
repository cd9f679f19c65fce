import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiAdminCampaign,
  ApiArticle,
  ApiArticleChanges,
  ApiArticleDetail,
  ApiCampaign,
  ApiDataList,
  ApiError,
  ApiSearchResponse,
} from '../../contract/index.ts';
import { PREVIEW_AT_HEADER } from '../../contract/preview.ts';
import { priorPrice } from '../../contract/prior-price.ts';
import { BEARER_REFUSED } from './bearer-auth.ts';
import { TEST_NOW, type TestCatalogue, createTestCatalogue } from '../test-support/catalogue.ts';

/**
 * The preview clock: with the campaign admin's token, `X-Preview-At` answers the catalogue as
 * of that moment; without it, or for anyone else, the catalogue stays as it is now.
 */
const TOKEN = 'forhandsvisning-token-0123456789';
const HOUR = 3_600_000;
const at = (hours: number): string => new Date(TEST_NOW.getTime() + hours * HOUR).toISOString();
/** Tomorrow, an hour into the campaign that starts then. */
const TOMORROW = at(25);
const CAMPAIGN_PRICE = 12_300;

let t: TestCatalogue;
let article: number;
let listPrice: number;
let campaignId: number;

/** `GET /api/v1/{path}` without cookies, as of `moment` with `token` when given. */
async function read<T>(
  path: string,
  moment?: string,
  token: string | null = TOKEN,
): Promise<{ status: number; body: T; res: Response }> {
  const headers = new Headers({ Accept: 'application/json' });
  if (moment !== undefined) headers.set(PREVIEW_AT_HEADER, moment);
  if (moment !== undefined && token !== null) headers.set('Authorization', `Bearer ${token}`);
  const res = await t.app.request(`/api/v1/${path}`, { headers });
  return { status: res.status, body: (await res.json()) as T, res };
}

beforeAll(async () => {
  t = createTestCatalogue(400, { campaignAdminToken: TOKEN });
  // An article that never had another price and is in no campaign: no førpris today.
  const [row] = t.rows<{ id: number; price: number }>(
    `SELECT a.id, p.price FROM articles a JOIN article_prices p ON p.article_id = a.id
     WHERE a.visible = 1
       AND (SELECT count(*) FROM article_prices q WHERE q.article_id = a.id) = 1
       AND NOT EXISTS (SELECT 1 FROM campaign_items ci WHERE ci.article_id = a.id)
     ORDER BY a.id LIMIT 1`,
  );
  if (row === undefined) throw new Error('The seed has no article with one price only.');
  article = row.id;
  listPrice = row.price;
  expect(listPrice).toBeGreaterThan(CAMPAIGN_PRICE);
  const res = await t.app.request('/api/v1/admin/campaigns', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({
      name: 'Morgendagens salg',
      start: at(24),
      end: at(72),
      labelText: 'Salg',
      items: [{ articleId: article, price: CAMPAIGN_PRICE, labelType: 'price', labelData: {} }],
    }),
  });
  expect(res.status).toBe(201);
  campaignId = ((await res.json()) as ApiAdminCampaign).id;
});

afterAll(() => {
  t.db.close();
});

describe('the preview clock', () => {
  it("answers today's price and no førpris without the header", async () => {
    const { status, body, res } = await read<ApiArticleDetail>(`articles/${String(article)}`);
    expect(status).toBe(200);
    expect(body.price).toBe(listPrice);
    expect(body.priorPrice).toBeNull();
    expect(res.headers.get('Cache-Control')).toContain('public');
  });

  it('answers the campaign price and its førpris as of tomorrow', async () => {
    const { status, body } = await read<ApiArticleDetail>(`articles/${String(article)}`, TOMORROW);
    expect(status).toBe(200);
    expect(body.price).toBe(CAMPAIGN_PRICE);
    expect(body.priorPrice).toBe(listPrice);
    expect(priorPrice(body.priceHistory ?? [], new Date(TOMORROW))).toBe(listPrice);
    expect(body.priceHistory?.some((p) => p.campaignId === campaignId)).toBe(true);
  });

  it('lists the campaign until its end as of the moment asked', async () => {
    const ids = (answer: ApiDataList<ApiCampaign>) => answer.data.map((c) => c.id);
    // Coming campaigns are listed too (the shop shows a coming Klikk & Hent one).
    const today = await read<ApiDataList<ApiCampaign>>('campaigns/');
    const tomorrow = await read<ApiDataList<ApiCampaign>>('campaigns/', TOMORROW);
    const ended = await read<ApiDataList<ApiCampaign>>('campaigns/', at(73));
    expect(ids(today.body)).toContain(campaignId);
    expect(ids(tomorrow.body)).toContain(campaignId);
    expect(ids(ended.body)).not.toContain(campaignId);
  });

  it('prices the list shapes and the search as of the moment too', async () => {
    const bundle = await read<ApiArticle[]>(
      `articles/bundle?articles=${String(article)}`,
      TOMORROW,
    );
    expect(bundle.body[0]?.price).toBe(CAMPAIGN_PRICE);
    const todayBundle = await read<ApiArticle[]>(`articles/bundle?articles=${String(article)}`);
    expect(todayBundle.body[0]?.price).toBe(listPrice);
    await t.client.request('/sanctum/csrf-cookie');
    const search = await t.client.request('/api/v1/articles/search', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        [PREVIEW_AT_HEADER]: TOMORROW,
        Authorization: `Bearer ${TOKEN}`,
      },
      body: JSON.stringify({
        query: '',
        take: 10,
        page: 0,
        filters: `ArticleID = ${String(article)}`,
      }),
    });
    expect(search.status).toBe(200);
    const hits = ((await search.json()) as ApiSearchResponse).hits.hits;
    expect(hits[0]?._source.price).toBe(CAMPAIGN_PRICE);
  });

  it('tells the build the article changed by then, and another data revision', async () => {
    const { body: cursor } = await read<ApiArticleChanges>('articles/changes');
    const later = await read<ApiArticleChanges>(
      `articles/changes?since=${encodeURIComponent(cursor.cursor)}`,
      TOMORROW,
    );
    expect(later.body.articleIds).toContain(article);
    const today = await read<{ revision: string }>('catalogue/revision');
    const tomorrow = await read<{ revision: string }>('catalogue/revision', TOMORROW);
    expect(tomorrow.body.revision).not.toBe(today.body.revision);
  });

  it('answers a preview no-store, so that no shared cache hands it to a shopper', async () => {
    const { res } = await read<ApiArticleDetail>(`articles/${String(article)}`, TOMORROW);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get(PREVIEW_AT_HEADER)).toBe(TOMORROW);
  });

  it('refuses the header without the admin token or with another', async () => {
    for (const token of [null, 'gjettet-token']) {
      const { status, body, res } = await read<ApiError>(
        `articles/${String(article)}`,
        TOMORROW,
        token,
      );
      expect(status).toBe(401);
      expect(body.message).toBe(BEARER_REFUSED);
      expect(res.headers.get('WWW-Authenticate')).toBe('Bearer');
    }
  });

  it('refuses a moment that is no ISO instant with its zone', async () => {
    for (const moment of [
      'i morgen',
      '2025-03-11',
      '2025-03-11T13:00:00',
      '2025-02-30T13:00:00Z',
    ]) {
      const { status, body } = await read<ApiError>(`articles/${String(article)}`, moment);
      expect(status).toBe(422);
      expect(body.errors?.[PREVIEW_AT_HEADER]).toHaveLength(1);
    }
  });

  it('refuses the header on a write: only reads are answered as of a moment', async () => {
    const res = await t.app.request(`/api/v1/admin/campaigns/${String(campaignId)}/end`, {
      method: 'POST',
      headers: { [PREVIEW_AT_HEADER]: TOMORROW, Authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status).toBe(422);
    const { body } = await read<ApiDataList<ApiCampaign>>('campaigns/', TOMORROW);
    expect(body.data.map((c) => c.id)).toContain(campaignId);
  });
});
