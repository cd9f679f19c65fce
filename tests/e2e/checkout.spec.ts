import {
  CartData,
  CheckoutPage,
  collectable,
  deliverable,
  knownAddress,
  withCart,
  WEB_SHOP_ID,
} from './fixtures/checkout.ts';
import { expect, test } from './fixtures/shop.ts';

// Journeys that do not depend on the brand run on the default brand only (see
// playwright.config.ts); each test buys from its own range of article ids, so tests that
// change stock never share an article.
test.describe('checkout @default-brand', () => {
  test('shows every validation message, then none once the form is right', async ({ page }) => {
    const data = new CartData(page.request);
    const [pick] = await data.find(deliverable(), 1, 1);
    if (!pick) throw new Error('no article');
    const checkout = new CheckoutPage(page);
    await withCart(page, [CartData.line(pick)], '/checkout');
    await checkout.submit.click();
    await expect(checkout.submitError).toContainText('Sjekk feltene som er merket.');
    await expect(checkout.submitError).toBeFocused();
    await expect(checkout.fieldError('name')).toHaveText('Skriv inn fornavn og etternavn.');
    await expect(checkout.fieldError('phone')).toContainText('norsk mobilnummer');
    await expect(checkout.fieldError('email')).toContainText('gyldig e-postadresse');
    await expect(checkout.fieldError('address')).toHaveText(
      "Ingen husnummer oppgitt - addresse må være på format: 'gateaddresse husnummer'",
    );
    await expect(checkout.fieldError('postalCode')).toContainText('fire sifre');
    await expect(checkout.fieldError('city')).toHaveText('Skriv inn poststedet.');
    await expect(checkout.field('Navn')).toHaveAttribute('aria-invalid', 'true');
    expect(await checkout.axeViolations()).toEqual([]);

    await checkout.fill({ address: 'Finnesikkeveien 3', postalCode: '0150' });
    await expect(checkout.field('Poststed')).toHaveValue('Oslo');
    await checkout.submit.click();
    await expect(checkout.fieldError('address')).toHaveText('Ingen addresser funnet');
    await expect(checkout.fieldError('name')).toHaveCount(0);
    await expect(checkout.fieldError('phone')).toHaveCount(0);
  });

  test('pays with the first provider: confirmation, stored order, empty cart', async ({ page }) => {
    const data = new CartData(page.request);
    const picks = await data.find(deliverable(2), 2, 40);
    const lines = picks.map((p, i) => CartData.line(p, i + 1));
    const checkout = new CheckoutPage(page);
    await withCart(page, lines, '/checkout');
    await checkout.fill({ address: await knownAddress(page.request, '0150'), postalCode: '0150' });
    await expect(checkout.form.getByRole('radio', { name: /Kort eller faktura/ })).toBeChecked();
    await expect(page.locator('[data-summary-shipping]')).toHaveText(/^199,00\s?kr$/u);
    const total = await page.locator('[data-summary-total]').textContent();
    await checkout.submit.click();

    await expect(page).toHaveURL(/\/providers\/first\//);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Godkjenn betaling' }).click();

    await expect(page).toHaveURL(/\/checkout\/kvittering\?/);
    await expect(page.getByRole('heading', { name: 'Takk for bestillingen!' })).toBeVisible();
    const number = await page.locator('[data-result-number]').textContent();
    expect(Number(number)).toBeGreaterThan(0);
    await expect(page.locator('[data-result-lines] li')).toHaveCount(2);
    // The server priced the order itself, to the same total the checkout showed.
    await expect(page.locator('[data-result-total]')).toHaveText(total ?? '');
    await expect(checkout.cartBadge).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('orders'))).toBe('[]');
    expect(await checkout.axeViolations()).toEqual([]);

    // The order is stored once: reading the status again (a refreshed page) finds the same.
    const url = new URL(page.url());
    const status = await page.request.get(
      `/api/v1/checkout/first/orders/${url.searchParams.get('order') ?? ''}`,
    );
    const body = (await status.json()) as { status: string; order: { id: number } | null };
    expect(body.status).toBe('paid');
    expect(String(body.order?.id)).toBe(number);
    await page.reload();
    await expect(page.locator('[data-result-number]')).toHaveText(number ?? '');
  });

  test('cancels at the second provider and keeps the cart', async ({ page }) => {
    const data = new CartData(page.request);
    const [pick] = await data.find(deliverable(), 1, 120);
    if (!pick) throw new Error('no article');
    const checkout = new CheckoutPage(page);
    await withCart(page, [CartData.line(pick)], '/checkout');
    await checkout.fill({ address: await knownAddress(page.request, '5003'), postalCode: '5003' });
    await checkout.form.getByRole('radio', { name: /Betal med mobilen/ }).check();
    await checkout.submit.click();
    await expect(page).toHaveURL(/\/providers\/second\//);
    await page.getByRole('button', { name: 'Avbryt' }).click();
    await expect(page.getByRole('heading', { name: 'Betalingen ble avbrutt' })).toBeVisible();
    await expect(page.getByText('Handlekurven din er tatt vare på.')).toBeVisible();
    await expect(checkout.cartBadge).toHaveText('1');
  });

  test('a declined payment says so and keeps the cart', async ({ page }) => {
    const data = new CartData(page.request);
    const [pick] = await data.find(deliverable(), 1, 160);
    if (!pick) throw new Error('no article');
    const checkout = new CheckoutPage(page);
    await withCart(page, [CartData.line(pick)], '/checkout');
    await checkout.fill({ address: await knownAddress(page.request, '0150'), postalCode: '0150' });
    await checkout.submit.click();
    await page.getByRole('button', { name: 'Simuler avvist betaling' }).click();
    await expect(page.getByRole('heading', { name: 'Betalingen ble avvist' })).toBeVisible();
    await expect(checkout.cartBadge).toHaveText('1');
  });

  test('a line sold out between cart and checkout is marked and blocks payment', async ({
    page,
  }) => {
    const data = new CartData(page.request);
    const [pick] = await data.find(deliverable(), 1, 200);
    if (!pick) throw new Error('no article');
    const checkout = new CheckoutPage(page);
    await withCart(page, [CartData.line(pick)], '/');
    for (const shop of pick.variant.shops) await data.setStock(pick.variant.ean, shop.id, 0);
    await page.goto('/checkout');
    await expect(checkout.summary.locator('[data-line-error]')).toBeVisible();
    await expect(page.getByText(/er ikke lenger på lager/).first()).toBeVisible();
    await checkout.fill({ address: await knownAddress(page.request, '0150'), postalCode: '0150' });
    await checkout.submit.click();
    await expect(checkout.submitError).toContainText('ikke lenger på lager');
    await expect(page).toHaveURL(/\/checkout$/);
  });

  test('reserves in the nearest shop holding the lines (Klikk & Hent)', async ({ page }) => {
    const data = new CartData(page.request);
    const [pick] = await data.find(collectable, 1, 240);
    if (!pick) throw new Error('no article');
    const checkout = new CheckoutPage(page);
    await withCart(page, [CartData.line(pick)], '/checkout');
    await checkout.fill();
    await checkout.shipping(/Klikk & Hent/);
    await expect(checkout.pickupShops().first()).toBeVisible();
    await checkout.form.getByLabel('Postnummer').fill('0150');
    await checkout.form.getByRole('button', { name: 'Finn nærmeste' }).click();
    await expect(page.getByText(/Sortert etter avstand fra 0150/)).toBeVisible();
    await expect(checkout.pickupShops().first().locator('[data-distance]')).toBeVisible();
    const held = pick.variant.shops.filter((s) => s.id !== WEB_SHOP_ID && s.qty > 0);
    await expect(checkout.pickupShops()).toHaveCount(held.length);
    const nearest = checkout.pickupShops().first();
    const shopId = Number(await nearest.getAttribute('data-shop-id'));
    await nearest.getByRole('radio').check();
    await checkout.submit.click();
    await expect(page.getByRole('heading', { name: 'Varene er reservert' })).toBeVisible();
    await expect(page.locator('[data-result-shop]')).toContainText(/Åpent i dag|Stengt i dag/);
    expect(held.map((s) => s.id)).toContain(shopId);
    await expect(checkout.cartBadge).toBeHidden();
  });

  test('the whole checkout by keyboard alone', async ({ page }) => {
    const data = new CartData(page.request);
    const [pick] = await data.find(deliverable(), 1, 280);
    if (!pick) throw new Error('no article');
    const checkout = new CheckoutPage(page);
    await withCart(page, [CartData.line(pick)], '/checkout');
    const address = await knownAddress(page.request, '0150');
    await checkout.field('Navn').focus();
    await page.keyboard.type('Ola Nordmann');
    await page.keyboard.press('Tab');
    await page.keyboard.type('91234567');
    await page.keyboard.press('Tab');
    await page.keyboard.type('ola@eksempel.no');
    // The shipping group is one stop (arrow keys choose within it); delivery is chosen.
    await page.keyboard.press('Tab');
    await expect(checkout.form.getByRole('radio', { name: /^Hjemlevering/ })).toBeFocused();
    // The postal code comes first, so the street field can suggest its streets.
    await page.keyboard.press('Tab');
    await expect(checkout.field('Postnummer')).toBeFocused();
    await page.keyboard.type('0150');
    await page.keyboard.press('Tab');
    await expect(checkout.field('Poststed')).toHaveValue('Oslo');
    await page.keyboard.press('Tab');
    await expect(checkout.field('Gateadresse')).toBeFocused();
    await page.keyboard.type(address);
    await page.keyboard.press('Tab');
    await expect(checkout.form.getByRole('radio', { name: /Kort eller faktura/ })).toBeFocused();
    // Then the order's summary with its buttons and links, right above the order button.
    for (const name of [
      'Endre handlekurven',
      'Legg til rabattkode',
      'Les om angreretten i salgsvilkårene',
      'Angreskjema',
    ]) {
      await page.keyboard.press('Tab');
      await expect(
        checkout.summary.getByRole(/^(Endre|Legg)/u.test(name) ? 'button' : 'link', { name }),
      ).toBeFocused();
    }
    await page.keyboard.press('Tab');
    await expect(checkout.submit).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/providers\/first\//);
    await page.getByRole('button', { name: 'Godkjenn betaling' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Takk for bestillingen!' })).toBeFocused();
  });
});
