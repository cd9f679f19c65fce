import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiArticle,
  ApiArticleChanges,
  ApiBestseller,
  ApiCampaign,
  ApiCampaignArticleIds,
  ApiCampaignWithArticles,
  ApiCategory,
  ApiColorGroup,
  ApiDataList,
  ApiError,
  ApiGender,
  ApiGroup,
  ApiPaginated,
  ApiProductLine,
} from '../../contract/index.ts';
import { rebuildSearchIndex } from '../search/indexer.ts';
import {
  ARTICLE_KEYS,
  CAMPAIGN_ITEM_KEYS,
  TEST_NOW,
  type TestCatalogue,
  createTestCatalogue,
} from '../test-support/catalogue.ts';

const primary = new Intl.Collator('nb-NO', { sensitivity: 'base' });
const keys = (o: object): string[] => Object.keys(o).sort();

let t: TestCatalogue;
// A main group with several pages of articles, and Norwegian names added to it.
let bigCategory: { id: number; n: number };
const nordicNames = ['Åre anorakk', 'Ørnebukse', 'Ærlig lue', 'Zulu sko', 'Aasen vest'];

beforeAll(() => {
  t = createTestCatalogue();
  [bigCategory] = t.rows<{ id: number; n: number }>(
    `SELECT main_group_id AS id, COUNT(*) AS n FROM articles WHERE visible = 1
     GROUP BY main_group_id ORDER BY n DESC LIMIT 1`,
  ) as [{ id: number; n: number }];
  // Copies of a visible article of that group under names that test Norwegian order.
  const [{ id: template } = { id: 0 }] = t.rows<{ id: number }>(
    'SELECT id FROM articles WHERE visible = 1 AND main_group_id = ? LIMIT 1',
    bigCategory.id,
  );
  const columns = t
    .rows<{ name: string }>('SELECT name FROM pragma_table_info(?)', 'articles')
    .map((c) => c.name)
    .filter((c) => !['id', 'article_no', 'name'].includes(c));
  for (const [i, name] of nordicNames.entries()) {
    t.db
      .prepare(
        `INSERT INTO articles (article_no, name, ${columns.join(', ')})
         SELECT ?, ?, ${columns.join(', ')} FROM articles WHERE id = ?`,
      )
      .run(`TEST-${String(i)}`, name, template);
  }
  bigCategory.n += nordicNames.length;
  // New articles get their sort keys (and search rows) from the indexer, as after a seed.
  rebuildSearchIndex(t.db);
});
afterAll(() => {
  t.db.close();
});

async function categoryPage(
  query: string,
): Promise<{ status: number; body: ApiPaginated<ApiArticle> }> {
  return t.client.get<ApiPaginated<ApiArticle>>(
    `/api/v1/categories/${String(bigCategory.id)}/articles${query}`,
  );
}

describe('GET categories', () => {
  it('lists main groups with counts, price ranges, pages, subcategories and groups', async () => {
    const { status, body, res } = await t.client.get<ApiCategory[]>('/api/v1/categories');
    expect(status).toBe(200);
    expect(res.headers.get('Cache-Control')).toMatch(/max-age=60/);
    expect(body.length).toBeGreaterThan(0);
    for (const category of body) {
      expect(keys(category)).toEqual(
        [
          'id',
          'name',
          'count',
          'banner',
          'bannerLink',
          'current_page',
          'last_page',
          'minPrice',
          'maxPrice',
          'subcategories',
          'availableProductlines',
        ].sort(),
      );
      const [sql] = t.rows<{ n: number; min: number; max: number }>(
        'SELECT COUNT(*) AS n, MIN(price) AS min, MAX(price) AS max FROM articles WHERE visible = 1 AND main_group_id = ?',
        category.id,
      );
      expect(category.count).toBe(sql?.n);
      expect(category.minPrice).toBe(Math.floor(sql?.min ?? NaN));
      expect(category.maxPrice).toBe(Math.ceil(sql?.max ?? NaN));
      expect(category.current_page).toBe(1);
      expect(category.last_page).toBe(Math.ceil(category.count / 20));
      expect(category.subcategories.reduce((sum, s) => sum + s.articlesCount, 0)).toBe(
        category.count,
      );
      for (const sub of category.subcategories) {
        expect(keys(sub)).toEqual(
          [
            'ArticleGroup2ID',
            'MainGroupID',
            'Name',
            'minPrice',
            'maxPrice',
            'articlesCount',
            'custom',
            'groups',
          ].sort(),
        );
        expect(sub.MainGroupID).toBe(category.id);
        expect(sub.minPrice).toBeGreaterThanOrEqual(category.minPrice);
        expect(sub.maxPrice).toBeLessThanOrEqual(category.maxPrice);
        expect([0, 1]).toContain(sub.custom);
        for (const group of sub.groups) {
          expect(keys(group)).toEqual(['id', 'name', 'articleGroup2ID', 'articleGroup3ID'].sort());
          expect(group.articleGroup2ID).toBe(sub.ArticleGroup2ID);
        }
      }
      for (const line of category.availableProductlines) {
        expect(keys(line)).toEqual(['Name', 'ProductLineID']);
      }
    }
  });

  it("restricts counts to a tenant's assortment", async () => {
    const { id, assortment } = t.restrictedTenant();
    const { status, body } = await t.client.get<ApiCategory[]>(`/api/v1/categories?tenant=${id}`);
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    for (const category of body) {
      expect(assortment.mainGroupIds).toContain(category.id);
      const [sql] = t.rows<{ n: number }>(
        `SELECT COUNT(*) AS n FROM articles WHERE visible = 1 AND main_group_id = ?
         AND gender_id IN (SELECT value FROM json_each(?))`,
        category.id,
        JSON.stringify(assortment.genderIds),
      );
      expect(category.count).toBe(sql?.n);
    }
  });

  it('answers 422 for an unknown tenant', async () => {
    const { status, body } = await t.client.get<ApiError>('/api/v1/categories?tenant=nope');
    expect(status).toBe(422);
    expect(body.errors?.['tenant']).toBeDefined();
  });
});

