/**
 * The one reader of what an Astro build made: the chunk graph of its client code (for the
 * page finishing, builder/finish-page.ts) and the report of its pages (for the builders,
 * builder/build-brands.ts). The report is structured data from the build itself, not Astro's
 * log: the page finishing counts each page Astro renders, and `astro:build:done` adds the
 * files of every route, rendered or reused (builder/storefront-build.ts).
 */

import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { staticImports } from './static-imports.ts';
import { isNumber, isRecord, isString } from '../contract/guards.ts';
import { buildSlot } from '../src/lib/build-channel.ts';

/** A chunk's code and the specifiers it imports statically. */
interface ParsedChunk {
  code: string;
  specs: string[];
}

/**
 * The chunks the last build in this thread parsed, by path: a warm build process's next build
 * reuses its client chunks, and parsing them again was 0.1 s of every campaign.
 */
const parsedChunks = buildSlot<ReadonlyMap<string, ParsedChunk>>('parsedChunks', new Map());

/**
 * A lookup of the chunks a script (by its URL path, `/_astro/x.js`) imports, directly or
 * not, in the build at `root`; each chunk is read once. A chunk that is not there fails with
 * the chunk's path: a page must never be finished from a graph the build did not write.
 */
export function chunkImports(root: string): (src: string) => string[] {
  const direct = new Map<string, string[]>();
  // This build's readings replace the last one's, which are kept only for its unchanged chunks.
  const last = parsedChunks.value;
  const parsed = new Map<string, ParsedChunk>();
  parsedChunks.value = parsed;
  const importsOf = (src: string): string[] => {
    let found = direct.get(src);
    if (!found) {
      const code = readFileSync(join(root, src), 'utf8');
      const earlier = last.get(src);
      const specs = earlier?.code === code ? earlier.specs : staticImports(src, code);
      parsed.set(src, { code, specs });
      found = specs.map((spec) => posix.join(posix.dirname(src), spec));
      direct.set(src, found);
    }
    return found;
  };
  return (entry) => {
    const seen = new Set<string>();
    const visit = (src: string) => {
      for (const dep of importsOf(src)) {
        if (seen.has(dep)) continue;
        seen.add(dep);
        visit(dep);
      }
    };
    visit(entry);
    return [...seen];
  };
}

/** What one brand's build made, as the build reports it. */
export interface BuildReport {
  brand: string;
  /** Files Astro rendered in this build (pages, endpoints, redirect pages). */
  pagesRendered: number;
  /** Files of pages Astro reused from the previous build (its incremental cache). */
  pagesReused: number;
  /** The build's line on what it skipped as 'Missing data', per kind. */
  skipped: string;
  /**
   * The files, relative to the out folder, of the pages Astro reused where they were (its
   * `(cached)`) and nothing after it wrote: the same bytes as before the build, so a release
   * made from the out folder need not read their times (builder/releases/standby.ts).
   */
  leftInPlace: string[];
}

// In the build's channel (src/lib/build-channel.ts): the page finishing runs in the build's
// server bundle, which holds its own copy of this module, while the integration's hooks run
// in Node's.
const rendered = buildSlot('renderedPages', 0);
const report = buildSlot<BuildReport | null>('buildReport', null);

/** A message the build's process sends its parent while pages render (builder/build-brands.ts). */
export interface BuildProgress {
  /** Files rendered so far. */
  progress: number;
}

/** How often, in rendered files, the parent hears of the count: a few times a second. */
const PROGRESS_EVERY = 20;

/**
 * Counts one file Astro rendered (the page finishing calls it for each response it sees), and
 * tells the parent process of the first and of every {@link PROGRESS_EVERY}th, for the
 * builder's live progress.
 */
export function countRendered(): void {
  const count = ++rendered.value;
  if (count === 1 || count % PROGRESS_EVERY === 0) {
    process.send?.({ progress: count } satisfies BuildProgress);
  }
}

/** Files rendered so far in this thread's copy of the channel (a worker thread has its own). */
export function renderedCount(): number {
  return rendered.value;
}

/** Whether a message from a build's process is a {@link BuildProgress}. */
export function isBuildProgress(message: unknown): message is BuildProgress {
  return isRecord(message) && isNumber(message['progress']);
}

/** Starts a build's count afresh (at the start of each build in this process). */
export function resetBuildReport(): void {
  rendered.value = 0;
  report.value = null;
}

/**
 * Ends the build's report from `astro:build:done`: `files` is the number of files of all
 * routes (its `assets` map), `redirects` those of redirect routes, which Astro renders
 * without the middleware. Fails, naming the brand, when the counts cannot be right.
 */
export function finishBuildReport(
  brand: string,
  files: number,
  redirects: number,
  skipped: string,
  leftInPlace: string[],
): BuildReport {
  const finished = rendered.value;
  // Pages without a cache key (the home page, 404) render in every build.
  if (finished === 0 && files > 0) {
    throw new Error(
      `Build of brand "${brand}": the page finishing saw none of its ${files} files; it did not run.`,
    );
  }
  const pagesRendered = finished + redirects;
  if (pagesRendered > files) {
    throw new Error(
      `Build of brand "${brand}": Astro rendered ${pagesRendered} files but lists ${files}; its output cannot be read.`,
    );
  }
  if (leftInPlace.length > files - pagesRendered) {
    throw new Error(
      `Build of brand "${brand}": Astro left ${leftInPlace.length} files in place but reused ${files - pagesRendered}; its output cannot be read.`,
    );
  }
  report.value = { brand, pagesRendered, pagesReused: files - pagesRendered, skipped, leftInPlace };
  return report.value;
}

/** The report of the last build in this process, or null when none finished. */
export function buildReport(): BuildReport | null {
  return report.value;
}

/**
 * Reads a report sent from a build's process; fails, naming the brand, when it is none.
 */
export function readBuildReport(brand: string, message: unknown): BuildReport {
  if (
    isRecord(message) &&
    message['brand'] === brand &&
    isNumber(message['pagesRendered']) &&
    isNumber(message['pagesReused']) &&
    isString(message['skipped']) &&
    Array.isArray(message['leftInPlace']) &&
    message['leftInPlace'].every(isString)
  ) {
    return {
      brand,
      pagesRendered: message['pagesRendered'],
      pagesReused: message['pagesReused'],
      skipped: message['skipped'],
      leftInPlace: message['leftInPlace'],
    };
  }
  throw new Error(
    `Build of brand "${brand}" sent no readable report of its pages: ${JSON.stringify(message)}`,
  );
}
