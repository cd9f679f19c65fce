import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, freemem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = fileURLToPath(new URL('../../', import.meta.url));
const astroBin = fileURLToPath(new URL('../../node_modules/astro/bin/astro.mjs', import.meta.url));

/** Outcome of one brand's build. */
export interface BrandBuildResult {
  brand: string;
  seconds: number;
  /** Peak resident memory of the build process in MiB (Linux VmHWM, sampled), or null. */
  peakMiB: number | null;
  /** What the build printed, but for its line per page (thousands of them). */
  output: string;
  /** The build's last line on what it skipped as 'Missing data', per kind, or null. */
  skipped: string | null;
  /** Pages (and other routes) rendered by this build. */
  pagesRendered: number;
  /** Pages the incremental build reused from the previous one (see astro.config.ts). */
  pagesReused: number;
}

/**
 * Astro's marks of a route it rendered (`├─ /a/index.html (+12ms)`) or reused (`(restored)`).
 * Counted as marks, not lines: pages render several at once (`build.concurrency`), and Astro
 * writes a page's path and its mark apart, so a line may hold several paths, a mark may end
 * up on a line of its own, and another message (an error) may share a line with a path.
 */
const renderedMark = /\(\+[\d.]+m?s\)/g;
const reusedMark = /\((restored|cached)\)/g;
/** A page's path with the timestamp stuck to it, or a page's mark. */
const pageFragment = /[├└]─ [^\s(]*|\(\+[\d.]+m?s\)|\((restored|cached)\)/g;

/**
 * What a line of Astro's build log says: how many pages it marks rendered and reused, and
 * what else it says (null when nothing but pages and timestamps).
 */
export function readBuildLine(line: string): {
  rendered: number;
  reused: number;
  message: string | null;
} {
  const rest = line.replace(pageFragment, '');
  return {
    rendered: line.match(renderedMark)?.length ?? 0,
    reused: line.match(reusedMark)?.length ?? 0,
    // What is left of a page's line but timestamps is another message.
    message: rest === line ? line : /[^\d:\s]/.test(rest) ? rest.trim() : null,
  };
}

/** The build's summary of what it skipped as 'Missing data' (astro.config.ts prints it). */
export function skippedLine(output: string): string | null {
  const lines = output.match(/^Skipped as 'Missing data': .*$/gm);
  return lines?.at(-1) ?? null;
}

/**
 * Builds `brand` with `astro build` in a child process (its own cache and out directory, see
 * astro.config.ts; `extraEnv` may name them: DIST_DIR, OUT_DIR, CACHE_DIR), reading the API
 * at `apiUrl`, and counts the pages it rendered and reused from Astro's log, line by line.
 * Rejects with the build's output when it fails, so a failed data load names the URL it
 * could not reach. `onPages` hears each line that marks pages rendered or reused.
 */
export function buildBrand(
  brand: string,
  apiUrl: string,
  extraEnv: Record<string, string> = {},
  onPages?: () => void,
): Promise<BrandBuildResult> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [astroBin, 'build'], {
      cwd: root,
      env: {
        ...process.env,
        ...extraEnv,
        BRAND: brand,
        API_URL: apiUrl,
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    let partial = '';
    let skipped: string | null = null;
    let pagesRendered = 0;
    let pagesReused = 0;
    const read = (chunk: Buffer) => {
      const text = partial + chunk.toString();
      const complete = text.split('\n');
      partial = complete.pop() ?? '';
      // Colours (FORCE_COLOR under Playwright, a terminal) would split the patterns.
      for (const line of complete.map(stripVTControlCharacters)) {
        const { rendered, reused, message } = readBuildLine(line);
        pagesRendered += rendered;
        pagesReused += reused;
        if (rendered + reused > 0) onPages?.();
        if (message !== null) {
          skipped = skippedLine(message) ?? skipped;
          lines.push(message);
        }
      }
    };
    let peakMiB: number | null = null;
    // The kernel keeps the high-water mark of resident memory; sample it while the build runs.
    const sampler = setInterval(() => {
      const hwm = readPeakMiB(child.pid);
      if (hwm !== null) peakMiB = Math.max(peakMiB ?? 0, hwm);
    }, 250);
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearInterval(sampler);
      const seconds = (performance.now() - started) / 1000;
      const output = [...lines, partial].join('\n');
      if (code === 0) {
        resolve({ brand, seconds, peakMiB, output, skipped, pagesRendered, pagesReused });
      } else {
        reject(
          new Error(`Build of brand "${brand}" failed (${signal ?? `exit ${code}`}):\n${output}`),
        );
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

/** Builds several brands, at most {@link brandBuildSlots} at once. */
export async function buildBrands(
  brands: string[],
  apiUrl: string,
  extraEnv: Record<string, string> = {},
): Promise<BrandBuildResult[]> {
  const limit = Math.min(brands.length, brandBuildSlots());
  const queue = [...brands];
  const results: BrandBuildResult[] = [];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let brand = queue.shift(); brand !== undefined; brand = queue.shift()) {
        results.push(await buildBrand(brand, apiUrl, extraEnv));
      }
    }),
  );
  return results.sort((a, b) => brands.indexOf(a.brand) - brands.indexOf(b.brand));
}