describe('GET categories/{id}/articles', () => {
  it('answers the first page of 20 by name with Laravel paging', async () => {
    const { status, body } = await categoryPage('');
    expect(status).toBe(200);
    expect(keys(body)).toEqual(['data', 'meta']);
    expect(body.data).toHaveLength(20);
    expect(body.meta).toEqual({
      current_page: 1,
      last_page: Math.ceil(bigCategory.n / 20),
      per_page: 20,
      total: bigCategory.n,
      from: 1,
      to: 20,
    });
    for (const article of body.data) {
      expect(keys(article)).toEqual(ARTICLE_KEYS);
      expect(article.mainGroupId).toBe(bigCategory.id);
      expect(article.visible).toBe(true);
    }
  });

  it('walks every page without gaps or repeats, and the last page is short', async () => {
    const seen = new Set<number>();
    let last = 1;
    for (let page = 1; page <= last; page++) {
      const { body } = await categoryPage(`?page=${String(page)}&per_page=7`);
      last = body.meta.last_page;
      for (const a of body.data) seen.add(a.id);
      if (page === last) expect(body.data).toHaveLength(bigCategory.n - (last - 1) * 7);
    }
    expect(seen.size).toBe(bigCategory.n);
    const beyond = await categoryPage(`?page=${String(last + 1)}&per_page=7`);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.meta.from).toBeNull();
    expect(beyond.body.meta.to).toBeNull();
  });

  it('sorts by name in Norwegian order, ascending and descending', async () => {
    const all = await categoryPage('?per_page=100&orderBy=Name&order=asc');
    const everything: string[] = [];
    for (let page = 1; page <= all.body.meta.last_page; page++) {
      const { body } = await categoryPage(`?per_page=100&orderBy=Name&page=${String(page)}`);
      everything.push(...body.data.map((a) => a.name));
    }
    for (let i = 1; i < everything.length; i++) {
      expect(primary.compare(everything[i - 1] ?? '', everything[i] ?? '')).toBeLessThanOrEqual(0);
    }
    // Æ, Ø, Å (and Aa, read as Å) come after Z.
    expect(everything.filter((name) => nordicNames.includes(name))).toEqual([
      'Zulu sko',
      'Ærlig lue',
      'Ørnebukse',
      'Åre anorakk',
      'Aasen vest',
    ]);

    const desc = await categoryPage('?per_page=5&orderBy=Name&order=desc');
    expect(desc.body.data.map((a) => a.name)).toEqual(everything.slice(-5).reverse());
  });

  it('sorts by price, bestseller rank and creation date', async () => {
    const asc = await categoryPage('?per_page=100&orderBy=Price');
    const prices = asc.body.data.map((a) => a.price);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
    const desc = await categoryPage('?per_page=100&orderBy=Price&order=desc');
    expect(desc.body.data[0]?.price).toBe(
      t.rows<{ p: number }>(
        'SELECT MAX(price) AS p FROM articles WHERE visible = 1 AND main_group_id = ?',
        bigCategory.id,
      )[0]?.p,
    );
    const best = await categoryPage('?per_page=100&orderBy=Bestseller');
    const ranks = best.body.data.map((a) => a.bestsellerQty ?? 9999);
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
    const newest = await categoryPage('?per_page=100&orderBy=DateCreated&order=desc');
    const [latest] = t.rows<{ d: string }>(
      'SELECT MAX(date_created) AS d FROM articles WHERE visible = 1 AND main_group_id = ?',
      bigCategory.id,
    );
    const first = newest.body.data[0];
    expect(
      t.rows<{ d: string }>(
        'SELECT date_created AS d FROM articles WHERE id = ?',
        first?.id ?? 0,
      )[0]?.d,
    ).toBe(latest?.d);
  });

  it('filters by genders', async () => {
    const { body } = await categoryPage('?per_page=100&genders=1,2');
    expect(body.data.length).toBeGreaterThan(0);
    for (const a of body.data) expect([1, 2]).toContain(a.genderId);
    const [sql] = t.rows<{ n: number }>(
      'SELECT COUNT(*) AS n FROM articles WHERE visible = 1 AND main_group_id = ? AND gender_id IN (1, 2)',
      bigCategory.id,
    );
    expect(body.meta.total).toBe(sql?.n);
  });

  it("restricts to a tenant's assortment", async () => {
    const { id, assortment } = t.restrictedTenant();
    const [mainGroupId] = assortment.mainGroupIds;
    const { status, body } = await t.client.get<ApiPaginated<ApiArticle>>(
      `/api/v1/categories/${String(mainGroupId)}/articles?per_page=100&tenant=${id}`,
    );
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    for (const a of body.data) expect(assortment.genderIds).toContain(a.genderId);
  });

  it('answers 422 for bad page, per_page, orderBy, order, genders and ids, 404 for an unknown category', async () => {
    for (const query of [
      '?page=0',
      '?page=-1',
      '?page=abc',
      '?per_page=0',
      '?per_page=101',
      '?per_page=1e2',
      '?orderBy=Color',
      '?orderBy=name',
      '?order=up',
      '?genders=1,x',
      '?genders=,',
    ]) {
      const { status, body } = await categoryPage(query);
      expect(status, query).toBe(422);
      expect((body as unknown as ApiError).errors).toBeDefined();
    }
    expect((await t.client.get('/api/v1/categories/abc/articles')).status).toBe(422);
    const missing = await t.client.get<ApiError>('/api/v1/categories/999999/articles');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toEqual(expect.any(String));
  });
});

