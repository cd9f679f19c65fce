import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  ApiAdminCampaign,
  ApiAdminCampaignInput,
  ApiArticleDetail,
  ApiCampaign,
  ApiDataList,
  ApiError,
} from '../../contract/index.ts';
import { type CreateAppOptions, createApp } from '../app.ts';
import { BEARER_REFUSED } from '../http/bearer-auth.ts';
import { NO_RATE_LIMITS } from '../http/rate-limit.ts';
import { TEST_NOW, type TestCatalogue, createTestCatalogue } from '../test-support/catalogue.ts';
import type { CampaignChange } from './campaigns-admin.ts';

const TOKEN = 'kampanje-token-0123456789abcdef';
const HOUR = 3_600_000;
const at = (hours: number): string => new Date(TEST_NOW.getTime() + hours * HOUR).toISOString();

const changes: CampaignChange[] = [];
let t: TestCatalogue;
// Visible articles: one every brand shows (children's, main group 1, in the restricted
// brand's assortment) and one the restricted brand does not show; and a hidden article.
let kid: number;
let adult: number;
let hidden: number;
let allBrands: string[];
let openBrands: string[];

beforeAll(() => {
  t = createTestCatalogue(400, {
    campaignAdminToken: TOKEN,
    onCampaignChange: (change) => {
      changes.push(change);
    },
  });
  const restricted = t.restrictedTenant();
  allBrands = t.rows<{ id: string }>('SELECT id FROM tenants').map((r) => r.id);
  openBrands = allBrands.filter((id) => id !== restricted.id);
  const pick = (where: string, ...params: Array<string | number>): number => {
    const [row] = t.rows<{ id: number }>(
      `SELECT id FROM articles WHERE ${where} LIMIT 1`,
      ...params,
    );
    if (row === undefined) throw new Error(`No article where ${where}`);
    return row.id;
  };
  kid = pick(
    'visible = 1 AND gender_id IN (SELECT value FROM json_each(?)) AND main_group_id IN (SELECT value FROM json_each(?))',
    JSON.stringify(restricted.assortment.genderIds),
    JSON.stringify(restricted.assortment.mainGroupIds),
  );
  adult = pick(
    'visible = 1 AND gender_id NOT IN (SELECT value FROM json_each(?))',
    JSON.stringify(restricted.assortment.genderIds),
  );
  hidden = pick('visible = 0');
});
afterAll(() => {
  t.db.close();
});
afterEach(() => {
  changes.length = 0;
  vi.restoreAllMocks();
});

/** Another app over the same database, with options of its own. */
function appWith(options: Omit<CreateAppOptions, 'db'>): ReturnType<typeof createApp> {
  return createApp({ db: t.db, now: () => TEST_NOW, rateLimits: NO_RATE_LIMITS, ...options });
}

