/**
 * The brands' builds, each in a process of its own (builder/astro-child.ts) with typed options,
 * as many at once as cores and memory allow.
 */

import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, freemem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { mapWithLimit } from '../src/lib/map-with-limit.ts';
import { isBuildProgress, readBuildReport } from './astro-output.ts';
import type { BuildRequest } from './build-request.ts';
import { isRecord, isString } from '../contract/guards.ts';
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
  /** Pages the incremental build reused from the previous one (builder/astro-output.ts). */
  pagesReused: number;
  /** The files of the pages it reused where they were in its out folder (astro-output.ts). */
  leftInPlace: string[];
  /** The build process's id: a warm process's builds share it ({@link BuildWorkers}). */
  pid: number;
}

const childScript = fileURLToPath(new URL('./astro-child.ts', import.meta.url));

/**
 * Variables a test runner sets for its own `import.meta.env` (Vitest: `MODE=test`, `DEV`,
 * `PROD=''`, `SSR`, `BASE_URL`, `VITEST*`), which Astro's server code would read in place of
 * the build's own: a build started from a test then took itself for a development build and
 * left every page unfinished.
 */
const testRunnerVariable = /^(MODE|DEV|PROD|SSR|BASE_URL|TEST|VITEST(_.*)?)$/;

/**
 * The command that started the parent, which a shell sets as `_`. Astro writes into the server
 * bundle each variable whose name a module with a bare `import.meta.env` mentions, and its
 * actions runtime mentions `_`: every page's dependency hash then changed with how the builder
 * was started, and the first build of a process started otherwise than the last rendered every
 * page again (all 98,424 at 50,000 articles).
 */
const shellCommandVariable = '_';

/** The parent's environment without a test runner's variables or `_`, for a build's process. */
function buildEnvironment(parent: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(parent).filter(
      ([name]) => !testRunnerVariable.test(name) && name !== shellCommandVariable,
    ),
  );
}

/**
 * One brand's build process (builder/astro-child.ts), which runs the builds it is sent one at
 * a time and can be kept between them.
 */
class BuildProcess {
  readonly brand: string;
  /** Builds it ran to their end. */
  builds = 0;
  readonly #child: ChildProcess;
  readonly #ready: Promise<void>;
  /** What it printed during the current build. */
  #output = '';
  #onMessage: (message: unknown) => void = () => undefined;
  #onExit: (reason: string) => void = () => undefined;
  #exited: string | null = null;
  /** Settles once the process has exited. */
  readonly #gone: Promise<void>;

