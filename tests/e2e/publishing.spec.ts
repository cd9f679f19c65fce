import { expect, test } from '@playwright/test';
import type { ApiCampaign, ApiDataList } from '../../contract/index.ts';
import { campaigns as seeded, clickAndCollectLabel } from '../../server/seed/data/content.ts';
import { campaignDates } from '../../src/lib/domain/campaign-dates.ts';
import { CONSENT_COOKIE, encodeConsent } from '../../src/lib/domain/consent.ts';
import { COMING_ARTICLES_TEXT } from '../../src/lib/domain/home-slots.ts';
import { formatPrice } from '../../src/lib/format/money.ts';
import { foreignRequests } from './fixtures/consent.ts';
import { HomePage } from './fixtures/home.ts';
import { PublishingPage } from './fixtures/publishing.ts';
import { RebuildShop } from './fixtures/rebuild.ts';
import { watchWindow } from './fixtures/watch-window.ts';

// Marketing's publishing page end to end, by keyboard, on a builder of its own (the page does
// not depend on the brand): sign in, a build pushed live with its progress, a rollback, a
// campaign made from articles found by search, ended again, and the sign-in limit; axe on
// every screen; a preview of the campaign before it starts, and one of the home page as of a
// coming campaign's start; the speed of real page views. Five journeys, as a build is the slow
// part.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

// This builder's builds measure every page view whose shopper allows statistics (the builds
// are this process's children), so that the journey's views reach the p75 table.
process.env['VITALS_SAMPLE_RATE'] = '1';

let shop: RebuildShop;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  shop = await RebuildShop.start('e2e-publishing');
});

test.afterAll(async () => {
  await shop.settled();
  await shop.stop();
});

test('sign in, publish with progress pushed until live, and roll back, by keyboard @default-brand', async ({
  page,
}) => {
  const publishing = new PublishingPage(page, shop.origin);
  await publishing.goto();
  await expect(page.getByRole('heading', { name: 'Logg inn' })).toBeVisible();
  expect(await publishing.axeViolations()).toEqual([]);
  await expect(page.getByRole('button', { name: 'Publiser nå' })).toHaveCount(0);

  await publishing.signIn('gjettet');
  await expect(page.getByRole('alert')).toHaveText('Feil nøkkel. Prøv igjen.');
  await expect(page.getByRole('button', { name: 'Publiser nå' })).toHaveCount(0);
  expect(await publishing.axeViolations()).toEqual([]);

  await publishing.signIn(RebuildShop.adminToken);
  await expect(page.getByRole('heading', { level: 1, name: 'Publisering' })).toBeVisible();
  await expect(
    publishing.brand('toppfart').getByRole('heading', { name: 'Toppfart' }),
  ).toBeVisible();
  expect(await publishing.axeViolations()).toEqual([]);
  expect(await page.content()).not.toContain(RebuildShop.adminToken);

  // Publiser nå: the progress is pushed while it builds, until the new release is live.
  const first = await publishing.liveRelease('toppfart');
  shop.changeData();
  await publishing.press('Publiser nå', publishing.brand('toppfart'));
  await expect(publishing.flash).toContainText('Bygget av Toppfart er startet.');
  const progress = publishing.brand('toppfart').locator('progress');
  await expect(progress).toBeVisible();
  await expect(publishing.progressWords('toppfart')).toContainText(/gått/);
  expect(await publishing.axeViolations()).toEqual([]);
  await expect(publishing.progressWords('toppfart')).toHaveAttribute('data-phase', 'live', {
    timeout: 180_000,
  });
  await expect(publishing.progressWords('toppfart')).toContainText(
    /^Live, [\d\s\u00a0]+ sider laget og [\d\s\u00a0]+ gjenbrukt av [\d\s\u00a0]+ sider, tok /,
  );
  await expect(publishing.announcer).toContainText('Toppfart');
  await expect.poll(() => publishing.liveRelease('toppfart')).not.toBe(first);
  const second = await publishing.liveRelease('toppfart');
  const table = publishing.brand('toppfart').getByRole('table', { name: 'Siste bygg av Toppfart' });
  await expect(table.getByRole('row').nth(1)).toContainText(`Live (${second})`);
  await shop.settled();

  // Roll back: asked first, told what goes back, and the earlier release live everywhere.
  await publishing.goto();
  const earlier = publishing.brand('toppfart').getByRole('radio', { name: new RegExp(first) });
  await earlier.focus();
  await page.keyboard.press('Space');
  await expect(earlier).toBeChecked();
  await publishing.press('Gå tilbake …', publishing.brand('toppfart'));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Gå tilbake');
  await expect(page.locator('main')).toContainText(`går tilbake til utgave ${first}`);
  await expect(page.locator('main')).toContainText(
    `Utgave ${second}, som er live nå, blir tatt vare på`,
  );
  expect(await publishing.axeViolations()).toEqual([]);

  await publishing.press(`Ja, gå tilbake til ${first}`);
  await expect(publishing.flash).toContainText(`Toppfart er tilbake på utgave ${first}.`);
  expect(await publishing.liveRelease('toppfart')).toBe(first);
  await expect(table.getByRole('row').nth(1)).toContainText(`Tilbake til ${first}`);
  expect(shop.liveDir()).toContain(first);
  expect((await shop.hook('GET')).body).toMatchObject({ state: 'live', releaseId: first });
  expect(await publishing.axeViolations()).toEqual([]);
});