describe('subcategories', () => {
  it('GET subcategories/{id}/groups lists the groups that have articles', async () => {
    const [sub] = t.rows<{ id: number }>(
      'SELECT group2_id AS id FROM articles WHERE visible = 1 LIMIT 1',
    );
    const { status, body } = await t.client.get<ApiGroup[]>(
      `/api/v1/subcategories/${String(sub?.id)}/groups`,
    );
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    for (const g of body) {
      expect(keys(g)).toEqual(['id', 'name', 'articleGroup2ID', 'articleGroup3ID'].sort());
      expect(g.articleGroup2ID).toBe(sub?.id);
      expect(g.id).toBe(g.articleGroup3ID);
    }
    const names = body.map((g) => g.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('nb-NO').compare));
  });

  it('GET subcategories/{id}/articles lists every visible article of the subcategory', async () => {
    const [sub] = t.rows<{ id: number; n: number }>(
      'SELECT group2_id AS id, COUNT(*) AS n FROM articles WHERE visible = 1 GROUP BY group2_id LIMIT 1',
    );
    const { status, body } = await t.client.get<ApiArticle[]>(
      `/api/v1/subcategories/${String(sub?.id)}/articles`,
    );
    expect(status).toBe(200);
    expect(body).toHaveLength(sub?.n ?? -1);
    for (const a of body) {
      expect(keys(a)).toEqual(ARTICLE_KEYS);
      expect(a.articleGroup2ID).toBe(sub?.id);
    }
  });

  it('answers 404 for an unknown subcategory and 422 for a bad id', async () => {
    expect((await t.client.get('/api/v1/subcategories/999999/groups')).status).toBe(404);
    expect((await t.client.get('/api/v1/subcategories/999999/articles')).status).toBe(404);
    expect((await t.client.get('/api/v1/subcategories/x/groups')).status).toBe(422);
    expect((await t.client.get('/api/v1/subcategories/0/articles')).status).toBe(422);
  });
});

describe('articles/changes', () => {
  it('answers "all" without a cursor, then the ids an article write changed, never cached', async () => {
    const first = await t.client.get<ApiArticleChanges>('/api/v1/articles/changes');
    expect(first.status).toBe(200);
    expect(first.res.headers.get('cache-control')).toBe('no-store');
    expect(first.body.articleIds).toBeNull();
    const [{ id } = { id: 0 }] = t.rows<{ id: number }>('SELECT MAX(id) AS id FROM articles');
    t.db.prepare('UPDATE articles SET featured = 1 - featured WHERE id = ?').run(id);
    const since = encodeURIComponent(first.body.cursor);
    const next = await t.client.get<ApiArticleChanges>(`/api/v1/articles/changes?since=${since}`);
    expect(next.body.articleIds).toEqual([id]);
  });
});

