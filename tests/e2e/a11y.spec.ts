import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brands } from '../../src/brands/index.ts';
import { expect, test } from './fixtures/shop.ts';

// Search results and the blog's list are scanned where their journeys draw them, on every
// brand (search.spec.ts once the results are in, blog.spec.ts with a post and a category), so
// not again here.
const pageTypes = [
  '/',
  '/kundeservice',
  '/om-oss',
  '/personvernerklaering',
  '/klaer',
  '/klaer/jakker',
  '/checkout',
  '/utvalg/1+2',
  '/finnes-ikke',
  '/butikker',
];

for (const path of pageTypes) {
  test(`axe finds no WCAG 2.2 AA violations on ${path}`, async ({ shop }) => {
    await shop.goto(path);
    expect(await shop.axeViolations()).toEqual([]);
  });
}

test('axe finds no violations with the mobile menu open', async ({ shop, page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await shop.goto('/');
  await shop.burger.click();
  expect(await shop.axeViolations()).toEqual([]);
});

// One Java process for every brand's pages (its start is most of the cost), so it runs once,
// with the default brand, over all three builds.
test('the Nu HTML checker finds no errors in the built pages of every brand @default-brand', async () => {
  test.setTimeout(240_000);
  const pages = brands.flatMap((brand) => {
    const root = fileURLToPath(new URL(`../../dist-e2e/${brand.id}/`, import.meta.url));
    const all = (readdirSync(root, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.html'))
      .sort();
    // Every top-level page (one of each kind; pages are built as files, `om-oss.html`), and
    // of the thousands of deeper pages made from a few templates (products, listings) an
    // even spread of 40, to stay inside CI's time: each page costs the checker some 85 ms of
    // CPU, and the spread still holds every template many times over.
    const top = all.filter((f) => !f.includes('/'));
    const deep = all.filter((f) => f.includes('/'));
    const step = Math.max(1, Math.floor(deep.length / 40));
    // A blog post and a shop's page always, whatever the spread picks.
    const featured = ['blogg/', 'butikker/'].flatMap((folder) =>
      deep.filter((f) => f.startsWith(folder)).slice(0, 1),
    );
    expect(featured.length, brand.id).toBe(
      (brand.pages.blog ? 1 : 0) + (brand.pages.shops ? 1 : 0),
    );
    const chosen = [...new Set([...top, ...featured, ...deep.filter((_, i) => i % step === 0)])];
    expect(chosen.length, brand.id).toBeGreaterThan(10);
    return chosen.map((file) => join(root, file));
  });
  const jar = fileURLToPath(
    new URL('../../node_modules/vnu-jar/build/dist/vnu.jar', import.meta.url),
  );
  let output = '';
  try {
    execFileSync('java', ['-jar', jar, '--errors-only', '--format', 'gnu', ...pages], {
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch (error) {
    output = String((error as { stderr?: string }).stderr ?? error);
  }
  // The checker (vnu-jar 26.9.27, the newest) knows three of the four eagerness values of the
  // Speculation Rules spec, which added 'immediate' in 2023 (WICG/nav-speculation#281); the
  // listings prerender their first row with it. speculation-rules.test.ts holds every
  // eagerness the layout writes to the spec's four.
  const lagging = 'The “eagerness” property in a speculation rule must be one of';
  const errors = output.split('\n').filter((line) => line !== '' && !line.includes(lagging));
  expect(errors).toEqual([]);
});