test('a campaign from tomorrow with two articles found by search, refused once, then made and ended @default-brand', async ({
  page,
}) => {
  const publishing = new PublishingPage(page, shop.origin);
  await publishing.goto();
  await publishing.signIn(RebuildShop.adminToken);
  const name = 'Vinterkupp i test';
  await publishing.type('Navn', name);
  await publishing.type('Merketekst', 'Vinterkupp');

  const first = await publishing.addArticle('jakke');
  const second = await publishing.addArticle('sko');
  expect(second).not.toBe(first);
  await expect(page.getByLabel(`Kampanjepris for ${first} (kr)`)).toBeVisible();
  // What was typed is kept through each search.
  await expect(page.getByLabel('Navn')).toHaveValue(name);

  await publishing.type(`Kampanjepris for ${first} (kr)`, 'billig');
  await publishing.type(`Kampanjepris for ${second} (kr)`, '149,50');
  await publishing.press('Opprett kampanjen');
  await expect(page.getByRole('alert').first()).toContainText('Kampanjen er ikke lagret');
  const price = page.getByLabel(`Kampanjepris for ${first} (kr)`);
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await expect(price).toHaveValue('billig');
  await expect(page.getByLabel('Navn')).toHaveValue(name);
  await expect(page.getByText('Skriv prisen i kroner, f.eks. 199 eller 199,50.')).toBeVisible();
  expect(await publishing.axeViolations()).toEqual([]);

  await publishing.type(`Kampanjepris for ${first} (kr)`, '99');
  await publishing.press('Opprett kampanjen');
  await expect(publishing.flash).toContainText(`Kampanjen ${name} er opprettet.`);
  const coming = page.getByRole('region', { name: 'Kommer' });
  await expect(coming.getByText(name, { exact: true })).toBeVisible();
  await expect(coming).toContainText(/2 varer · Merker:\s+(\S+, )*Toppfart/);
  await expect(page.getByRole('region', { name: 'Planlagte bygg' })).toContainText(
    new RegExp(`${name} starter; bygger\\s+(\\S+, )*Toppfart`),
  );
  expect(await publishing.axeViolations()).toEqual([]);

  // Seen before it starts: Toppfart as of tomorrow shows the campaign price, while the live
  // shop still shows today's.
  await publishing.press(`Forhåndsvis ${name} på Toppfart`, coming);
  const open = coming.getByRole('link', { name: /^Åpne forhåndsvisningen av Toppfart/ });
  await expect(open).toBeVisible({ timeout: 180_000 });
  expect(await publishing.axeViolations()).toEqual([]);
  const product = shop.productNamed(first);
  const campaignPrice = formatPrice(9900);
  const preview = await page.context().newPage();
  await preview.goto(new URL((await open.getAttribute('href')) ?? '', shop.origin).href);
  await preview.goto(new URL(product, preview.url()).href);
  await expect(preview.getByRole('complementary', { name: 'Forhåndsvisning' })).toContainText(
    'Forhåndsvisning: slik butikken ser ut',
  );
  await expect(preview.locator('main [data-price]')).toContainText(campaignPrice);
  expect(new URL(preview.url()).origin).not.toBe(shop.origin);
  const live = await page.context().newPage();
  await live.goto(`${shop.origin}${product}`);
  await expect(live.locator('main [data-price]')).toBeVisible();
  await expect(live.locator('main [data-price]')).not.toContainText(campaignPrice);
  await preview.close();
  await live.close();

  await coming.getByRole('link', { name: `Avslutt ${name} …` }).focus();
  await publishing.submitWithEnter();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Avslutte ${name}?`);
  expect(await publishing.axeViolations()).toEqual([]);
  await publishing.press(`Ja, avslutt ${name}`);
  await expect(publishing.flash).toContainText(`Kampanjen ${name} er avsluttet.`);
  await expect(
    page.getByRole('region', { name: 'Avsluttet' }).getByText(name, { exact: true }),
  ).toBeVisible();
  expect(await publishing.axeViolations()).toEqual([]);
});

test('a preview as of the Klikk & Hent campaign’s start shows it running on the home page @default-brand', async ({
  page,
}) => {
  // The newspaper slot names it; the live shop shows it coming ('Ukens annonse!').
  const seed = seeded.find((c) => c.labelText === clickAndCollectLabel);
  if (!seed) throw new Error('The seed has no Klikk & Hent campaign');
  const answer = await page.request.get(`${shop.origin}/api/v1/campaigns/`);
  const campaign = ((await answer.json()) as ApiDataList<ApiCampaign>).data.find(
    (c) => c.id === seed.id,
  );
  if (!campaign) throw new Error(`The API lists no campaign ${String(seed.id)}`);

  const live = new HomePage(page);
  await page.goto(`${shop.origin}/`);
  const [coming] = await live.campaignCards('newspaper');
  expect(coming).toEqual({
    name: campaign.name,
    dates: campaignDates(campaign, new Date()),
    button: COMING_ARTICLES_TEXT,
  });
  expect(coming?.dates).toMatch(/^Fra /);

  const publishing = new PublishingPage(page, shop.origin);
  await publishing.goto();
  await publishing.signIn(RebuildShop.adminToken);
  const item = page
    .getByRole('region', { name: 'Kommer' })
    .locator(`li[data-campaign="${String(campaign.id)}"]`);
  await publishing.press(`Forhåndsvis ${campaign.name} på Toppfart`, item);
  const open = item.getByRole('link', { name: /^Åpne forhåndsvisningen av Toppfart/ });
  await expect(open).toBeVisible({ timeout: 180_000 });
  const preview = await page.context().newPage();
  await preview.goto(new URL((await open.getAttribute('href')) ?? '', shop.origin).href);
  await preview.goto(new URL('/', preview.url()).href);
  const [running] = await new HomePage(preview).campaignCards('newspaper');
  expect(running?.name).toBe(campaign.name);
  expect(running?.dates).toBe(campaignDates(campaign, new Date(campaign.start)));
  expect(running?.dates).toMatch(/^Gjelder til /);
  expect(running?.button).toMatch(/^Se [\d\s\u00a0]+ varer?$/);
  await expect(preview.getByRole('complementary', { name: 'Forhåndsvisning' })).toBeVisible();
  await preview.close();
});

test('the p75 of real page views shows per page type beside the thresholds @default-brand', async ({
  page,
  context,
}) => {
  const choose = (choice: { analytics: boolean; tagManager: boolean; pixel: boolean }) =>
    context.addCookies([
      { name: CONSENT_COOKIE, value: encodeConsent(choice, new Date()), url: shop.origin },
    ]);
  await foreignRequests(page, shop.origin);
  // The field measurement has started once it observes the page's interactions (the event
  // timing INP is reckoned from): in the same task it starts listening for the page to be
  // hidden, when it sends the view.
  // A view left before its largest paint has no LCP to send (one in twenty did on CI): each
  // view waits for the browser to have one.
  await page.addInitScript(() => {
    const observe = PerformanceObserver.prototype.observe;
    PerformanceObserver.prototype.observe = function (this: PerformanceObserver, options) {
      if (options?.type === 'event') (window as { measuring?: boolean }).measuring = true;
      observe.call(this, options);
    };
    new PerformanceObserver(() => {
      (window as { painted?: boolean }).painted = true;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  // Each view is measured once its page has loaded, and sent when the next one hides it.
  const view = async (path: string) => {
    await page.goto(`${shop.origin}${path}`);
    await page.waitForFunction(() => {
      const state = window as { measuring?: boolean; painted?: boolean };
      return state.measuring === true && state.painted === true;
    });
  };
  // A shopper who refused statistics, though not the other kinds, is never measured.
  await choose({ analytics: false, tagManager: true, pixel: true });
  for (let i = 0; i < 3; i++) {
    await page.goto(`${shop.origin}/kundeservice`);
    await watchWindow(page);
    expect(
      await page.evaluate(() => (window as { measuring?: boolean }).measuring),
    ).toBeUndefined();
  }
  // Then a shopper who allowed statistics; the vendors' scripts answer empty.
  await choose({ analytics: true, tagManager: false, pixel: false });
  await view('/');
  const product = await page.locator('main a[href^="/product/"]').first().getAttribute('href');
  if (!product) throw new Error('The home page links no product');
  for (let i = 0; i < 20; i++) {
    if (i > 0) await view('/');
    await view(product);
  }
  await view('/kundeservice');

  const publishing = new PublishingPage(page, shop.origin);
  await publishing.goto();
  await publishing.signIn(RebuildShop.adminToken);
  const table = page.getByRole('table', { name: 'Toppfart: p75 per sidetype' });
  const row = (type: string) => table.locator(`tr[data-page-type="${type}"]`);
  const figure = /^\s*[\d,]+ s,\s+(god|bør forbedres|dårlig)\s+20 visninger\s*$/;
  // Of the support page's four views only the one with statistics allowed counts.
  await expect(async () => {
    await publishing.goto();
    await expect(row('page').locator('[data-metric="TTFB"]')).toHaveText(/For få \(1 visning\)/);
  }).toPass();
  for (const type of ['home', 'product']) {
    await expect(row(type).locator('[data-metric="LCP"]')).toHaveText(figure);
    await expect(row(type).locator('[data-metric="TTFB"]')).toHaveText(figure);
    await expect(row(type).locator('[data-metric="CLS"]')).toHaveText(
      /^\s*[\d,]+,\s+(god|bør forbedres|dårlig)\s+20 visninger\s*$/,
    );
  }
  await expect(row('home')).toContainText('Forsiden');
  await expect(row('page').locator('[data-metric="LCP"]')).not.toContainText(/ s,/);
  await expect(table.getByRole('columnheader', { name: /LCP/ })).toHaveText(
    /god ≤ 2,5 s, dårlig > 4 s/,
  );
  expect(await publishing.axeViolations()).toEqual([]);
});

test('guessing the secret meets the limit @default-brand', async ({ page }) => {
  const publishing = new PublishingPage(page, shop.origin);
  await publishing.goto();
  for (let i = 0; i < 5; i++) await publishing.signIn(`gjettet-${String(i)}`);
  await publishing.signIn(RebuildShop.adminToken);
  await expect(page.getByRole('alert')).toContainText('For mange forsøk');
  await expect(page.getByRole('button', { name: 'Publiser nå' })).toHaveCount(0);
  expect(await publishing.axeViolations()).toEqual([]);
});
