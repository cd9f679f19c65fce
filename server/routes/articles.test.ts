import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiArticle,
  ApiArticleDetail,
  ApiAvailability,
  ApiBrand,
  ApiError,
  ApiFilterError,
  ApiSearchIdsResponse,
  ApiSearchResponse,
} from '../../contract/index.ts';
import { filterLimits } from '../search/filter-parser.ts';
import { rebuildSearchIndex } from '../search/indexer.ts';
import {
  ARTICLE_KEYS,
  TEST_NOW,
  type TestCatalogue,
  createTestCatalogue,
} from '../test-support/catalogue.ts';
import { webShopId } from '../seed/seed.ts';
import { ARTICLE_DETAILS_MAX } from '../../contract/catalogue.ts';
import { SEARCH_LIMITS } from './articles.ts';

const keys = (o: object): string[] => Object.keys(o).sort();

let t: TestCatalogue;
let visibleIds: number[];
let hiddenId: number;

beforeAll(async () => {
  t = createTestCatalogue();
  visibleIds = t
    .rows<{ id: number }>('SELECT id FROM articles WHERE visible = 1 ORDER BY id')
    .map((r) => r.id);
  // The seed may or may not hide some; hide one for certain.
  hiddenId = visibleIds.pop() ?? 0;
  t.db.prepare('UPDATE articles SET visible = 0 WHERE id = ?').run(hiddenId);
  // Search reads its own copy of the visible articles (server/search/indexer.ts).
  rebuildSearchIndex(t.db);
  await t.client.request('/sanctum/csrf-cookie');
});
afterAll(() => {
  t.db.close();
});

const search = (body: unknown, query = '') =>
  t.client.post<ApiSearchResponse & ApiFilterError>(`/api/v1/articles/search${query}`, body);
const searchIds = (body: unknown, query = '') =>
  t.client.post<ApiSearchIdsResponse & ApiError>(`/api/v1/articles/searchids${query}`, body);

