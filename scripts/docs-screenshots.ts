/**
 * `node scripts/docs-screenshots.ts`: the pictures of docs/marketing.md, taken from the real
 * publishing page rather than drawn, so that the guide shows what marketing sees. A builder as
 * `npm start` runs it (toppfart, a fresh 400-article catalogue, RebuildShop) is fully built;
 * then, in Debian's Chromium at 1280 × 800, the script signs in, publishes, makes a coming
 * campaign from two articles found by search, builds its preview, asks to go back to the first
 * release and shows a week of field measurements (beacons sent as the shop's pages send them),
 * saving a screenshot of each step as a palette PNG into docs/images/. Run by hand after
 * changing the page, never by `npm test`, so no test run rewrites tracked files.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium, type Locator, type Page } from 'playwright-core';
import sharp from 'sharp';
import type { ApiVitalsBeacon } from '../contract/vitals.ts';
import { chromiumLaunch } from '../tests/e2e/fixtures/chromium.ts';
import { presetConsent } from '../tests/e2e/fixtures/consent.ts';
import { RebuildShop } from '../tests/e2e/fixtures/rebuild.ts';

const folder = new URL('../docs/images/', import.meta.url);
mkdirSync(folder, { recursive: true });

/** Saves what the viewport shows as `name`.png, as a palette PNG (a fifth of the bytes). */
async function save(page: Page, name: string): Promise<void> {
  const png = await page.screenshot({ type: 'png' });
  const small = await sharp(png).png({ palette: true, compressionLevel: 9 }).toBuffer();
  writeFileSync(new URL(`${name}.png`, folder), small);
  console.log(`docs/images/${name}.png: ${String(Math.round(small.length / 1024))} KB`);
}

/** Scrolls `section` to the viewport's top, where a screenshot then begins. */
async function toTop(section: Locator): Promise<void> {
  await section.evaluate((element) => {
    element.scrollIntoView({ block: 'start' });
  });
}

/** Clicks `target` and waits for the page the form or link leads to. */
async function follow(page: Page, target: Locator): Promise<void> {
  const loaded = page.waitForEvent('load');
  await target.click();
  await loaded;
}

/** A page view's beacon, as src/lib/field-vitals.ts sends it, with figures around `lcp`. */
function beacon(page: ApiVitalsBeacon['page'], lcp: number, i: number): ApiVitalsBeacon {
  const spread = (i % 7) * 0.06;
  return {
    brand: 'toppfart',
    page,
    metrics: [
      { name: 'LCP', value: Math.round(lcp * (0.8 + spread)), navigationType: 'navigate' },
      { name: 'INP', value: 40 + (i % 5) * 30, navigationType: 'navigate' },
      { name: 'CLS', value: (i % 4) * 0.01, navigationType: 'navigate' },
      { name: 'TTFB', value: 120 + (i % 6) * 40, navigationType: 'navigate' },
    ],
  };
}

console.log('Bygger toppfart med 400 varer første gang ...');
const shop = await RebuildShop.start('docs-screenshots', 400);
// Its date fields read in English (12/07/2026): this Chromium carries no other language's
// resources, and the fields follow the browser's language, not the page's.
const browser = await chromium.launch(chromiumLaunch);
try {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'nb-NO',
    timezoneId: 'Europe/Oslo',
  });
  // The preview is a shop page: a shopper who chose 'only necessary' sees no cookie modal.
  await presetConsent(context, shop.origin);
  const page = await context.newPage();
  const main = page.locator('main');
  const brand = page.locator('#merke-toppfart');
  const phase = (name: string) => brand.locator(`[data-progress-words][data-phase="${name}"]`);
  const open = () => page.goto(`${shop.origin}/publisering`);

  // Sign in.
  await open();
  await page.getByLabel('Kampanjenøkkel').fill(RebuildShop.adminToken);
  await save(page, 'logg-inn');
  await follow(page, main.getByRole('button', { name: 'Logg inn' }));
  const first = ((await brand.locator('[data-live-release]').textContent()) ?? '').trim();
  await save(page, 'oversikt');

  // Publish, and the build board while pages are being made.
  shop.changeData();
  await follow(page, brand.getByRole('button', { name: 'Publiser nå' }));
  await phase('rendering').waitFor({ timeout: 180_000 });
  await save(page, 'bygger');
  await phase('live').waitFor({ timeout: 180_000 });
  await shop.settled();

  // A coming campaign of two articles found by the shop's search.
  const name = 'Vinterkupp';
  await open();
  await page.getByLabel('Navn').fill(name);
  await page.getByLabel('Merketekst').fill('Vinterkupp');
  for (const [query, price] of [
    ['jakke', '499'],
    ['sko', '799,50'],
  ] as const) {
    await page.getByLabel('Søk etter varer å legge til').fill(query);
    await follow(page, main.getByRole('button', { name: 'Søk', exact: true }));
    await follow(page, main.getByRole('button', { name: /^Legg til / }).first());
    await page
      .getByLabel(/^Kampanjepris for /)
      .last()
      .fill(price);
  }
  await toTop(page.locator('#kampanjeskjema'));
  await save(page, 'ny-kampanje');
  await follow(page, main.getByRole('button', { name: 'Opprett kampanjen' }));

  // Its preview, asked for, ready, and opened.
  const coming = page.getByRole('region', { name: 'Kommer' });
  await follow(page, coming.getByRole('button', { name: `Forhåndsvis ${name} på Toppfart` }));
  const preview = coming.getByRole('link', { name: /^Åpne forhåndsvisningen av Toppfart/ });
  await preview.waitFor({ timeout: 180_000 });
  await toTop(page.locator('#kampanjer'));
  await save(page, 'kampanjer');
  const shopper = await context.newPage();
  await shopper.goto(new URL((await preview.getAttribute('href')) ?? '', shop.origin).href);
  await save(shopper, 'forhandsvisning');
  await shopper.close();

  // Going back to the first release: the question before it is done.
  await open();
  await brand.getByRole('radio', { name: new RegExp(first) }).check();
  await follow(page, brand.getByRole('button', { name: 'Gå tilbake …' }));
  await save(page, 'ga-tilbake');

  // A week of field measurements: 24 views of the home page and of a product page.
  for (let i = 0; i < 24; i++) {
    for (const [type, lcp] of [
      ['home', 1900],
      ['product', 2900],
    ] as const) {
      await fetch(`${shop.origin}/api/v1/vitals`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(beacon(type, lcp, i)),
      });
    }
  }
  await open();
  await toTop(page.locator('#fart'));
  await save(page, 'fart');
} finally {
  await browser.close();
  await shop.settled();
  await shop.stop();
}
