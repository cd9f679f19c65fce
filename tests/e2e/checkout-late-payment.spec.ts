import { randomUUID } from 'node:crypto';
import {
  CartData,
  CheckoutPage,
  deliverable,
  knownAddress,
  withCart,
  WEB_SHOP_ID,
} from './fixtures/checkout.ts';
import { agePayment } from './fixtures/late-payment.ts';
import { expect, test } from './fixtures/shop.ts';
import { outboxTo } from './fixtures/withdrawal.ts';

// A payment the provider approves after the shop's time-out, when its goods have been sold
// meanwhile, is cancelled at the provider; the return page and an e-mail say so.
test.describe('a payment approved too late @default-brand', () => {
  test('is cancelled when the goods are gone, and the shopper is told', async ({ page }) => {
    const data = new CartData(page.request);
    const [pick] = await data.find(deliverable(), 1, 1320);
    if (!pick) throw new Error('no article');
    const email = `sen-betaling-${randomUUID()}@eksempel.no`;
    const checkout = new CheckoutPage(page);
    await withCart(page, [CartData.line(pick)], '/checkout');
    await checkout.fill({ address: await knownAddress(page.request, '0150'), postalCode: '0150' });
    await checkout.field('E-post').fill(email);
    await checkout.submit.click();
    await expect(page).toHaveURL(/\/providers\/first\/pay\//u);
    const orderId = new URL(page.url()).pathname.split('/').pop() ?? '';

    // The shopper lingers past the time-out: the shop gives the payment up and its stock
    // back, and another shopper buys the last one.
    await agePayment(page.request, orderId, 31);
    const expired = await page.request.get(`/api/v1/checkout/first/orders/${orderId}`);
    expect(((await expired.json()) as { status: string }).status).toBe('failed');
    await data.setStock(pick.variant.ean, WEB_SHOP_ID, 0);

    await page.getByRole('button', { name: 'Godkjenn betaling' }).click();
    await expect(page).toHaveURL(/\/checkout\/kvittering\?/u);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Betalingen kom for sent');
    await expect(page.locator('[data-result="refunded"]')).toContainText(
      'Betalingen kom for sent, og varene var ikke lenger på lager. Vi har annullert betalingen – du er ikke belastet.',
    );
    await expect(checkout.cartBadge).toHaveText('1');
    expect(await checkout.axeViolations()).toEqual([]);

    const mails = await outboxTo(page.request, email);
    expect(mails.map((m) => m.subject)).toEqual(['Betalingen kom for sent – du er ikke belastet']);
    expect(mails[0]?.text).toContain('Vi har annullert betalingen – du er ikke belastet.');
  });
});
