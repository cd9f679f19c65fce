import { fileURLToPath } from 'node:url';
import { benchCart } from '../../scripts/lib/bench-cart.ts';
import { pageTypesOf } from '../../scripts/lib/bench-site.ts';
import {
  foreignCode,
  jsBudgets,
  measureLoad,
  pictureBudgets,
  viewports,
} from '../../scripts/lib/page-weight.ts';
import { expect, test } from './fixtures/shop.ts';

// Byte budgets fail the tests, as a size limit does: bytes do not vary from run to run as
// times do (those stay in the benchmarks: bench:lighthouse, bench:inp). The page types and
// the measuring are bench:weight's (scripts/lib/page-weight.ts), on the e2e build. The code
// and the pictures differ little between brands, so the default brand's pages stand for all.
test.describe('byte budgets @default-brand', () => {
  test.describe.configure({ timeout: 180_000 });

  test('every page type keeps its JS budget before interaction, and no other page’s code', async ({
    browser,
    baseURL,
    brand,
  }) => {
    const origin = baseURL ?? '';
    const dist = fileURLToPath(new URL(`../../dist-e2e/${brand.id}/`, import.meta.url));
    const cart = await benchCart(origin);
    const over: string[] = [];
    for (const { type, path, cart: withCart, account } of pageTypesOf(dist)) {
      const load = await measureLoad(
        browser,
        origin + path,
        viewports.phone,
        withCart ? cart : null,
        account,
      );
      const budget = jsBudgets[type] ?? 80;
      const kb = load.js / 1024;
      if (kb > budget)
        over.push(`${type} (${path}): ${kb.toFixed(1)} KB of JS, budget ${String(budget)}`);
      const foreign = foreignCode(type, load);
      for (const [what, files] of Object.entries(foreign)) {
        if (files.length > 0)
          over.push(`${type} (${path}) loads ${what} code: ${files.join(', ')}`);
      }
    }
    expect(over).toEqual([]);
  });

  test('a listing and a product page keep their picture budgets on a 390 px phone', async ({
    browser,
    baseURL,
    brand,
  }) => {
    const origin = baseURL ?? '';
    const dist = fileURLToPath(new URL(`../../dist-e2e/${brand.id}/`, import.meta.url));
    const measured = pageTypesOf(dist).filter(({ type }) => pictureBudgets[type] !== undefined);
    expect(measured.map((p) => p.type).sort()).toEqual(Object.keys(pictureBudgets).sort());
    const over: string[] = [];
    for (const { type, path } of measured) {
      const load = await measureLoad(browser, origin + path, viewports.smallPhone, null);
      const budget = pictureBudgets[type] ?? 0;
      const kb = load.pictures / 1024;
      // A page that loads no picture at all would pass for the wrong reason.
      expect(load.pictures, path).toBeGreaterThan(0);
      if (kb > budget)
        over.push(`${type} (${path}): ${kb.toFixed(1)} KB, budget ${String(budget)}`);
    }
    expect(over).toEqual([]);
  });
});
