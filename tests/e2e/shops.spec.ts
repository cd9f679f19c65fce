import type { ApiPostalCode, ApiSettings } from '../../contract/index.ts';
import { haversineKm } from '../../src/lib/domain/distance.ts';
import { formatDistance } from '../../src/lib/format/distance.ts';
import { ShopDetailPage, ShopFinderPage, StoreSearchSlot } from './fixtures/shops.ts';
import { expect, test } from './fixtures/shop.ts';

const TROMSO = { latitude: 69.6489, longitude: 18.9551 };
const ascending = (km: number[]) => km.toSorted((a, b) => a - b);

test.describe('shop finder @default-brand', () => {
  test('sorts by a postal code, then by the browser position, then copes with a refusal', async ({
    page,
    context,
  }) => {
    const finder = new ShopFinderPage(page);
    await finder.open();
    const byName = await finder.names();
    expect(byName.length).toBeGreaterThan(20);
    expect(byName).toEqual(byName.toSorted(new Intl.Collator('nb').compare));
    expect(byName).not.toContain('Nettbutikk');
    expect(await finder.distancesKm()).toEqual([]);

    await finder.sortByPostalCode('5013');
    await expect(finder.status).toHaveText(/^Sortert etter avstand fra 5013 Bergen\./);
    await expect(finder.items.first()).toContainText('Bergen Sentrum');
    const fromBergen = await finder.distancesKm();
    expect(fromBergen).toHaveLength(byName.length);
    expect(fromBergen).toEqual(ascending(fromBergen));

    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(TROMSO);
    await finder.useMyPosition.click();
    await expect(finder.status).toHaveText(/^Sortert etter avstand fra posisjonen din\./);
    await expect(finder.items.first()).toContainText('Tromsø');
    const fromTromso = await finder.distancesKm();
    expect(fromTromso).toEqual(ascending(fromTromso));

    await context.clearPermissions();
    await finder.useMyPosition.click();
    await expect(finder.status).toHaveText(
      'Fant ikke posisjonen din. Skriv inn postnummeret ditt i stedet.',
    );
    // The list keeps its last order and still answers a postal code, by keyboard.
    await expect(finder.items.first()).toContainText('Tromsø');
    await finder.sortByPostalCode('12');
    await expect(finder.status).toHaveText('Postnummeret må være fire sifre, for eksempel 0150.');
    await expect(finder.postalCode).toHaveAttribute('aria-invalid', 'true');
    await finder.sortByPostalCode('0154');
    await expect(finder.items.first()).toContainText('Oslo Sentrum');
    await expect(finder.postalCode).not.toHaveAttribute('aria-invalid', /.*/);
    expect(await finder.axeViolations()).toEqual([]);
  });

  test('sorts by straight lines when the routing service fails', async ({ page }) => {
    let routingCalls = 0;
    await page.route('**/osrm/**', (route) => {
      routingCalls += 1;
      return route.abort();
    });
    const finder = new ShopFinderPage(page);
    await finder.open('?postnummer=0154');
    await expect(finder.status).toHaveText(/^Sortert etter avstand fra 0154 Oslo\./);
    expect(routingCalls).toBe(1);
    await expect(finder.items.first()).toContainText('Oslo Sentrum');
    const km = await finder.distancesKm();
    expect(km).toEqual(ascending(km));

    // The second shop's distance is the great circle from the postal code's centre.
    const code = (await (
      await page.request.get('/api/v1/postalcodes/0154')
    ).json()) as ApiPostalCode;
    const second = (await finder.names())[1] ?? '';
    const expected = haversineKm(
      { latitude: code.CoordLat, longitude: code.CoordLong },
      await finder.coords(second),
    );
    await expect(finder.items.nth(1).locator('[data-distance]')).toHaveText(
      formatDistance(expected),
    );
  });

  test('shows the web shop apart, as the web shop', async ({ page }) => {
    const finder = new ShopFinderPage(page);
    await finder.open();
    await expect(finder.webShop.getByRole('heading', { name: 'Nettbutikk' })).toBeVisible();
    await finder.webShop.getByRole('link').click();
    const shop = new ShopDetailPage(page);
    await expect(shop.heading).toHaveText('Nettbutikk');
    await expect(page.getByText('Nettbutikken er åpen hele døgnet.')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(shop.openNow).toHaveCount(0);
    await expect(page.getByRole('link', { name: /i kart/ })).toHaveCount(0);
    const store = (await shop.structuredData()).find((n) => String(n['@id']).endsWith('#store'));
    expect(store).toMatchObject({ '@type': 'OnlineStore', name: 'Nettbutikk' });
    expect(store).not.toHaveProperty('openingHoursSpecification');
  });
});

test.describe('shop page @default-brand', () => {
  // Trysil: Monday to Thursday 09-18; Friday and Saturday 09-15 and 18-02; Sunday 10-16.
  const open = async (page: ShopDetailPage['page'], oslo: string) => {
    await page.clock.setFixedTime(new Date(oslo));
    const shop = new ShopDetailPage(page);
    await shop.goto('/butikker');
    await page.getByRole('link', { name: 'Trysil', exact: true }).click();
    await expect(shop.heading).toHaveText('Trysil');
    return shop;
  };

  test('shows the whole week Monday first, and today and whether it is open now', async ({
    page,
  }) => {
    // Friday 27 November 2026, 23:30 in Oslo (UTC+1).
    const shop = await open(page, '2026-11-27T23:30:00+01:00');
    expect(await shop.week()).toEqual([
      ['mandag', '09:00–18:00'],
      ['tirsdag', '09:00–18:00'],
      ['onsdag', '09:00–18:00'],
      ['torsdag', '09:00–18:00'],
      ['fredag', '09:00–15:00, 18:00–02:00'],
      ['lørdag', '09:00–15:00, 18:00–02:00'],
      ['søndag', '10:00–16:00'],
    ]);
    await expect(shop.openNow).toHaveText('Åpent nå, stenger kl. 02:00');
    await expect(shop.today.locator('th')).toHaveText('fredag');
    await expect(page.getByText('Storvegen 14')).toBeVisible();
    await expect(page.getByRole('link', { name: /^\d{2} \d{2} \d{2} \d{2}$/ })).toHaveAttribute(
      'href',
      /^tel:\+47\d{8}$/,
    );
    await expect(page.getByRole('link', { name: 'trysil@toppfart.no' })).toHaveAttribute(
      'href',
      'mailto:trysil@toppfart.no',
    );
    await expect(page.getByRole('link', { name: 'Vis Trysil i kart' })).toHaveAttribute(
      'href',
      /^https:\/\/www\.openstreetmap\.org\//,
    );
    const store = (await shop.structuredData()).find((n) => n['@type'] === 'Store');
    expect(store?.['openingHoursSpecification']).toContainEqual(
      expect.objectContaining({ opens: '18:00', closes: '02:00' }),
    );
    expect(await shop.axeViolations()).toEqual([]);
  });

  test('is still open after midnight on Friday night, closed after 02:00', async ({ page }) => {
    const shop = await open(page, '2026-11-28T01:30:00+01:00');
    await expect(shop.openNow).toHaveText('Åpent nå, stenger kl. 02:00');
    await expect(shop.today.locator('th')).toHaveText('lørdag');

    await page.clock.setFixedTime(new Date('2026-11-28T02:00:00+01:00'));
    await page.reload();
    await expect(shop.openNow).toHaveText('Stengt nå, åpner kl. 09:00');
  });

  test('is closed on Thursday night, and names Friday after Thursday closing', async ({ page }) => {
    const shop = await open(page, '2026-11-26T23:59:00+01:00');
    await expect(shop.openNow).toHaveText('Stengt nå, åpner i morgen kl. 09:00');
    await expect(shop.today.locator('th')).toHaveText('torsdag');
    await page.clock.setFixedTime(new Date('2026-11-27T00:00:00+01:00'));
    await page.reload();
    await expect(shop.openNow).toHaveText('Stengt nå, åpner kl. 09:00');
    await expect(shop.today.locator('th')).toHaveText('fredag');
  });
});

test.describe('home store search', () => {
  test('finds the three nearest shops from a postal code @default-brand', async ({
    page,
    brand,
    shop,
  }) => {
    const settings = (await (
      await page.request.get(`/api/v1/settings?tenant=${brand.id}`)
    ).json()) as ApiSettings;
    const slot = new StoreSearchSlot(page);
    await shop.goto('/');
    if (!settings.home.some((s) => s.type === 'storeSearch')) {
      await expect(slot.root).toHaveCount(0);
      return;
    }
    // Wrong codes are told in Norwegian, and the field is marked.
    await slot.postalCode.fill('abc');
    await slot.postalCode.press('Enter');
    await expect(slot.status).toHaveText('Postnummeret må være fire sifre, for eksempel 0150.');
    await expect(slot.postalCode).toHaveAttribute('aria-invalid', 'true');
    await slot.postalCode.fill('0001');
    await slot.submit.click();
    await expect(slot.status).toHaveText('Fant ikke postnummeret 0001.');
    await expect(slot.results).toHaveCount(0);

    await slot.postalCode.fill('9008');
    await slot.submit.click();
    await expect(slot.status).toHaveText('Butikkene nærmest 9008 Tromsø:');
    await expect(slot.results).toHaveCount(3);
    const first = slot.results.first();
    await expect(first).toContainText(/^Tromsø.*0 m$/);
    await expect(slot.postalCode).not.toHaveAttribute('aria-invalid', /.*/);
    const links = slot.results.getByRole('link');
    await expect(links).toHaveCount(brand.pages.shops ? 3 : 0);
    if (brand.pages.shops) {
      await expect(slot.root.getByRole('link', { name: 'Se alle butikkene' })).toHaveAttribute(
        'href',
        '/butikker',
      );
      await links.first().click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tromsø');
    }
  });
});
