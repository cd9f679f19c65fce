import type { DatabaseSync } from 'node:sqlite';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiVitalsBeacon, ApiVitalsReport } from '../../contract/vitals.ts';
import { VITALS_BODY_MAX, VITALS_MIN_VIEWS } from '../../contract/vitals.ts';
import { createApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import type { RateLimits } from '../http/rate-limit.ts';
import { VITALS_ROWS_MAX } from './vitals.ts';

const TOKEN = 'vitals-token-0123456789abcdef';
const NOW = new Date('2026-03-10T12:00:00.000Z');
const DAY = 86_400_000;
const OPEN: RateLimits = { search: null, unsafe: null, vitals: null };

let db: DatabaseSync;
let clock: Date;

beforeEach(() => {
  db = openDatabase(':memory:');
  const tenant = db.prepare("INSERT INTO tenants (id, tenant, settings) VALUES (?, '{}', '{}')");
  for (const id of ['toppfart', 'villmark']) tenant.run(id);
  clock = NOW;
});

const appWith = (rateLimits: RateLimits = OPEN) =>
  createApp({
    db,
    now: () => clock,
    rateLimits,
    campaignAdminToken: TOKEN,
    mailTransport: null,
    outbox: false,
  });

const beacon = (over: Partial<ApiVitalsBeacon> = {}): ApiVitalsBeacon => ({
  brand: 'toppfart',
  page: 'product',
  metrics: [
    { name: 'LCP', value: 1234.5, navigationType: 'prerender', target: 'main>img' },
    { name: 'CLS', value: 0.02, navigationType: 'prerender' },
  ],
  ...over,
});

// As navigator.sendBeacon sends a string: text/plain, with whatever cookies the site holds.
const send = (app: ReturnType<typeof appWith>, body: unknown, headers: HeadersInit = {}) =>
  app.request('/api/v1/vitals', {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const rowCount = () => (db.prepare('SELECT COUNT(*) AS n FROM vitals').get() as { n: number }).n;
const sessionCount = () =>
  (db.prepare('SELECT COUNT(*) AS n FROM sessions').get() as { n: number }).n;

const reportOf = async (app: ReturnType<typeof appWith>): Promise<ApiVitalsReport> => {
  const response = await app.request('/api/v1/admin/vitals', {
    headers: { Authorization: `Bearer ${TOKEN}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as ApiVitalsReport;
};

describe('POST /api/v1/vitals', () => {
  it('stores a valid beacon, without an XSRF token, and starts or sets no session', async () => {
    const app = appWith();
    const response = await send(app, beacon());
    expect(response.status).toBe(204);
    expect(response.headers.get('Set-Cookie')).toBeNull();
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(sessionCount()).toBe(0);
    expect(
      db.prepare('SELECT brand, page, metric, value, navigation_type, target FROM vitals').all(),
    ).toEqual([
      {
        brand: 'toppfart',
        page: 'product',
        metric: 'LCP',
        value: 1234.5,
        navigation_type: 'prerender',
        target: 'main>img',
      },
      {
        brand: 'toppfart',
        page: 'product',
        metric: 'CLS',
        value: 0.02,
        navigation_type: 'prerender',
        target: null,
      },
    ]);
  });

  it('neither reads nor refreshes a session cookie the beacon carries', async () => {
    const app = appWith();
    const response = await send(app, beacon(), { Cookie: 'storefront_session=someone' });
    expect(response.status).toBe(204);
    expect(response.headers.get('Set-Cookie')).toBeNull();
    expect(sessionCount()).toBe(0);
  });

  const hostile: Array<[string, unknown]> = [
    ['garbage', 'not json at all {'],
    ['an empty body', ''],
    ['an array', [beacon()]],
    ['null', null],
    ['an unknown brand', beacon({ brand: 'naboen' })],
    ['a brand that is no string', beacon({ brand: 7 as unknown as string })],
    ['an unknown page type', beacon({ page: 'admin' as ApiVitalsBeacon['page'] })],
    ['no metrics', beacon({ metrics: [] })],
    [
      'an unknown metric',
      beacon({ metrics: [{ name: 'FID' as 'LCP', value: 10, navigationType: 'navigate' }] }),
    ],
    [
      'a metric twice',
      beacon({
        metrics: [
          { name: 'LCP', value: 10, navigationType: 'navigate' },
          { name: 'LCP', value: 20, navigationType: 'navigate' },
        ],
      }),
    ],
    [
      'a negative value',
      beacon({ metrics: [{ name: 'TTFB', value: -1, navigationType: 'navigate' }] }),
    ],
    [
      'an LCP over a minute',
      beacon({ metrics: [{ name: 'LCP', value: 60_001, navigationType: 'navigate' }] }),
    ],
    ['a CLS over 10', beacon({ metrics: [{ name: 'CLS', value: 11, navigationType: 'reload' }] })],
    [
      'a value that is no number',
      beacon({
        metrics: [{ name: 'INP', value: '80' as unknown as number, navigationType: 'navigate' }],
      }),
    ],
    [
      'an unknown navigation type',
      beacon({ metrics: [{ name: 'INP', value: 80, navigationType: 'teleport' as 'navigate' }] }),
    ],
    [
      'a long target',
      beacon({
        metrics: [{ name: 'INP', value: 80, navigationType: 'navigate', target: 'a'.repeat(201) }],
      }),
    ],
    ['an extra field', { ...beacon(), userId: 'u-1' }],
    [
      'an extra field in a metric',
      beacon({
        metrics: [{ name: 'INP', value: 80, navigationType: 'navigate', id: 'v5-1' } as never],
      }),
    ],
  ];

  it.each(hostile)('refuses %s with 400 and stores nothing', async (_, body) => {
    const app = appWith();
    const response = await send(app, body);
    expect(response.status).toBe(400);
    expect(response.headers.get('Set-Cookie')).toBeNull();
    expect(rowCount()).toBe(0);
    expect(sessionCount()).toBe(0);
  });

  it('refuses a body over its cap with 413 and stores nothing', async () => {
    const app = appWith();
    const padded = JSON.stringify(beacon()).replace(
      '}]',
      `,"x":"${'a'.repeat(VITALS_BODY_MAX)}"}]`,
    );
    const response = await send(app, padded);
    expect(response.status).toBe(413);
    expect(rowCount()).toBe(0);
  });

  it('answers a flood past its limit with 429 and stores nothing more', async () => {
    const app = appWith({ search: null, unsafe: null, vitals: { requests: 3, seconds: 60 } });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await send(app, beacon())).status);
    expect(statuses).toEqual([204, 204, 204, 429, 429]);
    expect(rowCount()).toBe(3 * 2);
  });

  it('keeps its own limit: beacons do not use up the shopper’s other unsafe requests', async () => {
    const app = appWith({ search: null, unsafe: { requests: 1, seconds: 60 }, vitals: null });
    for (let i = 0; i < 3; i++) expect((await send(app, beacon())).status).toBe(204);
    const other = await app.request('/api/v1/polls/1/answers', { method: 'POST' });
    expect(other.status).not.toBe(429);
  });

  it('drops rows older than the period and the oldest beyond the cap', async () => {
    const app = appWith();
    clock = new Date(NOW.getTime() - 8 * DAY);
    await send(app, beacon());
    clock = NOW;
    await send(
      app,
      beacon({ metrics: [{ name: 'TTFB', value: 300, navigationType: 'navigate' }] }),
    );
    expect(db.prepare('SELECT metric FROM vitals').all()).toEqual([{ metric: 'TTFB' }]);

    const insert = db.prepare(
      `INSERT INTO vitals (received_at, brand, page, metric, value, navigation_type)
       VALUES (?, 'toppfart', 'home', 'TTFB', 1, 'navigate')`,
    );
    db.exec('BEGIN');
    for (let i = 0; i < VITALS_ROWS_MAX; i++) insert.run(NOW.toISOString());
    db.exec('COMMIT');
    await send(app, beacon());
    expect(rowCount()).toBe(VITALS_ROWS_MAX);
    const newest = db.prepare('SELECT metric FROM vitals ORDER BY id DESC LIMIT 2').all();
    expect(newest).toEqual([{ metric: 'CLS' }, { metric: 'LCP' }]);
  });
});

describe('GET /api/v1/admin/vitals', () => {
  it('refuses a call without the token', async () => {
    const response = await appWith().request('/api/v1/admin/vitals');
    expect(response.status).toBe(401);
  });

  it('answers the p75 per brand, page type and metric over 7 days, none on too few views', async () => {
    const app = appWith();
    const lcp = (value: number) => ({
      name: 'LCP' as const,
      value,
      navigationType: 'navigate' as const,
    });
    // 20 product views with LCP 100, 200, ... 2000 ms; one older than the week of 9000 ms.
    clock = new Date(NOW.getTime() - 8 * DAY);
    await send(app, beacon({ metrics: [lcp(9000)] }));
    clock = new Date(NOW.getTime() - DAY);
    for (let i = 1; i <= VITALS_MIN_VIEWS; i++)
      await send(app, beacon({ metrics: [lcp(i * 100)] }));
    await send(app, beacon({ brand: 'villmark', page: 'home', metrics: [lcp(900)] }));
    clock = NOW;
    const report = await reportOf(app);
    expect(report.since).toBe(new Date(NOW.getTime() - 7 * DAY).toISOString());
    expect(report.summaries).toEqual([
      { brand: 'toppfart', page: 'product', metric: 'LCP', views: 20, p75: 1500 },
      { brand: 'villmark', page: 'home', metric: 'LCP', views: 1, p75: null },
    ]);
  });
});
