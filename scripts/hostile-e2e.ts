/**
 * The world of `npm run test:hostile`: the hostile fixture API (tests/hostile/server.ts) on a
 * free loopback port, the default brand built against it into dist-hostile/ (when stale;
 * what the build printed is kept in dist-hostile/build.log), and that build served as
 * `npm start` serves it, with the fixture on the same origin, on port 4410.
 */
import { serve } from '@hono/node-server';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHostileApi } from '../tests/hostile/server.ts';
import { hostilePort } from '../tests/hostile/port.ts';
import { buildBrand } from '../builder/build-brands.ts';
import { createHostApp } from '../builder/host.ts';
import { buildFingerprint, isFresh, writeStamp } from '../builder/stale.ts';

const brand = 'toppfart';
const root = fileURLToPath(new URL('../', import.meta.url));
const distRoot = join(root, 'dist-hostile');
const distDir = join(distRoot, brand);
const api = createHostileApi();

const apiServer = serve({ fetch: api.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise<void>((resolve) => apiServer.once('listening', resolve));
const apiPort = (apiServer.address() as AddressInfo).port;
const apiUrl = `http://127.0.0.1:${String(apiPort)}/api/v1`;

const fixture = readFileSync(join(root, 'tests/hostile/server.ts'), 'utf8');
const fingerprint = buildFingerprint(root, `${brand}\0hostile\0${fixture}`);
if (!isFresh(distDir, fingerprint)) {
  try {
    const result = await buildBrand(
      { brand, outDir: distDir, cacheDir: join(root, '.cache/hostile', `astro-${brand}`) },
      apiUrl,
    );
    writeFileSync(join(distRoot, 'build.log'), result.output);
    writeStamp(distDir, fingerprint);
    console.log(`hostile: built ${brand} in ${result.seconds.toFixed(1)} s against ${apiUrl}`);
  } catch (error) {
    mkdirSync(distRoot, { recursive: true });
    writeFileSync(join(distRoot, 'build.log'), String(error));
    console.error(String(error));
    process.exit(1);
  }
}

const host = createHostApp({ distDir, api });
serve({ fetch: host.fetch, port: hostilePort, hostname: '127.0.0.1' });
console.log(`hostile: ${brand} on http://127.0.0.1:${String(hostilePort)}/`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    apiServer.close();
    process.exit(0);
  });
}