/** A request as marketing's CLI sends it: a bearer token, no cookies, no XSRF header. */
async function admin<T>(
  method: string,
  path: string,
  body?: unknown,
  token: string | null = TOKEN,
): Promise<{ status: number; body: T; res: Response }> {
  const headers = new Headers({ 'Content-Type': 'application/json' });
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  const res = await t.app.request(`/api/v1/admin/campaigns${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as T, res };
}

function campaignInput(overrides: Partial<ApiAdminCampaignInput> = {}): ApiAdminCampaignInput {
  return {
    name: 'Vårsalg',
    shortDescription: 'Opptil 30 % på vårjakker',
    description: 'Ut på tur!',
    start: at(-1),
    end: at(24),
    labelText: 'Vårsalg',
    items: [
      {
        articleId: adult,
        price: 49_900,
        labelType: 'percent',
        labelData: { text: '-30%', color: '#15803d' },
      },
    ],
    ...overrides,
  };
}

async function publicArticle(id: number): Promise<ApiArticleDetail> {
  const { status, body } = await t.client.get<ApiArticleDetail>(`/api/v1/articles/${String(id)}`);
  expect(status).toBe(200);
  return body;
}

async function publicCampaignIds(): Promise<number[]> {
  const { body } = await t.client.get<ApiDataList<ApiCampaign>>('/api/v1/campaigns/');
  return body.data.map((c) => c.id);
}

const campaignCount = (): number =>
  t.rows<{ n: number }>('SELECT COUNT(*) AS n FROM campaigns')[0]?.n ?? 0;

describe('admin/campaigns: authentication', () => {
  it('refuses a missing, a wrong and a non-bearer token with 401 and WWW-Authenticate', async () => {
    const count = campaignCount();
    const attempts: Array<Record<string, string>> = [
      {},
      { Authorization: 'Bearer wrong-token' },
      { Authorization: `Bearer ${TOKEN}x` },
      { Authorization: `Basic ${Buffer.from(`admin:${TOKEN}`).toString('base64')}` },
      { Authorization: TOKEN },
    ];
    for (const headers of attempts) {
      for (const [method, path] of [
        ['GET', ''],
        ['POST', ''],
        ['PATCH', '/1'],
        ['POST', '/1/end'],
      ] as const) {
        const res = await t.app.request(`/api/v1/admin/campaigns${path}`, {
          method,
          headers: { ...headers, 'Content-Type': 'application/json' },
          ...(method === 'GET' ? {} : { body: JSON.stringify(campaignInput()) }),
        });
        expect(res.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.headers.get('WWW-Authenticate')).toBe('Bearer');
        const text = await res.text();
        expect(JSON.parse(text)).toEqual({ message: BEARER_REFUSED });
        expect(text).not.toContain(TOKEN);
      }
    }
    expect(campaignCount()).toBe(count);
    expect(changes).toEqual([]);
  });

  it('refuses every call when no token is configured, even an empty bearer', async () => {
    for (const token of [null, '']) {
      const app = appWith({
        campaignAdminToken: token,
      });
      for (const authorization of ['Bearer ', 'Bearer null', `Bearer ${TOKEN}`]) {
        const res = await app.request('/api/v1/admin/campaigns', {
          headers: { Authorization: authorization },
        });
        expect(res.status).toBe(401);
        expect(res.headers.get('WWW-Authenticate')).toBe('Bearer');
      }
    }
  });

  it('takes the token from CAMPAIGN_ADMIN_TOKEN by default', async () => {
    vi.stubEnv('CAMPAIGN_ADMIN_TOKEN', 'fra-miljoet');
    try {
      const app = appWith({});
      const ok = await app.request('/api/v1/admin/campaigns', {
        headers: { Authorization: 'Bearer fra-miljoet' },
      });
      expect(ok.status).toBe(200);
      const refused = await app.request('/api/v1/admin/campaigns', {
        headers: { Authorization: `Bearer ${TOKEN}` },
      });
      expect(refused.status).toBe(401);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('needs no session or XSRF token, starts no session and logs no token', async () => {
    const logged: unknown[] = [];
    for (const method of ['log', 'info', 'warn', 'error'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        logged.push(...args);
      });
    }
    const app = appWith({
      campaignAdminToken: TOKEN,
      logRequests: true,
    });
    const sessionsBefore = t.rows<{ n: number }>('SELECT COUNT(*) AS n FROM sessions')[0]?.n;
    const created = await app.request('/api/v1/admin/campaigns', {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(campaignInput({ name: 'Uten økt', items: [] })),
    });
    expect(created.status).toBe(201);
    expect(created.headers.getSetCookie()).toEqual([]);
    expect(created.headers.get('Cache-Control')).toBe('no-store');
    const wrong = await app.request('/api/v1/admin/campaigns', {
      headers: { Authorization: 'Bearer not-the-token' },
    });
    expect(wrong.status).toBe(401);
    expect(t.rows<{ n: number }>('SELECT COUNT(*) AS n FROM sessions')[0]?.n).toBe(sessionsBefore);
    expect(logged.length).toBeGreaterThan(0);
    const text = logged.map(String).join('\n');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('not-the-token');
  });
  it('counts writes, refused ones too, against the unsafe-call limit; reads are free', async () => {
    const app = appWith({
      campaignAdminToken: TOKEN,
      rateLimits: { search: null, unsafe: { requests: 1, seconds: 60 } },
    });
    const end = async (token: string): Promise<Response> =>
      app.request('/api/v1/admin/campaigns/99999/end', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
      });
    expect((await end('gjetning')).status).toBe(401);
    expect((await end(TOKEN)).status).toBe(429);
    const read = await app.request('/api/v1/admin/campaigns', {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(read.status).toBe(200);
  });
});

describe('admin/campaigns: create, change and end', () => {
  it('round-trips through the public campaigns and article answers', async () => {
    const before = (await publicArticle(adult)).campaigns.map((c) => c.campaignId);

    // Create: the campaign runs now, so its price is on the article.
    const created = await admin<ApiAdminCampaign>('POST', '', campaignInput());
    expect(created.status).toBe(201);
    const campaign = created.body;
    expect(campaign).toMatchObject({
      name: 'Vårsalg',
      shortDescription: 'Opptil 30 % på vårjakker',
      start: at(-1),
      end: at(24),
      count: 1,
      image: null,
      imageMobile: null,
      showLabel: 1,
      showImage: 1,
      labelText: 'Vårsalg',
      url: null,
    });
    // The brands whose pages show its article: the builds it touches.
    expect(campaign.brands?.length).toBeGreaterThan(0);
    expect(campaign.items).toEqual([
      {
        id: expect.any(Number) as number,
        campaignId: campaign.id,
        articleId: adult,
        price: 49_900,
        labelType: 'percent',
        labelData: '{"text":"-30%","color":"#15803d"}',
        labelText: 'Vårsalg',
        start: at(-1),
        end: at(24),
      },
    ]);
    expect(await publicCampaignIds()).toContain(campaign.id);
    const onArticle = (await publicArticle(adult)).campaigns;
    expect(onArticle).toHaveLength(before.length + 1);
    expect(onArticle.find((c) => c.campaignId === campaign.id)).toEqual(campaign.items[0]);
    const listed = await admin<ApiDataList<ApiAdminCampaign>>('GET', '');
    expect(listed.status).toBe(200);
    expect(listed.body.data.find((c) => c.id === campaign.id)).toEqual(campaign);

    // Change: a new name, and the adult article's price changes while the kid's is added.
    const adultItemId = campaign.items[0]?.id;
    const changed = await admin<ApiAdminCampaign>('PATCH', `/${String(campaign.id)}`, {
      name: 'Vårsalg 2',
      items: [
        { articleId: kid, price: 19_900, labelType: 'price', labelData: '{"text":"199,-"}' },
        { articleId: adult, price: 44_900, labelType: 'percent', labelData: { text: '-40%' } },
      ],
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Vårsalg 2', count: 2, start: at(-1) });
    // The adult article keeps its item id, so a cart holding it keeps the campaign price.
    expect(changed.body.items.find((i) => i.articleId === adult)).toMatchObject({
      id: adultItemId,
      price: 44_900,
    });
    expect((await publicArticle(kid)).campaigns).toContainEqual(
      expect.objectContaining({ campaignId: campaign.id, price: 19_900, labelText: 'Vårsalg' }),
    );

    // Replace the items with the kid's alone: the adult article loses the campaign price.
    const replaced = await admin<ApiAdminCampaign>('PATCH', `/${String(campaign.id)}`, {
      items: [{ articleId: kid, price: 17_900, labelType: 'price', labelData: {} }],
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.items.map((i) => [i.articleId, i.price])).toEqual([[kid, 17_900]]);
    expect(replaced.body.name).toBe('Vårsalg 2');
    expect((await publicArticle(adult)).campaigns.map((c) => c.campaignId)).not.toContain(
      campaign.id,
    );
    // The removed item is kept (reservation lines may name it), marked removed.
    expect(
      t.rows<{ removed_at: string | null }>(
        'SELECT removed_at FROM campaign_items WHERE id = ?',
        adultItemId ?? 0,
      ),
    ).toEqual([{ removed_at: TEST_NOW.toISOString() }]);

    // End: the campaign stops now and leaves the public answers, but stays in the admin list.
    const ended = await admin<ApiAdminCampaign>('POST', `/${String(campaign.id)}/end`);
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({
      id: campaign.id,
      start: at(-1),
      end: TEST_NOW.toISOString(),
    });
    expect(await publicCampaignIds()).not.toContain(campaign.id);
    expect((await publicArticle(kid)).campaigns.map((c) => c.campaignId)).not.toContain(
      campaign.id,
    );
    const after = await admin<ApiDataList<ApiAdminCampaign>>('GET', '');
    expect(after.body.data.find((c) => c.id === campaign.id)).toEqual(ended.body);

    const again = await admin<ApiError>('POST', `/${String(campaign.id)}/end`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Kampanjen er allerede avsluttet.');
  });

  it('ends a coming campaign before it ever runs', async () => {
    const created = await admin<ApiAdminCampaign>(
      'POST',
      '',
      campaignInput({ start: at(48), end: at(72), items: [] }),
    );
    expect(created.status).toBe(201);
    // No articles: no brand's pages show it.
    expect(created.body.brands).toEqual([]);
    const ended = await admin<ApiAdminCampaign>('POST', `/${String(created.body.id)}/end`);
    expect(ended.body).toMatchObject({
      start: TEST_NOW.toISOString(),
      end: TEST_NOW.toISOString(),
    });
    expect(await publicCampaignIds()).not.toContain(created.body.id);
  });

  it('stores instants in UTC, flags from booleans and links, clearing with null or ""', async () => {
    const created = await admin<ApiAdminCampaign>(
      'POST',
      '',
      campaignInput({
        start: '2025-03-10T13:00:00+01:00',
        end: '2025-03-31T00:00:00.5+02:00',
        showLabel: false,
        showImage: 0,
        image: '/images/campaigns/1.svg',
        imageMobile: 'https://cdn.example.no/v.png',
        url: '/utvalg/1+2',
        items: [],
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      start: '2025-03-10T12:00:00.000Z',
      end: '2025-03-30T22:00:00.500Z',
      showLabel: 0,
      showImage: 0,
      image: '/images/campaigns/1.svg',
      imageMobile: 'https://cdn.example.no/v.png',
      url: '/utvalg/1+2',
      count: 0,
    });
    const changed = await admin<ApiAdminCampaign>('PATCH', `/${String(created.body.id)}`, {
      image: null,
      url: '',
      showLabel: true,
    });
    expect(changed.body).toMatchObject({ image: null, url: null, showLabel: 1, showImage: 0 });
  });
});

describe('admin/campaigns: validation', () => {
  it('answers 422 per field and writes nothing', async () => {
    const count = campaignCount();
    const cases: Array<[unknown, string, string]> = [
      [
        campaignInput({
          items: [{ articleId: 99_999_999, price: 1, labelType: 'x', labelData: {} }],
        }),
        'items.0.articleId',
        'Artikkel 99999999 finnes ikke.',
      ],
      [campaignInput({ start: at(5), end: at(4) }), 'end', 'end må være etter start.'],
      [campaignInput({ start: at(5), end: at(5) }), 'end', 'end må være etter start.'],
      [
        campaignInput({ start: '2025-02-30T00:00:00Z' }),
        'start',
        'start må være et tidspunkt med tidssone, f.eks. 2026-03-01T00:00:00+01:00.',
      ],
      [
        campaignInput({ end: '2025-04-01' }),
        'end',
        'end må være et tidspunkt med tidssone, f.eks. 2026-03-01T00:00:00+01:00.',
      ],
      [campaignInput({ name: '   ' }), 'name', 'name må fylles ut.'],
      [{ ...campaignInput(), name: undefined }, 'name', 'name må fylles ut.'],
      [{ ...campaignInput(), items: undefined }, 'items', 'items må fylles ut.'],
      [{ ...campaignInput(), navn: 'Skrivefeil' }, 'navn', 'navn er ikke et felt her.'],
      [campaignInput({ url: '//evil.example' }), 'url', 'url må begynne med / eller http(s)://.'],
      [
        campaignInput({ url: 'javascript:alert(1)' }),
        'url',
        'url må begynne med / eller http(s)://.',
      ],
      [campaignInput({ showLabel: 2 as 1 }), 'showLabel', 'showLabel må være 0 eller 1.'],
      [
        campaignInput({ items: [{ articleId: adult, price: -1, labelType: 'x', labelData: {} }] }),
        'items.0.price',
        'price kan ikke være negativ.',
      ],
      [
        campaignInput({ items: [{ articleId: 1.5, price: 1, labelType: 'x', labelData: {} }] }),
        'items.0.articleId',
        'articleId må være et positivt heltall.',
      ],
      [
        campaignInput({
          items: [{ articleId: adult, price: 1, labelType: 'x', labelData: '[1]' }],
        }),
        'items.0.labelData',
        'labelData må være et JSON-objekt eller teksten til et.',
      ],
      [
        campaignInput({
          items: [{ articleId: adult, price: 1, labelType: 'x', labelData: 'ikke json' }],
        }),
        'items.0.labelData',
        'labelData må være et JSON-objekt eller teksten til et.',
      ],
      [
        campaignInput({ items: [{ articleId: adult, price: 1, labelType: '', labelData: {} }] }),
        'items.0.labelType',
        'labelType må fylles ut.',
      ],
      [
        campaignInput({
          items: [
            { articleId: adult, price: 1, labelType: 'x', labelData: {} },
            { articleId: adult, price: 2, labelType: 'x', labelData: {} },
          ],
        }),
        'items.1.articleId',
        `Artikkel ${String(adult)} står flere ganger.`,
      ],
      [[campaignInput()], 'body', 'The request body must be a JSON object.'],
    ];
    for (const [body, field, message] of cases) {
      const { status, body: answer } = await admin<ApiError>('POST', '', body);
      expect(status, JSON.stringify(body)).toBe(422);
      expect(answer.errors?.[field], JSON.stringify(answer)).toContain(message);
      expect(answer.message).toBe(Object.values(answer.errors ?? {})[0]?.[0]);
    }
    expect(campaignCount()).toBe(count);
    expect(changes).toEqual([]);
  });

  it('checks a change against the stored campaign and rolls back all of it', async () => {
    const { body: campaign } = await admin<ApiAdminCampaign>('POST', '', campaignInput());
    changes.length = 0;
    const path = `/${String(campaign.id)}`;

    const early = await admin<ApiError>('PATCH', path, { end: at(-2) });
    expect(early.status).toBe(422);
    expect(early.body.errors?.['end']).toEqual(['end må være etter start.']);

    const unknown = await admin<ApiError>('PATCH', path, {
      name: 'Skal ikke lagres',
      items: [{ articleId: 99_999_999, price: 1, labelType: 'x', labelData: {} }],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors?.['items.0.articleId']).toEqual(['Artikkel 99999999 finnes ikke.']);

    const empty = await admin<ApiError>('PATCH', path, {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors?.['body']).toEqual(['Send minst ett felt som skal endres.']);

    const list = await admin<ApiDataList<ApiAdminCampaign>>('GET', '');
    expect(list.body.data.find((c) => c.id === campaign.id)).toEqual(campaign);
    expect(changes).toEqual([]);
  });

  it('answers 404 for an unknown campaign and 422 for an id that is not one', async () => {
    for (const [method, path, body] of [
      ['PATCH', '/99999', { name: 'x' }],
      ['POST', '/99999/end', undefined],
    ] as const) {
      const { status, body: answer } = await admin<ApiError>(method, path, body);
      expect(status).toBe(404);
      expect(answer.message).toBe('Kampanjen finnes ikke.');
    }
    const { status } = await admin<ApiError>('PATCH', '/abc', { name: 'x' });
    expect(status).toBe(422);
  });
});

describe('admin/campaigns: onCampaignChange', () => {
  const sorted = (brands: string[]): string[] => [...brands].sort();

  it('names the brands that show the articles before or after each write', async () => {
    const created = await admin<ApiAdminCampaign>('POST', '', campaignInput());
    const id = created.body.id;
    expect(changes.map((c) => ({ ...c, brands: sorted(c.brands) }))).toEqual([
      { campaignId: id, brands: sorted(openBrands) },
    ]);

    // Only the campaign's text changes: the brands that show its articles.
    await admin('PATCH', `/${String(id)}`, { description: 'Ny tekst' });
    // Moved from the adult article to the kid's: the brands of both.
    await admin('PATCH', `/${String(id)}`, {
      items: [{ articleId: kid, price: 100, labelType: 'x', labelData: {} }],
    });
    // Now only the kid's article: every brand shows it.
    await admin('POST', `/${String(id)}/end`);
    expect(changes.slice(1).map((c) => ({ ...c, brands: sorted(c.brands) }))).toEqual([
      { campaignId: id, brands: sorted(openBrands) },
      { campaignId: id, brands: sorted(allBrands) },
      { campaignId: id, brands: sorted(allBrands) },
    ]);
    expect(openBrands.length).toBeLessThan(allBrands.length);
  });

  it('names no brand for articles no brand shows', async () => {
    const created = await admin<ApiAdminCampaign>(
      'POST',
      '',
      campaignInput({
        items: [{ articleId: hidden, price: 100, labelType: 'x', labelData: {} }],
      }),
    );
    expect(created.status).toBe(201);
    expect(changes).toEqual([{ campaignId: created.body.id, brands: [] }]);
  });

  it('never fails a write for a listener that throws or rejects', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const listener of [
      () => {
        throw new Error('hook down');
      },
      () => Promise.reject(new Error('hook down')),
    ]) {
      const app = appWith({
        campaignAdminToken: TOKEN,
        onCampaignChange: listener,
      });
      const res = await app.request('/api/v1/admin/campaigns', {
        method: 'POST',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(campaignInput()),
      });
      expect(res.status).toBe(201);
    }
    await vi.waitFor(() => {
      expect(error).toHaveBeenCalledTimes(2);
    });
  });
});
