import type { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { ApiHttpError } from '../http/errors.ts';

/** What a test mounts: one sub-app at its mount point. */
export interface TestMount {
  path: string;
  routes: Hono<AppEnv>;
}

/** Per-test context of {@link createTestApp}. */
export interface TestAppOptions {
  db: DatabaseSync;
  /** Session id every request runs as; default `test-session`. */
  sessionId?: string | (() => string);
  /** Fixed clock; default the real one. */
  now?: () => Date;
}

/**
 * A bare Hono app with sub-apps mounted and only the context that route tests need (db,
 * session id, clock, the request URL's origin as the public origin) and the JSON error mapping, so route files can be tested without the
 * cookie and XSRF middleware of server/app.ts. Unexpected errors answer a bare 500 so that
 * a test can tell them apart from the API's deliberate errors.
 */
export function createTestApp(options: TestAppOptions, mounts: TestMount[]): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const session = options.sessionId ?? 'test-session';
  app.use(async (c, next) => {
    c.set('db', options.db);
    c.set('sessionId', typeof session === 'function' ? session() : session);
    c.set('now', options.now ?? (() => new Date()));
    c.set('publicOrigin', new URL(c.req.url).origin);
    await next();
  });
  for (const mount of mounts) app.route(mount.path, mount.routes);
  app.notFound((c) => c.json({ message: 'Not Found' }, 404));
  app.onError((error, c) => {
    if (error instanceof ApiHttpError) return c.json(error.body, error.status, error.headers);
    return c.json({ message: 'Server Error', detail: String(error) }, 500);
  });
  return app;
}

const QUERY_KEYS = [
  'page',
  'per_page',
  'tenant',
  'limit',
  'annotations',
  'sources',
  'destinations',
  'street',
  'housenumber',
  'postcode',
  'q',
];

// Values chosen to hit parsers where they break: signs, exponents, huge numbers, stray
// percent signs, separators of the OSRM syntax and non-ASCII letters.
const trickyValue = fc.constantFrom(
  '',
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '99999999999999999999',
  'NaN',
  'all',
  '%',
  '%ZZ',
  '%00',
  ';',
  ',',
  '10.7,59.9',
  '10.7,59.9;5.3,60.4',
  'Storgata',
  '12B',
  '0150',
  'æøå',
  'null',
  '{}',
);

const segment = fc.oneof(fc.webSegment(), trickyValue, fc.string().map(encodeURIComponent));

const queryString = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.webSegment()),
      fc.oneof(trickyValue, fc.string().map(encodeURIComponent)),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));

const request = fc.record({
  method: fc.constantFrom('GET', 'GET', 'GET', 'POST'),
  segments: fc.array(segment, { maxLength: 4 }),
  query: queryString,
  body: fc.oneof(
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc
      .record({ optionId: fc.oneof(fc.integer(), fc.string(), fc.double()) })
      .map((v) => JSON.stringify(v)),
    fc.string(),
  ),
});

/**
 * Property: no request under `prefixes` (random path segments, query strings, and for POST
 * random bodies) makes the app answer 5xx. Rejects with fast-check's counterexample.
 */
export async function expectNoServerErrors(
  app: Hono<AppEnv>,
  prefixes: string[],
  numRuns = 300,
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...prefixes), request, async (prefix, r) => {
      const url = `${prefix}${r.segments.join('/')}${r.query === '' ? '' : `?${r.query}`}`;
      const init: RequestInit =
        r.method === 'POST'
          ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: r.body }
          : {};
      const res = await app.request(url, init);
      if (res.status >= 500) {
        throw new Error(`${r.method} ${url} answered ${res.status}: ${await res.text()}`);
      }
    }),
    { numRuns },
  );
}
