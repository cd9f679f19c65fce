import type { ApiTenant } from '../../contract/index.ts';
import { CartData, CheckoutPage, collectable, deliverable, withCart } from './fixtures/checkout.ts';
import { expect, test } from './fixtures/shop.ts';

// Angrerettloven §§ 8 and 16: the button that binds the shopper to pay says so, and right
// above it stand the goods, the total, the delivery and its time, the seller and the
// angrerett. Each test buys from its own range of article ids (see checkout.spec.ts).
test.describe('the order button @default-brand', () => {
  test('says the order binds to pay, with the order right above it', async ({ page }) => {
    const data = new CartData(page.request);
    const [pick] = await data.find(deliverable(), 1, 320);
    if (!pick) throw new Error('no article');
    const checkout = new CheckoutPage(page);
    await withCart(page, [CartData.line(pick)], '/checkout');

    await expect(checkout.submit).toHaveText('Bestill med betalingsplikt');
    // Nothing stands between the order's summary and the button.
    expect(
      await checkout.submit.evaluate((button) =>
        button.previousElementSibling?.matches('[data-checkout-summary]'),
      ),
    ).toBe(true);
    await expect(
      checkout.summary.locator(`[data-summary-line="${pick.variant.ean}"]`),
    ).toContainText(pick.article.name);
    await expect(checkout.summary).toContainText('Totalt inkl. mva. og frakt');
    await expect(checkout.summary.locator('[data-summary-shipping]')).toHaveText(/^199/u);
    await expect(checkout.summary.locator('[data-summary-total]')).toHaveText(/\d\s?kr$/u);
    await expect(checkout.summary.locator('[data-summary-delivery]')).toContainText(
      /^Levering: Hjemlevering\. Ventet levert om \d+–\d+ virkedager$/u,
    );
    await expect(checkout.summary.locator('[data-seller]')).toContainText(
      /org\.nr\. \d{3} \d{3} \d{3}/u,
    );
    const withdrawal = checkout.summary.locator('[data-withdrawal]');
    await expect(withdrawal).toContainText('14 dagers angrerett');
    expect(await checkout.axeViolations()).toEqual([]);

    await checkout.shipping(/^Ekspresslevering/);
    await expect(checkout.summary.locator('[data-summary-delivery]')).toContainText(
      /^Levering: Ekspresslevering\. Ventet levert om \d+(–\d+)? virkedag/u,
    );

    // Both links lead somewhere real: the terms' angrerett section and the form.
    await withdrawal.getByRole('link', { name: 'Les om angreretten i salgsvilkårene' }).click();
    await expect(page).toHaveURL(/\/kundeservice#8-angrerett$/u);
    await expect(page.getByRole('heading', { name: '8. Angrerett' })).toBeInViewport();
    await page.goBack();
    await page.locator('[data-withdrawal]').getByRole('link', { name: 'Angreskjema' }).click();
    await expect(page).toHaveURL(/\/angreskjema$/u);
    await expect(page.getByRole('heading', { level: 1, name: 'Angreskjema' })).toBeVisible();
    await expect(page.locator('[data-withdrawal-recipient]')).toContainText(/^Til: \S/u);
    expect(await checkout.axeViolations()).toEqual([]);
  });

  test('a Klikk & Hent reservation keeps its own words and no angrerett', async ({ page }) => {
    const data = new CartData(page.request);
    const [pick] = await data.find(collectable, 1, 360);
    if (!pick) throw new Error('no article');
    const checkout = new CheckoutPage(page);
    await withCart(page, [CartData.line(pick)], '/checkout');
    await checkout.shipping(/Klikk & Hent/);
    await expect(checkout.submit).toHaveText('Reserver varene');
    await expect(checkout.summary.locator('[data-summary-delivery]')).toContainText(
      'Henting: Hent i butikk / Klikk & Hent.',
    );
    await expect(checkout.summary.locator('[data-seller]')).toBeVisible();
    await expect(checkout.summary.locator('[data-withdrawal]')).toHaveCount(0);
  });

  test('the street field suggests streets, chosen by keyboard alone', async ({ page }) => {
    const data = new CartData(page.request);
    const [pick] = await data.find(deliverable(), 1, 400);
    if (!pick) throw new Error('no article');
    const checkout = new CheckoutPage(page);
    await withCart(page, [CartData.line(pick)], '/checkout');
    const answer = (await (await page.request.get('/address/streets?postcode=0150&q=')).json()) as {
      elements: Array<{ tags: Record<string, string> }>;
    };
    const street = answer.elements[0]?.tags['addr:street'];
    if (!street) throw new Error('no street in 0150');

    await checkout.field('Postnummer').focus();
    await page.keyboard.type('0150');
    await page.keyboard.press('Tab');
    await expect(checkout.field('Poststed')).toHaveValue('Oslo');
    await page.keyboard.press('Tab');
    const field = checkout.field('Gateadresse');
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute('role', 'combobox');
    await page.keyboard.type(street.slice(0, 3));
    await expect(field).toHaveAttribute('aria-expanded', 'true');
    const listbox = page.locator(`#${(await field.getAttribute('aria-controls')) ?? ''}`);
    await expect(listbox.getByRole('option', { name: street })).toBeVisible();

    await page.keyboard.press('ArrowDown');
    const active = await field.getAttribute('aria-activedescendant');
    await expect(page.locator(`[id="${active ?? ''}"]`)).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator(`[id="${active ?? ''}"]`)).toContainText(street);
    await page.keyboard.press('Enter');
    await expect(field).toHaveValue(`${street} `);
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    await expect(field).toBeFocused();

    // Escape closes the list and leaves the text as typed.
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await expect(field).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    await expect(listbox).toBeHidden();
    await expect(field).toHaveValue(street.slice(0, -1));
    expect(await checkout.axeViolations()).toEqual([]);
  });
});

// The seller is the brand's own (its tenant settings), so every brand checks its own.
test('the checkout and the angreskjema name the brand’s seller', async ({ page, brand }) => {
  const tenant = (await (
    await page.request.get(`/api/v1/tenant/get?tenant=${brand.id}`)
  ).json()) as ApiTenant;
  const orgNo = tenant.orgNo.replace(/^(\d{3})(\d{3})(\d{3})$/u, '$1 $2 $3');
  const address = `${tenant.companyAddress.street}, ${tenant.companyAddress.postalCode} ${tenant.companyAddress.city}`;
  const data = new CartData(page.request);
  const [pick] = await data.find(deliverable(), 1, 440, page);
  if (!pick) throw new Error('no article');
  const checkout = new CheckoutPage(page);
  await withCart(page, [CartData.line(pick)], '/checkout');
  await expect(checkout.summary.locator('[data-seller]')).toHaveText(
    `Selger: ${tenant.company}, org.nr. ${orgNo}, ${address}`,
  );
  await page.goto('/angreskjema');
  await expect(page.locator('[data-withdrawal-recipient]')).toHaveText(
    `Til: ${tenant.company}, ${address}, e-post ${tenant.supportEmail}`,
  );
});
