/**
 * `npm run bench:lighthouse`: Lighthouse (mobile, the default configuration) in Debian's
 * Chromium on each page type of each brand, served as the host serves it; prints the four
 * category scores, LCP, TBT and CLS. `--brand <id>` limits it to one brand. Asserts nothing.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { parseArgs } from 'node:util';
import { brands } from '../src/brands/index.ts';
import { chromiumArgs, serveBrands } from './lib/bench-site.ts';

const { values } = parseArgs({ options: { brand: { type: 'string' } } });
const ids = values.brand ? [values.brand] : brands.map((b) => b.id);
const served = await serveBrands(ids);
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: chromiumArgs,
});
try {
  for (const site of served) {
    console.log(`\n${site.brand}`);
    console.log('  page type      perf  a11y  best   seo     LCP      TBT     CLS');
    for (const { type, path } of site.pageTypes) {
      const result = await lighthouse(site.origin + path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      const { categories, audits } = result.lhr;
      const score = (id: string) =>
        String(Math.round((categories[id]?.score ?? 0) * 100)).padStart(6);
      const value = (id: string) => audits[id]?.numericValue ?? NaN;
      console.log(
        `  ${type.padEnd(13)}${score('performance')}${score('accessibility')}${score('best-practices')}${score('seo')}` +
          `${(value('largest-contentful-paint') / 1000).toFixed(2).padStart(7)} s${value('total-blocking-time').toFixed(0).padStart(6)} ms${value('cumulative-layout-shift').toFixed(3).padStart(8)}  (${path})`,
      );
    }
  }
} finally {
  await chrome.kill();
  for (const site of served) site.close();
}
