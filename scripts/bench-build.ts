/**
 * `npm run bench:build`: builds all three brands from a fresh 5,000-article reference
 * database, in parallel as `npm run build` does, into a scratch folder, and prints per
 * brand the pages, seconds, pages per second and peak memory, plus the wall time of the
 * whole run. Target: all three together under 90 s on this machine. Asserts nothing.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/db/database.ts';
import { NO_RATE_LIMITS } from '../server/http/rate-limit.ts';
import { startApiServer } from '../server/main.ts';
import { ensureSeeded } from '../server/seed/ensure.ts';
import { brands } from '../src/brands/index.ts';
import { buildBrands } from '../builder/build-brands.ts';

const scratch = mkdtempSync(join(tmpdir(), 'bench-build-'));
const db = openDatabase(join(scratch, 'shop.sqlite'));
ensureSeeded(db, 5000);
const server = await startApiServer({ port: 0, db, rateLimits: NO_RATE_LIMITS });
const apiUrl = server.url;

try {
  const started = performance.now();
  const results = await buildBrands(
    brands.map((b) => b.id),
    apiUrl,
    (brand) => ({
      outDir: join(scratch, 'dist', brand),
      cacheDir: join(scratch, 'cache', `astro-${brand}`),
    }),
  );
  const wall = (performance.now() - started) / 1000;
  console.log('\nbrand        pages  seconds  pages/s  peak MiB');
  for (const r of results) {
    const pages = (
      readdirSync(join(scratch, 'dist', r.brand), { recursive: true }) as string[]
    ).filter((f) => f.endsWith('.html')).length;
    const peak = r.peakMiB === null ? '   n/a' : r.peakMiB.toFixed(0).padStart(6);
    console.log(
      `${r.brand.padEnd(12)}${String(pages).padStart(6)}${r.seconds.toFixed(1).padStart(9)}${(pages / r.seconds).toFixed(0).padStart(9)}  ${peak}`,
    );
  }
  console.log(
    `\nAll three brands, in parallel on this machine: ${wall.toFixed(1)} s (target < 90 s).`,
  );
} finally {
  await server.close();
  db.close();
  rmSync(scratch, { recursive: true, force: true });
}
