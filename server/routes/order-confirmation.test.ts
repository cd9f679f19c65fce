import { extractText, getDocumentProxy } from 'unpdf';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiKlarnaOrder, ApiPaymentStatus } from '../../contract/index.ts';
import { listOutbox, type OutboxMail } from '../accounts/outbox.ts';
import {
  createCheckoutFixture,
  type CheckoutFixture,
  type TestVariant,
} from '../test-support/checkout.ts';
import type { ProviderFetch } from '../providers/provider-config.ts';

// The order confirmation on a durable medium (directive 2011/83/EU art. 8(7) with 6(1)): read
// from the outbox as the shopper gets it, its PDF read back as text.

let f: CheckoutFixture;
let a: TestVariant;

beforeEach(async () => {
  const providerFetch: ProviderFetch = async (url, init) => f.app.request(url, init);
  f = createCheckoutFixture({ providerFetch });
  a = f.variant();
  f.setArticle(a, { price: 40_000, pant: 0 });
  await f.client.request('/sanctum/csrf-cookie');
});

/** Pays for 2 units of `a` at `provider`; answers the order's confirmation and its id. */
async function confirmation(
  provider: 'first' | 'second',
  overrides: Record<string, unknown> = {},
  tenant = '',
): Promise<{ mail: OutboxMail; orderId: number }> {
  const res = await f.client.request(`/api/v1/checkout/${provider}/orders${tenant}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(f.body([[a, 2]], { returnUrl: '/checkout/kvittering', ...overrides })),
  });
  expect(res.status).toBe(201);
  const started = (await res.json()) as ApiKlarnaOrder;
  await f.app.request(`${started.redirectUrl}/approve`, { method: 'POST' });
  const status = (await (
    await f.client.request(`/api/v1/checkout/${provider}/orders/${started.orderId}`)
  ).json()) as ApiPaymentStatus;
  const orderId = status.order?.id;
  if (orderId === undefined) throw new Error(`${provider}: no order was stored.`);
  const mail = listOutbox(f.db, 10).find((m) => m.subject === `Ordrebekreftelse ${orderId}`);
  if (mail === undefined) throw new Error(`${provider}: no confirmation of order ${orderId}.`);
  return { mail, orderId };
}

/** The text of a PDF attachment. */
async function pdfText(content: string): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(Buffer.from(content, 'base64')));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

const plain = (text: string): string => text.replaceAll('\u00a0', ' ');

describe('the order confirmation', () => {
  it.each(['first', 'second'] as const)(
    'holds the seller, lines, total, delivery, the right of withdrawal and the form (%s provider)',
    async (provider) => {
      const { mail, orderId } = await confirmation(provider);
      const text = plain(mail.text);
      const order = String(orderId);
      for (const part of [
        // The seller: the brand's company, organisation number, address and e-mail.
        'Nordfjell Handel AS, org.nr. 918 745 327, Fjellvegen 14, 2609 Lillehammer, e-post kundeservice@toppfart.no',
        // What was bought and the total with VAT and shipping.
        '2 × ',
        '800,00 kr',
        'Frakt  199,00 kr',
        'Totalt  999,00 kr',
        'Herav mva.',
        // The delivery.
        'Hjemlevering – Levering hjem på døra, 2-4 virkedager.',
        'Sendes til Storgata 12B, 0155 Oslo.',
        // The right of withdrawal and how to use it.
        'Du har 14 dagers angrerett etter angrerettloven.',
        'Kommer de i flere pakker, løper fristen fra dagen etter at du mottok den siste.',
        'på e-post til kundeservice@toppfart.no',
        `/angre?ordre=${order}&token=`,
        'eller til du har vist at du har sendt dem',
        'høyst 199,00 kr, som tilsvarer hjemlevering',
        // The standard form, filled with the seller and the order.
        'Angreskjema',
        'Til: Nordfjell Handel AS, Fjellvegen 14, 2609 Lillehammer, e-post kundeservice@toppfart.no',
        `ønsker å gå fra min/vår (*) avtale om kjøp av følgende varer i ordre ${order}:`,
        'Bestilt den (dato) / mottatt den (dato) (*): 10. mars 2025',
        'Forbrukerens/forbrukernes navn: Kari Nordmann',
        'Forbrukerens/forbrukernes adresse: Storgata 12B, 0155 Oslo',
      ]) {
        expect(text, part).toContain(part);
      }
      expect(mail.html).toContain('<h2>Angreskjema</h2>');
      expect(mail.html).toContain('Nordfjell Handel AS, org.nr. 918 745 327');

      expect(mail.attachments.map((x) => [x.filename, x.contentType])).toEqual([
        [`angreskjema-${order}.pdf`, 'application/pdf'],
      ]);
      const pdf = plain(await pdfText(mail.attachments[0]?.content ?? ''));
      for (const part of [
        `Angreskjema – ordre ${order}`,
        '(Dette skjemaet fylles ut og returneres bare dersom angreretten ønskes benyttet)',
        'Til: Nordfjell Handel AS, Fjellvegen 14, 2609 Lillehammer, e-post kundeservice@toppfart.no',
        'Jeg/vi (*) underretter herved om at jeg/vi (*) ønsker å gå fra min/vår (*) avtale',
        'Forbrukerens/forbrukernes navn: Kari Nordmann',
        '(*) Stryk det som ikke passer.',
      ]) {
        expect(pdf.replace(/\s+/gu, ' '), part).toContain(part);
      }

      // Recorded as sent with its information, which the period of withdrawal reads.
      const row = f.db.prepare('SELECT informed_at FROM orders WHERE id = ?').get(orderId) as {
        informed_at: string | null;
      };
      expect(row.informed_at).toBe(mail.created_at);
    },
  );

  it('names the brand the payment was started from and a pick-up shop for Klikk & Hent paid online', async () => {
    const shop = f.pickupShop(a);
    f.setStock(a, 5, shop);
    const { mail } = await confirmation(
      'first',
      { Delivery: 0, ShopID: shop, shipping_method_id: 'pickup' },
      '?tenant=villmark',
    );
    const text = plain(mail.text);
    expect(text).toContain('e-post kundeservice@villmark.no');
    expect(text).toContain('Hent i butikk / Klikk & Hent');
    expect(text).toContain('Hentes i butikken');
    expect(text).toContain('Frakt  0,00 kr');
    expect(mail.attachments).toHaveLength(1);
  });
});
