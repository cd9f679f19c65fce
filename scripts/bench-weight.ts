/**
 * `npm run bench:weight`: per brand and page type, the bytes loaded before any interaction
 * (page load plus two quiet seconds, so idle and visible islands count), as transferred
 * (gzip from the host), split into HTML, CSS and JS, measured in Chromium on a phone
 * (412 x 823, as Lighthouse's mobile run) and, for JS, also on a desktop (1280 x 800),
 * where more islands are in view at once. JS counts every `.js` answer, prefetched island
 * code included. `--brand <id>` measures one brand.
 * Budgets (on the phone): static pages (home, content) at most 15 KB of JS; listing,
 * search, product and bundle pages at most 80 KB, React included. Prints figures; asserts
 * nothing.
 */
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
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
const phone = { width: 412, height: 823 };
const desktop = { width: 1280, height: 800 };

/** Bytes of a page load by kind, as transferred, at one viewport. */
async function measure(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number },
): Promise<{ html: number; css: number; js: number }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const sizes = { html: 0, css: 0, js: 0 };
  const pending: Array<Promise<void>> = [];
  page.on('requestfinished', (request) => {
    // A prefetch is of type "other", yet it is script the page downloads before interaction.
    const kind = new URL(request.url()).pathname.endsWith('.js')
      ? 'script'
      : request.resourceType();
    pending.push(
      request.sizes().then((s) => {
        const bytes = s.responseBodySize;
        if (kind === 'document') sizes.html += bytes;
        else if (kind === 'stylesheet') sizes.css += bytes;
        else if (kind === 'script') sizes.js += bytes;
      }),
    );
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(2000);
  await Promise.all(pending);
  await context.close();
  return sizes;
}

const { values } = parseArgs({ options: { brand: { type: 'string' } } });
const served = await serveBrands(values.brand ? [values.brand] : brands.map((b) => b.id));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
try {
  for (const site of served) {
    console.log(`\n${site.brand}`);
    console.log('  page type      HTML KB   CSS KB    JS KB   JS budget        JS KB desktop');
    for (const { type, path } of site.pageTypes) {
      const sizes = await measure(browser, site.origin + path, phone);
      const wide = await measure(browser, site.origin + path, desktop);
      const kb = (n: number) => (n / 1024).toFixed(1).padStart(8);
      const budget = budgets[type] ?? 80;
      const verdict = sizes.js / 1024 <= budget ? 'within' : 'OVER  ';
      console.log(
        `  ${type.padEnd(13)}${kb(sizes.html)}${kb(sizes.css)}${kb(sizes.js)}   ${String(budget).padStart(2)} KB ${verdict}${kb(wide.js)}  (${path})`,
      );
    }
  }
} finally {
  await browser.close();
  for (const site of served) site.close();
}