describe('reference lists', () => {
  it('GET genders answers the five known genders', async () => {
    const { status, body } = await t.client.get<ApiGender[]>('/api/v1/genders');
    expect(status).toBe(200);
    expect(body.map((g) => g.id)).toEqual([1, 2, 4, 10, 11]);
    for (const g of body) expect(keys(g)).toEqual(['id', 'name']);
  });

  it('GET productlines answers ProductLineID and Name', async () => {
    const { body } = await t.client.get<ApiProductLine[]>('/api/v1/productlines');
    expect(body.length).toBe(t.rows('SELECT id FROM product_lines').length);
    for (const pl of body) expect(keys(pl)).toEqual(['Name', 'ProductLineID']);
  });

  it('GET colorgroups answers every colour group', async () => {
    const { body } = await t.client.get<ApiColorGroup[]>('/api/v1/colorgroups');
    expect(body.length).toBe(t.rows('SELECT id FROM color_groups').length);
    for (const g of body) expect(keys(g)).toEqual(['colorId', 'hex', 'id', 'label', 'name']);
  });

  it('GET bestsellers answers ranks of visible articles, best first', async () => {
    const { body } = await t.client.get<ApiBestseller[]>('/api/v1/bestsellers');
    expect(body.length).toBeGreaterThan(0);
    for (const b of body) expect(keys(b)).toEqual(['article_id', 'qty_rank', 'turnover_rank']);
    const ranks = body.map((b) => b.qty_rank);
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
  });
});

describe('campaigns', () => {
  const campaignKeys = [
    'id',
    'name',
    'shortDescription',
    'description',
    'start',
    'end',
    'count',
    'image',
    'imageMobile',
    'showLabel',
    'showImage',
    'labelText',
    'url',
  ].sort();

  it('GET campaigns/ answers campaigns not yet ended, pending ones included, in data', async () => {
    const { status, body } = await t.client.get<ApiDataList<ApiCampaign>>('/api/v1/campaigns/');
    expect(status).toBe(200);
    expect(keys(body)).toEqual(['data']);
    const expected = t.rows<{ id: number }>(
      'SELECT id FROM campaigns WHERE end > ?',
      TEST_NOW.toISOString(),
    );
    expect(body.data.map((c) => c.id).sort()).toEqual(expected.map((r) => r.id).sort());
    for (const c of body.data) {
      expect(keys(c)).toEqual(campaignKeys);
      expect(Date.parse(c.end)).toBeGreaterThan(TEST_NOW.getTime());
    }
    const withoutSlash = await t.client.get<ApiDataList<ApiCampaign>>('/api/v1/campaigns');
    expect(withoutSlash.body).toEqual(body);
  });

  it('GET campaigns/combined/articles answers each campaign with its items and articles', async () => {
    const { status, body } = await t.client.get<ApiDataList<ApiCampaignWithArticles>>(
      '/api/v1/campaigns/combined/articles',
    );
    expect(status).toBe(200);
    expect(body.data.some((c) => c.articles.length > 0)).toBe(true);
    for (const c of body.data) {
      expect(keys(c)).toEqual([...campaignKeys, 'items', 'articles'].sort());
      expect(c.count).toBe(c.articles.length);
      const articleIds = new Set(c.articles.map((a) => a.id));
      for (const item of c.items) {
        expect(keys(item)).toEqual(CAMPAIGN_ITEM_KEYS);
        expect(item.campaignId).toBe(c.id);
        expect(articleIds.has(item.articleId)).toBe(true);
      }
      for (const a of c.articles) {
        expect(keys(a)).toEqual(ARTICLE_KEYS);
        expect(a.campaigns.some((i) => i.campaignId === c.id)).toBe(true);
      }
    }
  });

  it.each([
    ['every brand', () => ''],
    ["a tenant's assortment", () => `?tenant=${t.restrictedTenant().id}`],
  ])(
    'GET campaigns/combined/articleids answers for %s what combined/articles says, without the articles',
    async (_, query) => {
      const get = async <T>(path: string) => {
        const { status, body } = await t.client.get<ApiDataList<T>>(`${path}${query()}`);
        expect(status).toBe(200);
        return body.data;
      };
      const full = await get<ApiCampaignWithArticles>('/api/v1/campaigns/combined/articles');
      const ids = await get<ApiCampaignArticleIds>('/api/v1/campaigns/combined/articleids');
      expect(full.some((c) => c.articles.length > 0)).toBe(true);
      expect(ids).toEqual(
        full.map(({ items, articles, ...campaign }) => {
          void articles;
          // Each article once, where its first item stands.
          return { ...campaign, articleIds: [...new Set(items.map((i) => i.articleId))] };
        }),
      );
    },
  );
});
