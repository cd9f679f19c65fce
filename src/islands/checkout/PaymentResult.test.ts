import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PaymentRefund, PaymentStatus } from '../../lib/types.ts';
import { $paymentResult } from '../../stores/checkout-result.ts';
import PaymentResult from './PaymentResult.tsx';

/** The return page for a payment given back at the provider, as text. */
function render(refund: PaymentRefund | null): string {
  const payment: PaymentStatus = {
    orderId: 'o1',
    provider: 'first',
    status: 'refunded',
    reservation: null,
    order: null,
    refund,
  };
  $paymentResult.set({ state: 'payment', payment });
  return renderToStaticMarkup(createElement(PaymentResult, { shops: [] }))
    .replace(/<[^>]+>/g, ' ')
    .replace(/[\s\u00a0]+/g, ' ');
}

describe('PaymentResult for a payment approved too late', () => {
  it('says the payment was cancelled and nothing charged', () => {
    const page = render({ kind: 'cancel', amount: 99_900 });
    expect(page).toContain('Betalingen kom for sent');
    expect(page).toContain(
      'Betalingen kom for sent, og varene var ikke lenger på lager. Vi har annullert betalingen – du er ikke belastet.',
    );
    expect(page).toContain('Handlekurven din er tatt vare på.');
    expect(page).toContain('Tilbake til kassen');
    expect(page).not.toContain('Takk for bestillingen');
  });

  it('says how much was paid back when money had been taken', () => {
    const page = render({ kind: 'refund', amount: 99_900 });
    expect(page).toMatch(/Vi har betalt tilbake 999,00 kr til deg\./u);
    expect(page).not.toContain('ikke belastet');
  });
});
