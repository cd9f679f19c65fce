/**
 * The brands' builds, each in a process of its own (build/astro-child.ts) with typed options,
 * as many at once as cores and memory allow.
 */

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, freemem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { mapWithLimit } from '../src/lib/map-with-limit.ts';
import { isBuildProgress, readBuildReport } from './astro-output.ts';
import { repoRoot } from './code-digest.ts';
import type { StorefrontBuildOptions } from './storefront-build.ts';

/** Outcome of one brand's build. */
export interface BrandBuildResult {
  brand: string;
  seconds: number;
  /** Peak resident memory of the build process in MiB (Linux VmHWM, sampled), or null. */
  peakMiB: number | null;
  /** What the build printed: its warnings and errors (Astro's line per page is left out). */
  output: string;
  /** The build's line on what it skipped as 'Missing data', per kind. */
  skipped: string;
  /** Pages (and other routes) rendered by this build. */
  pagesRendered: number;
  /** Pages the incremental build reused from the previous one (build/astro-output.ts). */
  pagesReused: number;
}

const child = fileURLToPath(new URL('./astro-child.ts', import.meta.url));

/**
 * Variables a test runner sets for its own `import.meta.env` (Vitest: `MODE=test`, `DEV`,
 * `PROD=''`, `SSR`, `BASE_URL`, `VITEST*`), which Astro's server code would read in place of
 * the build's own: a build started from a test then took itself for a development build and
 * left every page unfinished.
 */
const testRunnerVariable = /^(MODE|DEV|PROD|SSR|BASE_URL|TEST|VITEST(_.*)?)$/;

/** The parent's environment without a test runner's variables, for a build's process. */
function buildEnvironment(parent: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(parent).filter(([name]) => !testRunnerVariable.test(name)),
  );
}

/**
 * Builds one brand with Astro in a child process (build/astro-child.ts), with `options`
 * (its out and cache folder, ...), reading the API at `apiUrl` (`env` adds to the child's
 * environment), and answers the report the build sends (build/astro-output.ts). Rejects with
 * the build's output when it fails or sends no report, so a failed data load names the URL
 * it could not reach. `onProgress` hears the count of rendered files while pages render.
 */
export function buildBrand(
  options: StorefrontBuildOptions & { brand: string },
  apiUrl: string,
  env: Record<string, string> = {},
  onProgress?: (pagesRendered: number) => void,
): Promise<BrandBuildResult> {
  const { brand } = options;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const build = spawn(process.execPath, [child, JSON.stringify(options)], {
      cwd: repoRoot,
      // A production build, as `astro build` makes (which sets NODE_ENV itself): React's
      // production builds, and `import.meta.env.PROD` for the page finishing.
      env: {
        ...buildEnvironment(process.env),
        ...env,
        API_URL: apiUrl,
        NODE_ENV: 'production',
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let output = '';
    const read = (chunk: Buffer) => {
      // Colours (FORCE_COLOR under Playwright, a terminal) are for people.
      output += stripVTControlCharacters(chunk.toString());
    };
    let message: unknown;
    let peakMiB: number | null = null;
    // The kernel keeps the high-water mark of resident memory; sample it while the build runs.
    const sampler = setInterval(() => {
      const hwm = readPeakMiB(build.pid);
      if (hwm !== null) peakMiB = Math.max(peakMiB ?? 0, hwm);
    }, 250);
    build.stdout?.on('data', read);
    build.stderr?.on('data', read);
    build.on('message', (sent) => {
      if (isBuildProgress(sent)) onProgress?.(sent.progress);
      else message = sent;
    });
    build.on('error', reject);
    build.on('close', (code, signal) => {
      clearInterval(sampler);
      const seconds = (performance.now() - started) / 1000;
      output = output.trimEnd();
      if (code !== 0) {
        reject(
          new Error(`Build of brand "${brand}" failed (${signal ?? `exit ${code}`}):\n${output}`),
        );
        return;
      }
      try {
        resolve({ seconds, peakMiB, output, ...readBuildReport(brand, message) });
      } catch (error) {
        reject(new Error(`${String(error)}\n${output}`, { cause: error }));
      }
    });
  });
}

function readPeakMiB(pid: number | undefined): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** The most a brand's build needs in memory (1.9 GB measured at 50,000 articles). */
const memoryPerBuild = 3 * 1024 ** 3;

/** How many brands build at once: as many as the cores and the free memory allow, at least one. */
export function brandBuildSlots(): number {
  return Math.max(1, Math.min(availableParallelism(), Math.floor(freemem() / memoryPerBuild)));
}

/**
 * Builds several brands, at most {@link brandBuildSlots} at once; `optionsOf` gives each
 * brand's options (its out and cache folder); answers in the brands' order.
 */
export function buildBrands(
  brands: string[],
  apiUrl: string,
  optionsOf: (brand: string) => StorefrontBuildOptions = () => ({}),
): Promise<BrandBuildResult[]> {
  return mapWithLimit(brands, brandBuildSlots(), (brand) =>
    buildBrand({ ...optionsOf(brand), brand }, apiUrl),
  );
}
