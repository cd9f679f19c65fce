/**
 * `npm start`: the whole shop on one local origin. Seeds the reference database when it is
 * empty, builds the default brand (or `BRAND=`) into a release when its live release is stale,
 * and serves it with the `/api/v1` backend on `$PORT` (default 4321), honouring `_redirects`
 * and `_headers` as the host will. It also runs the release builder: build hooks at
 * `/hooks/build/{brand}`, rebuilds when campaigns start or end, and a switch of the live
 * release takes effect without a restart. `API_URL` builds against another API instead.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../server/db/database.ts';
import { ensureSeeded } from '../server/seed/ensure.ts';
import { brands, getBrand } from '../src/brands/index.ts';
import { defaultKeep } from '../builder/releases/builder.ts';
import { startShopServer } from '../builder/releases/shop-server.ts';
import { buildFingerprint } from '../builder/stale.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const brand = getBrand(process.env['BRAND']);
const db = openDatabase(process.env['DATABASE_PATH']);
const catalogue = ensureSeeded(db);
const fingerprint = buildFingerprint(
  root,
  `${brand.id}\0${process.env['API_URL'] ?? 'reference'}\0${catalogue}`,
);

try {
  const shop = await startShopServer({
    brand: brand.id,
    brands: brands.map((b) => b.id),
    port: Number(process.env['PORT'] ?? 4321),
    hostname: process.env['HOST'] ?? '127.0.0.1',
    db,
    distRoot: join(root, 'dist'),
    cacheRoot: join(root, '.cache'),
    keep: defaultKeep,
    apiUrl: process.env['API_URL']?.replace(/\/+$/, ''),
    fingerprint,
  });
  console.log(`\nButikken kjører på ${shop.origin}/  (API: ${shop.origin}/api/v1)\n`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      void shop.close().finally(() => {
        db.close();
        process.exit(0);
      });
    });
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  db.close();
  process.exit(1);
}
