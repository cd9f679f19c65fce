import type { DatabaseSync } from 'node:sqlite';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { isRecord } from '../../contract/guards.ts';
import {
  type ApiVitalsBeacon,
  type ApiVitalsMetric,
  type ApiVitalsPageType,
  type ApiVitalsReport,
  type ApiVitalsSummary,
  p75,
  VITALS_BODY_MAX,
  VITALS_DAYS,
  VITALS_MAX,
  VITALS_METRICS,
  VITALS_MIN_VIEWS,
  VITALS_NAVIGATION_TYPES,
  VITALS_PAGE_TYPES,
  VITALS_TARGET_MAX,
} from '../../contract/vitals.ts';
import { requireBearerToken } from '../http/bearer-auth.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiHttpError } from '../http/errors.ts';
import { cachedStatement } from '../db/statement-cache.ts';

/** Most rows kept; each insert drops the oldest beyond it, so a flood cannot fill the disk. */
export const VITALS_ROWS_MAX = 100_000;

const DAY_MS = 86_400_000;

const includes = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

function refused(): ApiHttpError {
  return new ApiHttpError(400, { message: 'Not a page view’s vitals.' });
}

/** One metric as stored, or null when anything about it is off. */
function readMetric(value: unknown): ApiVitalsMetric | null {
  if (!isRecord(value)) return null;
  const { name, value: figure, navigationType, target, ...rest } = value;
  if (Object.keys(rest).length > 0) return null;
  if (!includes(VITALS_METRICS, name) || !includes(VITALS_NAVIGATION_TYPES, navigationType)) {
    return null;
  }
  if (typeof figure !== 'number' || !(figure >= 0 && figure <= VITALS_MAX[name])) return null;
  if (target !== undefined && (typeof target !== 'string' || target.length > VITALS_TARGET_MAX)) {
    return null;
  }
  return { name, value: figure, navigationType, ...(target === undefined ? {} : { target }) };
}

/**
 * The beacon in `text`, or a 400: a JSON object of exactly a known brand, a known page type
 * and one to four metrics, each name once, each value within its range.
 */
function readBeacon(db: DatabaseSync, text: string): ApiVitalsBeacon {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw refused();
  }
  if (!isRecord(body)) throw refused();
  const { brand, page, metrics, ...rest } = body;
  if (Object.keys(rest).length > 0 || !includes(VITALS_PAGE_TYPES, page)) throw refused();
  if (typeof brand !== 'string' || !knownBrand(db, brand)) throw refused();
  if (!Array.isArray(metrics) || metrics.length === 0 || metrics.length > VITALS_METRICS.length) {
    throw refused();
  }
  const read = metrics.map(readMetric);
  if (read.some((m) => m === null)) throw refused();
  const valid = read as ApiVitalsMetric[];
  if (new Set(valid.map((m) => m.name)).size !== valid.length) throw refused();
  return { brand, page, metrics: valid };
}

function knownBrand(db: DatabaseSync, brand: string): boolean {
  return cachedStatement(db, 'SELECT 1 FROM tenants WHERE id = ?').get(brand) !== undefined;
}

function store(db: DatabaseSync, beacon: ApiVitalsBeacon, now: Date): void {
  const insert = cachedStatement(
    db,
    `INSERT INTO vitals (received_at, brand, page, metric, value, navigation_type, target)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const at = now.toISOString();
  for (const m of beacon.metrics) {
    insert.run(at, beacon.brand, beacon.page, m.name, m.value, m.navigationType, m.target ?? null);
  }
  // Rows older than the period shown, and the oldest beyond the cap, go.
  cachedStatement(db, 'DELETE FROM vitals WHERE received_at < ?').run(
    new Date(now.getTime() - VITALS_DAYS * DAY_MS).toISOString(),
  );
  cachedStatement(db, 'DELETE FROM vitals WHERE id <= (SELECT MAX(id) FROM vitals) - ?').run(
    VITALS_ROWS_MAX,
  );
}

/** Every brand's, page type's and metric's views and p75 since `since`. */
function report(db: DatabaseSync, since: Date): ApiVitalsReport {
  const rows = cachedStatement(
    db,
    `SELECT brand, page, metric, value FROM vitals WHERE received_at >= ?
     ORDER BY brand, page, metric`,
  ).all(since.toISOString()) as Array<{
    brand: string;
    page: ApiVitalsPageType;
    metric: ApiVitalsSummary['metric'];
    value: number;
  }>;
  const groups = new Map<
    string,
    { key: Omit<ApiVitalsSummary, 'views' | 'p75'>; values: number[] }
  >();
  for (const { brand, page, metric, value } of rows) {
    const id = `${brand}\0${page}\0${metric}`;
    const group = groups.get(id) ?? { key: { brand, page, metric }, values: [] };
    group.values.push(value);
    groups.set(id, group);
  }
  return {
    since: since.toISOString(),
    summaries: [...groups.values()].map(({ key, values }) => ({
      ...key,
      views: values.length,
      p75: values.length < VITALS_MIN_VIEWS ? null : p75(values),
    })),
  };
}

/**
 * Field measurement under /api/v1 (contract/README.md, "Field measurement"). `POST vitals`
 * takes a page view's beacon from any shopper who allowed statistics: no XSRF token (a beacon
 * sends none), no session read or started, no cookie set, a body of at most
 * {@link VITALS_BODY_MAX} bytes, a valid shape only (400 for anything else, 413 for a larger
 * body), the request limits' own `vitals` limit; 204 once stored. `GET admin/vitals`, with
 * the campaign administration's bearer token, answers the p75 of the last
 * {@link VITALS_DAYS} days per brand, page type and metric. Mounted before the session
 * middleware (server/app.ts), so neither call touches a session.
 */
export function vitalsRoutes(token: string | null): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post(
    '/vitals',
    bodyLimit({
      maxSize: VITALS_BODY_MAX,
      onError: (c) => c.json({ message: 'The request body is too large.' }, 413),
    }),
    async (c) => {
      const beacon = readBeacon(c.get('db'), await c.req.text());
      store(c.get('db'), beacon, c.get('now')());
      c.header('Cache-Control', 'no-store');
      return c.body(null, 204);
    },
  );

  routes.get('/admin/vitals', requireBearerToken(token), (c) => {
    const since = new Date(c.get('now')().getTime() - VITALS_DAYS * DAY_MS);
    c.header('Cache-Control', 'no-store');
    return c.json<ApiVitalsReport>(report(c.get('db'), since));
  });

  return routes;
}
