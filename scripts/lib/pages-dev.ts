import { spawn } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PROXY_SECRET_VARIABLE } from '../../contract/proxy.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const wranglerBin = fileURLToPath(
  new URL('../../node_modules/wrangler/bin/wrangler.js', import.meta.url),
);

/**
 * The compatibility date the Pages Function runs under, here and in production (set the
 * same in each Pages project: Settings → Runtime). Pinned, as the bundled workerd supports
 * dates up to its own release only.
 */
export const PAGES_COMPATIBILITY_DATE = '2026-11-01';

/** Options of {@link startPagesDev}. */
export interface PagesDevOptions {
  /** The release folder to serve (a link to it is resolved first). */
  dir: string;
  port: number;
  /** `API_ORIGIN` of the Pages project: where the function forwards the API's paths. */
  apiOrigin: string;
  /** `API_PROXY_SECRET` of the Pages project. */
  proxySecret: string;
  /** How long to wait for the first answer; default 60 s (workerd starts in a few). */
  timeoutMs?: number;
}

/** A release served by `wrangler pages dev`. */
export interface PagesDev {
  origin: string;
  /** Stops wrangler and its workerd. */
  close(): Promise<void>;
}

/**
 * Serves a brand's release as Cloudflare Pages will: `wrangler pages dev` runs the project's
 * Pages Function (functions/, compiled by wrangler from the project root) in workerd, the
 * runtime of Cloudflare's edge, with `_routes.json`, `_redirects` and `_headers` read by
 * Cloudflare's own code. Offline: no account, no metrics, no update check that matters (it
 * fails quietly). Resolves once the home page answers.
 * @throws Error with wrangler's output when it exits or does not answer in time.
 */
export async function startPagesDev(options: PagesDevOptions): Promise<PagesDev> {
  const origin = `http://127.0.0.1:${String(options.port)}`;
  // Whatever already answers there (a wrangler left over from a killed run) would pass for
  // this one below.
  if (await answers(origin)) throw new Error(`Something already answers on ${origin}.`);
  const child = spawn(
    process.execPath,
    [
      wranglerBin,
      'pages',
      'dev',
      realpathSync(options.dir),
      '--ip',
      '127.0.0.1',
      '--port',
      String(options.port),
      '--compatibility-date',
      PAGES_COMPATIBILITY_DATE,
      '--binding',
      `API_ORIGIN=${options.apiOrigin}`,
      '--binding',
      `${PROXY_SECRET_VARIABLE}=${options.proxySecret}`,
      // No edge here to answer /cdn-cgi/image/: the function serves the source picture
      // instead (functions/_lib/picture-stand-in.ts).
      '--binding',
      'PICTURE_STAND_IN=on',
      '--log-level',
      'warn',
      // Its inspector port would clash between instances; nothing here debugs them.
      '--inspector-port',
      String(options.port + 1000),
    ],
    {
      cwd: root,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
      // In this process's group: a runner that kills the group (Playwright ends its web
      // server so) takes wrangler and its workerd along.
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  // A process that ends without closing (an error thrown) must not leave it running.
  const stop = () => child.kill('SIGTERM');
  process.once('exit', stop);
  let state: 'starting' | 'serving' | 'closing' = 'starting';
  // Once it serves, only its output can say why it stopped: the tests see a refused port.
  void exited.then((code) => {
    if (state === 'serving')
      console.error(`wrangler pages dev on ${origin} exited (${String(code)}):\n${output}`);
  });
  const close = async () => {
    state = 'closing';
    process.off('exit', stop);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  };

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`wrangler pages dev exited (${String(child.exitCode)}):\n${output}`);
    }
    if (await answers(origin)) {
      state = 'serving';
      return { origin, close };
    }
    if (Date.now() > deadline) {
      await close();
      throw new Error(`wrangler pages dev did not answer on ${origin}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Whether `origin` answers its home page with 200. */
async function answers(origin: string): Promise<boolean> {
  try {
    const res = await fetch(`${origin}/`, { signal: AbortSignal.timeout(2_000) });
    await res.body?.cancel();
    return res.status === 200;
  } catch {
    return false;
  }
}