  constructor(brand: string) {
    this.brand = brand;
    // `gc()` for the process's collection between builds (builder/astro-child.ts).
    this.#child = spawn(process.execPath, ['--expose-gc', childScript], {
      cwd: repoRoot,
      // A production build, as `astro build` makes (which sets NODE_ENV itself): React's
      // production builds, and `import.meta.env.PROD` for the page finishing.
      env: {
        ...buildEnvironment(process.env),
        NODE_ENV: 'production',
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const read = (chunk: Buffer) => {
      // Colours (FORCE_COLOR under Playwright, a terminal) are for people.
      this.#output += stripVTControlCharacters(chunk.toString());
    };
    this.#child.stdout?.on('data', read);
    this.#child.stderr?.on('data', read);
    this.#ready = new Promise((resolve, reject) => {
      this.#onMessage = () => resolve();
      this.#onExit = (reason) => reject(new Error(reason));
    });
    // Awaited by the first build; a process that ends before then, unasked, is no failure yet.
    this.#ready.catch(() => undefined);
    this.#child.on('message', (message) => this.#onMessage(message));
    this.#child.on('error', (error) => this.#exit(String(error)));
    this.#child.on('close', (code, signal) => this.#exit(signal ?? `exit ${String(code)}`));
    // Its exit, not the close of its output, which a helper process of Vite's may hold on to.
    this.#gone = new Promise((resolve) => this.#child.once('exit', () => resolve()));
  }

  #exit(reason: string): void {
    this.#exited ??= reason;
    this.#onExit(reason);
  }

  /** Whether it can run another build. */
  get alive(): boolean {
    return this.#exited === null;
  }

  /** Its resident memory now, in MiB (Linux VmRSS), or null. */
  get rssMiB(): number | null {
    return readStatusMiB(this.#child.pid, 'VmRSS');
  }

  /**
   * Runs one build with `options` and the build's own environment `env`; answers its report.
   * Rejects with what the process printed when the build fails or the process ends, once the
   * process has ended: it may hold half a build's state, and must write nothing into the
   * folders its builder then removes.
   */
  async run(
    options: StorefrontBuildOptions & { brand: string },
    env: Record<string, string>,
    warm: boolean,
    onProgress?: (pagesRendered: number) => void,
  ): Promise<BrandBuildResult> {
    try {
      return await this.#build(options, env, warm, onProgress);
    } catch (error) {
      await this.end();
      throw error;
    }
  }

  async #build(
    options: StorefrontBuildOptions & { brand: string },
    env: Record<string, string>,
    warm: boolean,
    onProgress?: (pagesRendered: number) => void,
  ): Promise<BrandBuildResult> {
    const { brand } = options;
    const started = performance.now();
    const fail = (reason: string) =>
      new Error(`Build of brand "${brand}" failed (${reason}):\n${this.#output.trimEnd()}`);
    try {
      await this.#ready;
    } catch (error) {
      throw fail(String(error instanceof Error ? error.message : error));
    }
    this.#output = '';
    // The kernel keeps the high-water mark of resident memory: cleared, it is this build's.
    resetPeak(this.#child.pid);
    let peakMiB: number | null = null;
    const sampler = setInterval(() => {
      const hwm = readStatusMiB(this.#child.pid, 'VmHWM');
      if (hwm !== null) peakMiB = Math.max(peakMiB ?? 0, hwm);
    }, 250);
    try {
      const answer = await new Promise<unknown>((resolve, reject) => {
        this.#onExit = (reason) => reject(fail(reason));
        this.#onMessage = (message) => {
          if (isBuildProgress(message)) onProgress?.(message.progress);
          else resolve(message);
        };
        if (this.#exited !== null) reject(fail(this.#exited));
        this.#child.send({ options, env, warm } satisfies BuildRequest);
      });
      if (isRecord(answer) && isString(answer['error'])) throw fail(answer['error']);
      const report = isRecord(answer) ? answer['report'] : answer;
      const hwm = readStatusMiB(this.#child.pid, 'VmHWM');
      if (hwm !== null) peakMiB = Math.max(peakMiB ?? 0, hwm);
      const seconds = (performance.now() - started) / 1000;
      let read: ReturnType<typeof readBuildReport>;
      try {
        read = readBuildReport(brand, report);
      } catch (error) {
        throw new Error(`${String(error)}\n${this.#output.trimEnd()}`, { cause: error });
      }
      this.builds++;
      return {
        seconds,
        peakMiB,
        output: this.#output.trimEnd(),
        pid: this.#child.pid ?? 0,
        ...read,
      };
    } finally {
      clearInterval(sampler);
    }
  }

  /**
   * Ends the process: at once, or, with `gently`, by closing its channel; settles once it has
   * exited, so that a failed build's process writes nothing into folders its builder removes.
   */
  end(gently = false): Promise<void> {
    if (this.#exited === null) {
      if (gently && this.#child.connected) this.#child.disconnect();
      else this.#child.kill('SIGKILL');
    }
    return this.#gone;
  }
}

/**
 * Build processes kept warm between builds, one per brand: a brand's next build (a campaign,
 * a preview) runs in the process of its last, where Astro, Vite and the build's code are
 * loaded and compiled already. A process is ended after a failed build (it may hold half a
 * build's state), after {@link BuildWorkers.maxBuilds} builds, and when its memory passes
 * {@link BuildWorkers.maxRssMiB}: every module a build imports stays in memory (see
 * builder/astro-child.ts), so a process grows with each build.
 */
export class BuildWorkers {
  /** Builds one process runs before it is replaced. */
  static readonly maxBuilds = 20;
  /** Resident memory, in MiB, past which a process is replaced after its build. */
  static readonly maxRssMiB = 2560;
  readonly #idle = new Map<string, BuildProcess>();
  #closed = false;

  /** {@link buildBrand} in the brand's warm process, or a new one. */
  async build(
    options: StorefrontBuildOptions & { brand: string },
    apiUrl: string,
    env: Record<string, string> = {},
    onProgress?: (pagesRendered: number) => void,
  ): Promise<BrandBuildResult> {
    const kept = this.#idle.get(options.brand);
    this.#idle.delete(options.brand);
    const worker = kept?.alive ? kept : new BuildProcess(options.brand);
    const result = await worker.run(options, { ...env, API_URL: apiUrl }, true, onProgress);
    const rss = worker.rssMiB;
    const worn = worker.builds >= BuildWorkers.maxBuilds || (rss ?? 0) > BuildWorkers.maxRssMiB;
    // A done build's process has nothing left to write: it may end in its own time.
    if (this.#closed || worn || this.#idle.has(options.brand)) void worker.end(true);
    else this.#idle.set(options.brand, worker);
    return result;
  }

  /** Ends every idle process; a build under way ends its own when it is done. */
  close(): void {
    this.#closed = true;
    for (const worker of this.#idle.values()) void worker.end(true);
    this.#idle.clear();
  }
}

/**
 * Builds one brand with Astro in a process of its own (builder/astro-child.ts), with `options`
 * (its out and cache folder, ...), reading the API at `apiUrl` (`env` adds to the build's
 * environment), and answers the report the build sends (builder/astro-output.ts). Rejects with
 * the build's output when it fails or sends no report, so a failed data load names the URL
 * it could not reach. `onProgress` hears the count of rendered files while pages render.
 * With `workers`, the brand's warm process runs it ({@link BuildWorkers}); without, a process
 * started for this build alone.
 */
export async function buildBrand(
  options: StorefrontBuildOptions & { brand: string },
  apiUrl: string,
  env: Record<string, string> = {},
  onProgress?: (pagesRendered: number) => void,
  workers?: BuildWorkers,
): Promise<BrandBuildResult> {
  if (workers) return workers.build(options, apiUrl, env, onProgress);
  const worker = new BuildProcess(options.brand);
  const result = await worker.run(options, { ...env, API_URL: apiUrl }, false, onProgress);
  await worker.end(true);
  return result;
}

/** Clears the kernel's high-water mark of the process's resident memory (Linux), if it can. */
function resetPeak(pid: number | undefined): void {
  try {
    writeFileSync(`/proc/${String(pid)}/clear_refs`, '5');
  } catch {
    // Not Linux, or not allowed: the peak is then the process's, over all its builds.
  }
}

/** A memory figure of the process's status (Linux), in MiB, or null. */
function readStatusMiB(pid: number | undefined, field: 'VmHWM' | 'VmRSS'): number | null {
  try {
    const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
    const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1];
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
