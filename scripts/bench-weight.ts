/**
 * `npm run bench:weight`: per brand and page type, the bytes loaded before any interaction
 * (until the network is quiet, so idle and visible islands count), as transferred
 * (gzip from the host), split into HTML, CSS and JS, measured in Chromium on a phone
 * (412 x 823, as Lighthouse's mobile run) and, for JS, also on a desktop (1280 x 800),
 * where more islands are in view at once. JS counts every `.js` answer, prefetched island
 * code included. The checkout is measured with a filled cart in localStorage, so its island
 * renders the whole form, and my page with a customer logged in (registered through the
 * shop's form just before),
 * so it shows the customer code. `--brand <id>` measures one brand.
 * Also the pictures of the first screen on a 390 px phone. The budgets and the measuring are
 * scripts/lib/page-weight.ts's, which the browser test tests/e2e/budgets.spec.ts holds
 * `npm test` to; here a line per page type says which files broke the rule that no page type
 * loads another's code before interaction, if any. Prints figures; asserts nothing.
 */
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { brands } from '../src/brands/index.ts';
import { benchCart } from './lib/bench-cart.ts';
import { chromiumArgs, serveBrands } from './lib/bench-site.ts';
import {
  foreignCode,
  jsBudgets,
  measureLoad,
  pictureBudgets,
  viewports,
} from './lib/page-weight.ts';

const { values } = parseArgs({ options: { brand: { type: 'string' } } });
const served = await serveBrands(values.brand ? [values.brand] : brands.map((b) => b.id));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
const broken: string[] = [];
const kb = (n: number) => (n / 1024).toFixed(1).padStart(8);
try {
  for (const site of served) {
    console.log(`\n${site.brand}`);
    console.log(
      '  page type      HTML KB   CSS KB    JS KB   JS budget        JS KB desktop  pictures KB 390 px',
    );
    const cart = site.pageTypes.some((p) => p.cart) ? await benchCart(site.apiOrigin) : null;
    for (const pageType of site.pageTypes) {
      const { type, path } = pageType;
      const lines = pageType.cart ? cart : null;
      const url = site.origin + path;
      const sizes = await measureLoad(browser, url, viewports.phone, lines, pageType.account);
      const wide = await measureLoad(browser, url, viewports.desktop, lines, pageType.account);
      const small = await measureLoad(browser, url, viewports.smallPhone, lines, pageType.account);
      const budget = jsBudgets[type] ?? 80;
      const verdict = sizes.js / 1024 <= budget ? 'within' : 'OVER  ';
      if (verdict !== 'within') broken.push(`${site.brand} ${type}: JS over ${String(budget)} KB`);
      const pictureBudget = pictureBudgets[type];
      const pictureVerdict =
        pictureBudget === undefined
          ? ''
          : small.pictures / 1024 <= pictureBudget
            ? ` (budget ${String(pictureBudget)}, within)`
            : ` (budget ${String(pictureBudget)}, OVER)`;
      if (pictureVerdict.includes('OVER')) {
        broken.push(`${site.brand} ${type}: pictures over ${String(pictureBudget)} KB`);
      }
      const foreign = foreignCode(type, sizes, wide);
      const codeLine = Object.entries(foreign)
        .map(([what, files]) =>
          files.length === 0
            ? `\n      ${what} code before interaction: none`
            : `\n      ${what} code before interaction: BROKEN RULE, ${files.join(', ')}`,
        )
        .join('');
      if (codeLine.includes('BROKEN')) broken.push(`${site.brand} ${type}: another page's code`);
      console.log(
        `  ${type.padEnd(13)}${kb(sizes.html)}${kb(sizes.css)}${kb(sizes.js)}   ${String(budget).padStart(2)} KB ${verdict}${kb(wide.js)}${kb(small.pictures)}${pictureVerdict}  (${path}${lines ? `, ${String(lines.length)} lines in the cart` : ''})${codeLine}`,
      );
    }
  }
  console.log(
    broken.length === 0
      ? "\nEvery budget kept; no page type loads the checkout's or the account pages' code but their own."
      : `\nBroken: ${broken.join('; ')}`,
  );
} finally {
  await browser.close();
  for (const site of served) site.close();
}
