/**
 * `npm run bench:lighthouse`: Lighthouse (mobile, the default configuration) in Debian's
 * Chromium on each page type of each brand, served as the host serves it; prints the four
 * category scores, LCP, TBT and CLS. Each page runs `--runs` times (default 5) and the
 * median of each figure is printed, with the range of the performance score, since one run
 * on a shared 2-core machine swings by several points. `--brand <id>` limits it to one
 * brand. Asserts nothing.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { parseArgs } from 'node:util';
import { brands } from '../src/brands/index.ts';
import { chromiumArgs, serveBrands } from './lib/bench-site.ts';

const { values } = parseArgs({
  options: { brand: { type: 'string' }, runs: { type: 'string', default: '5' } },
});
const ids = values.brand ? [values.brand] : brands.map((b) => b.id);
const runs = Math.max(1, Number.parseInt(values.runs, 10) || 1);

/** The median of some numbers (the mean of the middle two for an even count). */
function median(numbers: number[]): number {
  const sorted = numbers.toSorted((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] ?? NaN)
    : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

const served = await serveBrands(ids);
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: chromiumArgs,
});
try {
  for (const site of served) {
    console.log(`\n${site.brand}`);
    console.log(
      `  page type      perf  a11y  best   seo     LCP      TBT     CLS   perf range (${String(runs)} runs)`,
    );
    for (const { type, path } of site.pageTypes) {
      const figures: Array<Record<string, number>> = [];
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(site.origin + path, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
        const { categories, audits } = result.lhr;
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        const value = (id: string) => audits[id]?.numericValue ?? NaN;
        figures.push({
          perf: score('performance'),
          a11y: score('accessibility'),
          best: score('best-practices'),
          seo: score('seo'),
          lcp: value('largest-contentful-paint'),
          tbt: value('total-blocking-time'),
          cls: value('cumulative-layout-shift'),
        });
      }
      const mid = (key: string) => median(figures.map((f) => f[key] ?? NaN));
      const perfs = figures.map((f) => f['perf'] ?? NaN);
      const scores = ['perf', 'a11y', 'best', 'seo']
        .map((k) => String(mid(k)).padStart(6))
        .join('');
      console.log(
        `  ${type.padEnd(13)}${scores}${(mid('lcp') / 1000).toFixed(2).padStart(7)} s${mid('tbt').toFixed(0).padStart(6)} ms${mid('cls').toFixed(3).padStart(8)}   ${String(Math.min(...perfs))}–${String(Math.max(...perfs))}  (${path})`,
      );
    }
  }
} finally {
  await chrome.kill();
  for (const site of served) site.close();
}
