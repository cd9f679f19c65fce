/**
 * `npm run bench:weight`: per brand and page type, the bytes loaded before any interaction
 * (page load plus two quiet seconds, so idle and visible islands count), as transferred
 * (gzip from the host), split into HTML, CSS and JS, measured in Chromium.
 * Budgets: static pages (home, content) at most 15 KB of JS; listing, search and product
 * pages at most 80 KB, React included. Prints figures; asserts nothing.
 */
import { chromium } from 'playwright-core';
import { brands } from '../src/brands/index.ts';
import { chromiumArgs, serveBrands } from './lib/bench-site.ts';

const budgets: Record<string, number> = {
  home: 15,
  'static page': 15,
  listing: 80,
  search: 80,
  product: 80,
  bundle: 80,
};
const served = await serveBrands(brands.map((b) => b.id));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
try {
  for (const site of served) {
    console.log(`\n${site.brand}`);
    console.log('  page type      HTML KB   CSS KB    JS KB   JS budget');
    for (const { type, path } of site.pageTypes) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      const sizes = { html: 0, css: 0, js: 0 };
      const pending: Array<Promise<void>> = [];
      page.on('requestfinished', (request) => {
        const kind = request.resourceType();
        pending.push(
          request.sizes().then((s) => {
            const bytes = s.responseBodySize;
            if (kind === 'document') sizes.html += bytes;
            else if (kind === 'stylesheet') sizes.css += bytes;
            else if (kind === 'script') sizes.js += bytes;
          }),
        );
      });
      await page.goto(site.origin + path, { waitUntil: 'load' });
      await page.waitForTimeout(2000);
      await Promise.all(pending);
      const kb = (n: number) => (n / 1024).toFixed(1).padStart(8);
      const budget = budgets[type] ?? 80;
      const verdict = sizes.js / 1024 <= budget ? 'within' : 'OVER';
      console.log(
        `  ${type.padEnd(13)}${kb(sizes.html)}${kb(sizes.css)}${kb(sizes.js)}   ${budget} KB ${verdict}  (${path})`,
      );
      await context.close();
    }
  }
} finally {
  await browser.close();
  for (const site of served) site.close();
}
