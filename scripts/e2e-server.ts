/**
 * The world the browser tests run in: a reference database of its own (`.data/e2e.sqlite`,
 * seeded with E2E_ARTICLES articles, default 1,500), every brand built into dist-e2e/ when
 * stale, and each brand served twice: as `npm start` serves it, on its own port with the API
 * on the same origin (toppfart 4401, villmark 4402, smatroll 4403), and as Cloudflare Pages
 * serves it, by `wrangler pages dev` with the Pages Function forwarding the API's paths to
 * the backend's own port 4400 (4411, 4412, 4413).
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../server/db/database.ts';
import { NO_RATE_LIMITS } from '../server/http/rate-limit.ts';
import { startApiServer } from '../server/main.ts';
import { ensureSeeded } from '../server/seed/ensure.ts';
import { brands, defaultBrandId } from '../src/brands/index.ts';
import { buildBrands } from '../builder/build-brands.ts';
import { createHostApp } from '../builder/host.ts';
import { startPagesDev, type PagesDev } from './lib/pages-dev.ts';
import { buildFingerprint, isFresh, writeStamp } from '../builder/stale.ts';
import {
  e2eApiPort,
  e2eDeployedApiDownPort,
  e2eDeployedPorts,
  e2ePorts,
  e2eProxySecret,
} from '../tests/e2e/fixtures/ports.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const distRoot = join(root, 'dist-e2e');
const db = openDatabase(join(root, '.data', 'e2e.sqlite'));
const catalogue = ensureSeeded(db, Number(process.env['E2E_ARTICLES'] ?? 1500));
// The API answers on a port of its own while the brands build against it. On that port
// only, the tests may also set a variant's stock (`POST /__e2e/stock {ean, shopId, qty}`),
// to sell out a line between cart and checkout as another shopper would; the brand ports
// serve the API exactly as a deployment does.
const testApi = new Hono();
testApi.post('/__e2e/stock', async (c) => {
  const { ean, shopId, qty } = await c.req.json<{ ean: string; shopId: number; qty: number }>();
  db.prepare(
    'UPDATE stock SET qty = ? WHERE shop_id = ? AND variant_id = (SELECT id FROM variants WHERE ean = ?)',
  ).run(qty, shopId, ean);
  return c.body(null, 204);
});
// And a provider payment may be made older (`POST /__e2e/payment-age {orderId, minutes}`),
// so that the shop's time-out has passed when the shopper approves it, without waiting.
testApi.post('/__e2e/payment-age', async (c) => {
  const { orderId, minutes } = await c.req.json<{ orderId: string; minutes: number }>();
  const startedAt = new Date(Date.now() - minutes * 60_000).toISOString();
  db.prepare('UPDATE reservations SET created_at = ? WHERE provider_order_id = ?').run(
    startedAt,
    orderId,
  );
  return c.body(null, 204);
});
// Every browser test, on every worker, comes from one loopback address: the limits would
// count them as one shopper. The API tests cover the limits.
const apiServer = await startApiServer({
  port: e2eApiPort,
  db,
  rateLimits: NO_RATE_LIMITS,
  proxySecret: e2eProxySecret,
  front: (api) => testApi.all('*', (c) => api.fetch(c.req.raw)),
});
const { app: api, url: apiUrl } = apiServer;
const stale = brands.flatMap((brand) => {
  const fingerprint = buildFingerprint(root, `${brand.id}\0e2e\0${catalogue}`);
  return isFresh(join(distRoot, brand.id), fingerprint) ? [] : [{ id: brand.id, fingerprint }];
});
// Every page view whose shopper allows statistics is measured (src/lib/field-vitals.ts), so
// that a test's few page views reach the API's vitals.
process.env['VITALS_SAMPLE_RATE'] = '1';
// As `npm run build` does: as many brands at once as cores and memory allow.
const results = await buildBrands(
  stale.map((b) => b.id),
  apiUrl,
  (brand) => ({
    outDir: join(distRoot, brand),
    cacheDir: join(root, '.cache/e2e', `astro-${brand}`),
  }),
);
for (const { id, fingerprint } of stale) writeStamp(join(distRoot, id), fingerprint);
for (const r of results) console.log(`e2e: built ${r.brand} in ${r.seconds.toFixed(1)} s`);

for (const brand of brands) {
  const port = e2ePorts[brand.id];
  if (port === undefined) throw new Error(`No e2e port for brand ${brand.id}`);
  const host = createHostApp({ distDir: join(distRoot, brand.id), api });
  serve({ fetch: host.fetch, port, hostname: '127.0.0.1' });
  console.log(`e2e: ${brand.id} on http://127.0.0.1:${port}/`);
}

// One at a time: each wrangler compiles the function and starts a workerd, which at once
// would only compete for the two cores.
const deployed: PagesDev[] = [];
for (const brand of brands) {
  const port = e2eDeployedPorts[brand.id];
  if (port === undefined) throw new Error(`No deployed e2e port for brand ${brand.id}`);
  deployed.push(
    await startPagesDev({
      dir: join(distRoot, brand.id),
      port,
      apiOrigin: `http://127.0.0.1:${String(e2eApiPort)}`,
      proxySecret: e2eProxySecret,
    }),
  );
  console.log(`e2e: ${brand.id} as deployed (wrangler pages dev) on http://127.0.0.1:${port}/`);
}
deployed.push(
  await startPagesDev({
    dir: join(distRoot, defaultBrandId),
    port: e2eDeployedApiDownPort,
    // The discard port: nothing listens there, so every forwarded request fails to connect.
    apiOrigin: 'http://127.0.0.1:9',
    proxySecret: e2eProxySecret,
  }),
);
console.log(
  `e2e: ${defaultBrandId} with its API down on http://127.0.0.1:${e2eDeployedApiDownPort}/`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void apiServer.close();
    void Promise.all(deployed.map((d) => d.close())).finally(() => process.exit(0));
  });
}
