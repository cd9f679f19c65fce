/**
 * `npm start`: the whole shop on one local origin. Seeds the reference database when it is
 * empty, builds the default brand (or `BRAND=`) when its build is stale, and serves it with
 * the `/api/v1` backend on `$PORT` (default 4321), honouring `_redirects` and `_headers` as
 * the host will. `API_URL` builds against another API instead; the shop is still served here.
 */
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../server/app.ts';
import { openDatabase } from '../server/db/database.ts';
import { NO_RATE_LIMITS } from '../server/http/rate-limit.ts';
import { scheduleSweeps } from '../server/main.ts';
import { ensureSeeded } from '../server/seed/ensure.ts';
import { getBrand } from '../src/brands/index.ts';
import { buildBrand } from './lib/build-brands.ts';
import { createHostApp } from './lib/host.ts';
import { buildFingerprint, isFresh, writeStamp } from './lib/stale.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const port = Number(process.env['PORT'] ?? 4321);
const host = process.env['HOST'] ?? '127.0.0.1';
const brand = getBrand(process.env['BRAND']);
const distDir = join(root, 'dist', brand.id);

const db = openDatabase(process.env['DATABASE_PATH']);
const catalogue = ensureSeeded(db);
const api = createApp({ db });
scheduleSweeps(db);

// Until the build is ready the origin answers the API only, which the build itself reads
// from loopback, many requests at once: without the request limits shoppers get.
let current: Pick<Hono, 'fetch'> = createApp({ db, rateLimits: NO_RATE_LIMITS });
// The bindings carry the socket, by which the limits tell clients apart.
const server = serve({
  fetch: (request, env) => current.fetch(request, env),
  port,
  hostname: host,
});
const origin = `http://${host}:${port}`;

const apiUrl = process.env['API_URL'] ?? `${origin}/api/v1`;
const fingerprint = buildFingerprint(
  root,
  `${brand.id}\0${process.env['API_URL'] ?? 'reference'}\0${catalogue}`,
);
if (isFresh(distDir, fingerprint)) {
  console.log(`Bygget for ${brand.id} er oppdatert.`);
} else {
  console.log(`Bygger ${brand.id} mot ${apiUrl} ...`);
  try {
    const result = await buildBrand(brand.id, apiUrl);
    writeStamp(distDir, fingerprint);
    console.log(`Ferdig på ${result.seconds.toFixed(1)} s.`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    server.close();
    process.exit(1);
  }
}

current = createHostApp({ distDir, api });
console.log(`\nButikken kjører på ${origin}/  (API: ${origin}/api/v1)\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    db.close();
    process.exit(0);
  });
}