describe('GET articles/{id}', () => {
  it('answers the detail shape with variants, sizes, reviews and availability', async () => {
    const [withReviews] = t.rows<{ id: number }>(
      `SELECT a.id FROM articles a JOIN reviews r ON r.article_id = a.id
       WHERE a.visible = 1 AND r.approved = 1 GROUP BY a.id ORDER BY COUNT(*) DESC LIMIT 1`,
    );
    const id = withReviews?.id ?? visibleIds[0] ?? 0;
    const { status, body, res } = await t.client.get<ApiArticleDetail>(
      `/api/v1/articles/${String(id)}`,
    );
    expect(status).toBe(200);
    expect(res.headers.get('Cache-Control')).toMatch(/max-age=60/);
    expect(keys(body)).toEqual(
      [
        ...ARTICLE_KEYS,
        'articleId',
        'articleNo',
        'techDescription',
        'nutrientContent',
        'washLabel',
        'careLabel',
        'dateCreated',
        'variants',
        'reviews',
        'sizes',
        'size_colors',
        'availability',
        'pictures',
        'priceHistory',
      ].sort(),
    );
    expect(body.id).toBe(id);
    expect(body.articleId).toBe(id);
    expect(body.articleNo).toBe(body.ArticleNo);
    const mainColor = body.colors[0]?.id ?? 0;
    expect(body.image).toBe(`/images/articles/${String(id)}/${String(mainColor)}-front.jpg`);
    expect(body.visible).toBe(true);
    expect(Array.isArray(body.washLabel)).toBe(true);

    const variantCount = t.rows('SELECT id FROM variants WHERE article_id = ?', id).length;
    expect(body.variants).toHaveLength(variantCount);
    for (const v of body.variants) {
      expect(keys(v)).toEqual(['availability', 'color', 'ean', 'id', 'shops', 'size']);
      expect(keys(v.color)).toEqual(['colorCode', 'hex', 'id', 'image', 'name']);
      expect(v.color.image).toBe(`/images/articles/${String(id)}/${String(v.color.id)}-front.jpg`);
      expect(v.availability).toBe(v.shops.filter((s) => s.qty > 0).length);
      expect(body.size_colors[String(v.size.id)]).toContain(v.color.id);
    }
    expect(body.sizes.map((s) => s.id)).toEqual([...new Set(body.variants.map((v) => v.size.id))]);
    expect(body.availability.articleId).toBe(id);
    expect(body.availability.variants.map((v) => v.id)).toEqual(body.variants.map((v) => v.id));

    const approved = t.rows(
      'SELECT id FROM reviews WHERE article_id = ? AND approved = 1',
      id,
    ).length;
    expect(body.reviews).toHaveLength(approved);
    for (const r of body.reviews) {
      expect(r.reviewable_id).toBe(id);
      expect(r.approved).toBe(1);
      if (r.anonymous === 1) expect(r.customer).toBeNull();
    }
  });

  it('lists three photographs per colour, in the order of colors, the main colour first', async () => {
    const [multi] = t.rows<{ id: number }>(
      `SELECT v.article_id AS id FROM variants v JOIN articles a ON a.id = v.article_id
       WHERE a.visible = 1 GROUP BY v.article_id
       HAVING COUNT(DISTINCT v.color_id) >= 2 ORDER BY v.article_id LIMIT 1`,
    );
    const id = multi?.id ?? 0;
    const { body } = await t.client.get<ApiArticleDetail>(`/api/v1/articles/${String(id)}`);
    const colorIds = body.colors.map((c) => c.id);
    expect(colorIds.length).toBeGreaterThanOrEqual(2);
    expect(new Set(body.variants.map((v) => v.color.id))).toEqual(new Set(colorIds));
    expect(body.pictures?.map((p) => p.colorId)).toEqual(colorIds);
    for (const { colorId, pictures } of body.pictures ?? []) {
      expect(pictures).toEqual(
        (['front', 'back', 'detail'] as const).map((view) => ({
          src: `/images/articles/${String(id)}/${String(colorId)}-${view}.jpg`,
          width: 1500,
          height: 1500,
          view,
        })),
      );
    }
    // The list shape's picture is the detail's first: the main colour's front.
    expect(body.image).toBe(body.pictures?.[0]?.pictures[0]?.src);
    const [listed] = (
      await t.client.get<ApiArticle[]>(`/api/v1/articles/bundle?articles=${String(id)}`)
    ).body;
    expect(listed?.image).toBe(body.image);
  });

  it('still answers an invisible article, marked visible: false', async () => {
    const { status, body } = await t.client.get<ApiArticleDetail>(
      `/api/v1/articles/${String(hiddenId)}`,
    );
    expect(status).toBe(200);
    expect(body.visible).toBe(false);
  });

  it('answers 404 for an unknown article and 422 for a bad id', async () => {
    const missing = await t.client.get<ApiError>('/api/v1/articles/99999999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toEqual(expect.any(String));
    for (const bad of ['abc', '0', '-3', '1.5', '1e3']) {
      expect((await t.client.get(`/api/v1/articles/${bad}`)).status, bad).toBe(422);
    }
  });
});

describe('GET articles/details', () => {
  it('answers each detail as GET articles/{id} does, in the order asked, skipping unknown ids', async () => {
    const [a = 0, b = 0] = [visibleIds[5], visibleIds[1]];
    const { status, body } = await t.client.get<ApiArticleDetail[]>(
      `/api/v1/articles/details?ids=${String(a)},99999999,${String(hiddenId)},${String(b)},${String(a)}`,
    );
    expect(status).toBe(200);
    const one = async (id: number) =>
      (await t.client.get<ApiArticleDetail>(`/api/v1/articles/${String(id)}`)).body;
    expect(body).toEqual([await one(a), await one(hiddenId), await one(b)]);
    expect(body[1]?.visible).toBe(false);
  });

  it('takes at most ARTICLE_DETAILS_MAX ids and answers 422 on bad input', async () => {
    const hundred = visibleIds.slice(0, ARTICLE_DETAILS_MAX);
    const ok = await t.client.get<ApiArticleDetail[]>(
      `/api/v1/articles/details?ids=${hundred.join(',')}`,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.map((x) => x.id)).toEqual(hundred);
    for (const query of ['', '?ids=', '?ids=1,x', '?ids=-1', `?ids=${[...hundred, 1].join(',')}`]) {
      const { status, body } = await t.client.get<ApiError>(`/api/v1/articles/details${query}`);
      expect(status, query).toBe(422);
      expect(body.errors?.['ids']).toBeDefined();
    }
  });
});

describe('GET articles/availability/{id}', () => {
  it('answers live stock per variant, never cached', async () => {
    const id = visibleIds[3] ?? 0;
    const { status, body, res } = await t.client.get<ApiAvailability>(
      `/api/v1/articles/availability/${String(id)}`,
    );
    expect(status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(keys(body)).toEqual(['articleId', 'variants']);
    const stock = t.rows<{ variant_id: number; shop_id: number; qty: number }>(
      'SELECT s.variant_id, s.shop_id, s.qty FROM stock s JOIN variants v ON v.id = s.variant_id WHERE v.article_id = ?',
      id,
    );
    for (const v of body.variants) {
      expect(keys(v)).toEqual(['availability', 'ean', 'id', 'shops']);
      const rows = stock.filter((s) => s.variant_id === v.id);
      const carried = rows.some((s) => s.shop_id === webShopId);
      expect(v.shops).toHaveLength(rows.length + (carried ? 0 : 1));
      expect(v.availability).toBe(rows.filter((s) => s.qty > 0).length);
    }
  });

  it("lists the web shop first in every variant's shops, then the stores by id", async () => {
    const ids = visibleIds.slice(0, 80);
    let uncarried = 0;
    for (const id of ids) {
      const { body } = await t.client.get<ApiAvailability>(
        `/api/v1/articles/availability/${String(id)}`,
      );
      const detail = await t.client.get<ApiArticleDetail>(`/api/v1/articles/${String(id)}`);
      expect(detail.body.variants.map((v) => v.shops)).toEqual(body.variants.map((v) => v.shops));
      for (const v of body.variants) {
        const [first, ...stores] = v.shops;
        expect(first?.id).toBe(webShopId);
        const row = t.rows<{ qty: number }>(
          'SELECT qty FROM stock WHERE variant_id = ? AND shop_id = ?',
          v.id,
          webShopId,
        )[0];
        if (row === undefined) uncarried++;
        expect(first?.qty).toBe(row?.qty ?? 0);
        expect(stores.map((s) => s.id)).toEqual(stores.map((s) => s.id).sort((a, b) => a - b));
        expect(stores.some((s) => s.id === webShopId)).toBe(false);
      }
    }
    // The seed leaves some variants out of the web shop: they still lead with it, at 0.
    expect(uncarried).toBeGreaterThan(0);
  });

  it('follows a stock change at once', async () => {
    const id = visibleIds[4] ?? 0;
    const [variant] = t.rows<{ id: number }>(
      'SELECT id FROM variants WHERE article_id = ? LIMIT 1',
      id,
    );
    t.db.prepare('UPDATE stock SET qty = 0 WHERE variant_id = ?').run(variant?.id ?? 0);
    const { body } = await t.client.get<ApiAvailability>(
      `/api/v1/articles/availability/${String(id)}`,
    );
    expect(body.variants.find((v) => v.id === variant?.id)?.availability).toBe(0);
  });

  it('answers 404 for an unknown article and 422 for a bad id', async () => {
    expect((await t.client.get('/api/v1/articles/availability/99999999')).status).toBe(404);
    expect((await t.client.get('/api/v1/articles/availability/x')).status).toBe(422);
  });
});

describe('GET articles/bundle', () => {
  it('answers the visible articles in the given order, skipping unknown and hidden ids', async () => {
    const [a = 0, b = 0, c = 0] = [visibleIds[10], visibleIds[2], visibleIds[7]];
    const { status, body } = await t.client.get<ApiArticle[]>(
      `/api/v1/articles/bundle?articles=${String(a)},99999999,${String(b)},${String(hiddenId)},${String(c)},${String(a)}`,
    );
    expect(status).toBe(200);
    expect(body.map((x) => x.id)).toEqual([a, b, c]);
    for (const x of body) expect(keys(x)).toEqual(ARTICLE_KEYS);
  });

  it('takes at most 100 ids', async () => {
    const hundred = visibleIds.slice(0, 100);
    const ok = await t.client.get<ApiArticle[]>(
      `/api/v1/articles/bundle?articles=${hundred.join(',')}`,
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toHaveLength(100);
    const tooMany = await t.client.get<ApiError>(
      `/api/v1/articles/bundle?articles=${[...hundred, 1].join(',')}`,
    );
    expect(tooMany.status).toBe(422);
  });

  it('answers 422 on bad input', async () => {
    for (const query of [
      '',
      '?articles=',
      '?articles=1,x',
      '?articles=1,,2',
      '?articles=-1',
      '?articles=1;2',
    ]) {
      const { status, body } = await t.client.get<ApiError>(`/api/v1/articles/bundle${query}`);
      expect(status, query).toBe(422);
      expect(body.errors?.['articles']).toBeDefined();
    }
  });
});

describe('POST articles/search', () => {
  it('answers hits in Elasticsearch shape with articles as _source', async () => {
    const { status, body } = await search({ query: '', take: 25, page: 0 });
    expect(status).toBe(200);
    expect(keys(body)).toEqual(['hits']);
    expect(keys(body.hits)).toEqual(['hits', 'total']);
    expect(body.hits.total).toEqual({ value: visibleIds.length, relation: 'eq' });
    expect(body.hits.hits).toHaveLength(25);
    for (const hit of body.hits.hits) {
      expect(keys(hit)).toEqual(['_id', '_score', '_source']);
      expect(hit._id).toBe(String(hit._source.id));
      expect(keys(hit._source)).toEqual(ARTICLE_KEYS);
      expect(hit._source.visible).toBe(true);
    }
  });

  it('defaults take to 1000 and pages from zero', async () => {
    const all = await search({});
    expect(all.status).toBe(200);
    expect(all.body.hits.hits).toHaveLength(Math.min(1000, visibleIds.length));
    const first = await search({ take: 10, page: 0 });
    const second = await search({ take: 10, page: 1 });
    expect(second.body.hits.hits.map((h) => h._id)).toEqual(
      all.body.hits.hits.slice(10, 20).map((h) => h._id),
    );
    expect(first.body.hits.hits.map((h) => h._id)).toEqual(
      all.body.hits.hits.slice(0, 10).map((h) => h._id),
    );
  });

  it('finds an article by a word of its name', async () => {
    const [row] = t.rows<{ id: number; name: string }>(
      'SELECT id, name FROM articles WHERE visible = 1 AND id = ?',
      visibleIds[5] ?? 0,
    );
    const word = (row?.name ?? '').split(/\s+/).find((w) => w.length >= 4) ?? '';
    const { body } = await search({ query: word, take: 1000, page: 0 });
    expect(body.hits.total.value).toBeGreaterThan(0);
    expect(body.hits.hits.map((h) => h._source.id)).toContain(row?.id);
  });

  it('applies filters and sort', async () => {
    const { body } = await search({
      query: '',
      take: 1000,
      page: 0,
      filters: 'GenderID = 2 AND GrossPrice > 50000',
      sort: 'price:asc',
    });
    expect(body.hits.hits.length).toBeGreaterThan(0);
    for (const hit of body.hits.hits) {
      expect(hit._source.genderId).toBe(2);
      expect(hit._source.price).toBeGreaterThan(50000);
    }
    const prices = body.hits.hits.map((h) => h._source.price);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
  });

  it("restricts to a tenant's assortment, and a crafted filter cannot escape it", async () => {
    const { id, assortment } = t.restrictedTenant();
    const { status, body } = await search({ query: '', take: 1000, page: 0 }, `?tenant=${id}`);
    expect(status).toBe(200);
    expect(body.hits.total.value).toBeGreaterThan(0);
    for (const hit of body.hits.hits) {
      expect(assortment.genderIds).toContain(hit._source.genderId);
      expect(assortment.mainGroupIds).toContain(hit._source.mainGroupId);
    }
    const escape = await search({ filters: 'GenderID = 1) OR (GenderID = 2' }, `?tenant=${id}`);
    expect(escape.status).toBe(400);
    expect(escape.body.position).toBe('GenderID = 1'.length);
  });

  it("does not count the tenant's assortment against the shopper's filter limits", async () => {
    // A brand selling many genders: its assortment alone is a dozen conditions.
    const { id: restricted, assortment } = t.restrictedTenant();
    const id = 'wide-brand';
    const wide = {
      ...assortment,
      genderIds: [...assortment.genderIds, ...Array.from({ length: 10 }, (_, i) => 900 + i)],
    };
    t.db
      .prepare(
        `INSERT INTO tenants (id, tenant, settings)
         SELECT ?, json_set(tenant, '$.assortment', json(?)), settings FROM tenants WHERE id = ?`,
      )
      .run(id, JSON.stringify(wide), restricted);
    const deepest = `${'('.repeat(filterLimits.maxDepth)}GenderID = 1${')'.repeat(filterLimits.maxDepth)}`;
    // As many conditions as the 2,000 characters allow: `onlyCC IN[0,0,...]`.
    const longest = `onlyCC IN[${Array(995).fill('0').join(',')}]`;
    expect(longest.length).toBeLessThanOrEqual(SEARCH_LIMITS.maxFilters);
    for (const filters of [deepest, longest, '   ']) {
      const res = await search({ filters, take: 1 }, `?tenant=${id}`);
      expect(res.status, filters.slice(0, 20)).toBe(200);
      expect((await searchIds({ filters }, `?tenant=${id}`)).status).toBe(200);
    }
    const tooDeep = `(${deepest})`;
    const refused = await search({ filters: tooDeep }, `?tenant=${id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.position).toBe(filterLimits.maxDepth);
  });

  it("points a filter error into what the shopper sent, with the tenant's assortment", async () => {
    const { id } = t.restrictedTenant();
    for (const [filters, position] of [
      ['GenderID = 1 AND Colour = 2', 17],
      ['GenderID = 1 AND', 16],
      ['GenderID IN [1, 2', 17],
    ] as const) {
      const res = await search({ filters }, `?tenant=${id}`);
      expect(res.status, filters).toBe(400);
      expect(res.body.position, filters).toBe(position);
      const ids = await searchIds({ filters }, `?tenant=${id}`);
      expect((ids.body as unknown as ApiFilterError).position, filters).toBe(position);
    }
  });

  it('answers 400 with the position for a malformed filter or an unknown field', async () => {
    const malformed = await search({ query: '', take: 10, page: 0, filters: 'GenderID = 1 AND' });
    expect(malformed.status).toBe(400);
    expect(keys(malformed.body)).toEqual(['message', 'position']);
    expect(malformed.body.position).toBeGreaterThanOrEqual(13);
    const unknown = await search({ filters: 'Colour = 1' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.position).toBe(0);
  });

  it('answers 422 for out-of-range or mistyped fields', async () => {
    for (const body of [
      { take: 1001 },
      { take: 0 },
      { take: 2.5 },
      { take: 'many' },
      { page: -1 },
      { query: 'x'.repeat(201) },
      { query: 42 },
      { filters: 'GenderID = 1 OR '.repeat(134) },
      { filters: ['GenderID = 1'] },
      { sort: 'colour:asc' },
    ]) {
      const res = await search(body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(422);
      expect(res.body.errors).toBeDefined();
    }
  });

  it('accepts numeric strings as Laravel does', async () => {
    const { status, body } = await search({ take: '5', page: '1' });
    expect(status).toBe(200);
    expect(body.hits.hits).toHaveLength(5);
  });
});

describe('POST articles/searchids', () => {
  it('answers every matching id in the order search pages through them', async () => {
    const request = { query: '', take: 1000, page: 0, filters: 'GenderID IN [1, 10]' };
    const ids = await searchIds(request);
    expect(ids.status).toBe(200);
    expect(keys(ids.body)).toEqual(['ids', 'total']);
    const hits = await search(request);
    expect(ids.body.total).toBe(hits.body.hits.total.value);
    expect(ids.body.ids).toEqual(hits.body.hits.hits.map((h) => h._source.id));
  });

  it('validates like search', async () => {
    expect((await searchIds({ filters: '(' })).status).toBe(400);
    expect((await searchIds({ query: 'x'.repeat(201) })).status).toBe(422);
  });
});

describe('GET articles/brand', () => {
  it('answers brands with their number of visible articles', async () => {
    const { status, body } = await t.client.get<ApiBrand[]>('/api/v1/articles/brand');
    expect(status).toBe(200);
    for (const b of body) expect(keys(b)).toEqual(['count', 'id', 'name']);
    expect(body.reduce((sum, b) => sum + b.count, 0)).toBe(visibleIds.length);
  });

  it("counts only the tenant's assortment", async () => {
    const { id, assortment } = t.restrictedTenant();
    const { body } = await t.client.get<ApiBrand[]>(`/api/v1/articles/brand?tenant=${id}`);
    const [sql] = t.rows<{ n: number }>(
      `SELECT COUNT(*) AS n FROM articles WHERE visible = 1
       AND gender_id IN (SELECT value FROM json_each(?)) AND main_group_id IN (SELECT value FROM json_each(?))`,
      JSON.stringify(assortment.genderIds),
      JSON.stringify(assortment.mainGroupIds),
    );
    expect(body.reduce((sum, b) => sum + b.count, 0)).toBe(sql?.n);
  });
});

describe('campaign items on articles', () => {
  it('lists only campaigns not yet ended', async () => {
    const { body } = await search({ take: 1000 });
    const items = body.hits.hits.flatMap((h) => h._source.campaigns);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(Date.parse(item.end)).toBeGreaterThan(TEST_NOW.getTime());
  });
});
