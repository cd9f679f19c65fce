import { formatPrice } from '../../contract/money.ts';

/** An e-mail as the outbox keeps it: Norwegian, with a plain text and an HTML body. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * The shop's origin for links in e-mails: `SHOP_URL_<TENANT>` (the `?tenant=` of the request,
 * upper-cased) when set, else `SHOP_URL`, else `publicOrigin`, the origin the shopper sent the
 * request to (`c.get('publicOrigin')`, the brand's own site behind its proxy); without a
 * trailing slash. Each brand is its own site, so a link must lead back to the brand it came
 * from.
 */
export function shopUrl(
  tenant: string | undefined,
  publicOrigin: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const own =
    tenant !== undefined && /^[a-z0-9_]{1,40}$/iu.test(tenant)
      ? env[`SHOP_URL_${tenant.toUpperCase()}`]
      : undefined;
  const url = own ?? env['SHOP_URL'] ?? '';
  return (url === '' ? publicOrigin : url).replace(/\/+$/u, '');
}

/** The characters of `value` that HTML would read as markup, as entities. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

// A mail is written once as blocks and rendered to both bodies, so text and HTML never say
// different things.
type Block = { paragraph: string } | { link: string } | { rows: Array<[string, string]> };

const SIGNATURE = 'Vennlig hilsen\nkundeservice';

function render(to: string, subject: string, blocks: Block[]): Mail {
  const text = blocks
    .map((block) => {
      if ('paragraph' in block) return block.paragraph;
      if ('link' in block) return block.link;
      return block.rows.map(([left, right]) => `${left}  ${right}`).join('\n');
    })
    .join('\n\n');
  const body = blocks
    .map((block) => {
      if ('paragraph' in block)
        return `<p>${escapeHtml(block.paragraph).replaceAll('\n', '<br>')}</p>`;
      if ('link' in block) {
        const href = escapeHtml(block.link);
        return `<p><a href="${href}">${href}</a></p>`;
      }
      const rows = block.rows
        .map(
          ([left, right]) =>
            `<tr><td>${escapeHtml(left)}</td><td style="text-align:right">${escapeHtml(right)}</td></tr>`,
        )
        .join('');
      return `<table>${rows}</table>`;
    })
    .join('\n');
  const html = `<!doctype html><html lang="nb"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>\n${body}\n</body></html>`;
  return { to, subject, text: `${text}\n`, html };
}

/** Who a mail about an account goes to. */
export interface MailCustomer {
  id: number;
  first_name: string;
  email: string;
}

/**
 * The verification mail sent on registration and e-mail change:
 * `{shop}/bekreft-epost?id={customerId}&token={token}`, valid 24 hours.
 */
export function verificationMail(customer: MailCustomer, token: string, shop: string): Mail {
  const link = `${shop}/bekreft-epost?id=${String(customer.id)}&token=${encodeURIComponent(token)}`;
  return render(customer.email, 'Bekreft e-postadressen din', [
    { paragraph: `Hei ${customer.first_name}!` },
    { paragraph: 'Bekreft e-postadressen til kontoen din ved å åpne denne lenken:' },
    { link },
    {
      paragraph:
        'Lenken gjelder i 24 timer og kan brukes én gang. Har du ikke laget en konto hos oss, kan du se bort fra denne e-posten.',
    },
    { paragraph: SIGNATURE },
  ]);
}

/**
 * The password reset mail: `{shop}/nytt-passord?email={email}&token={token}`, valid 60
 * minutes.
 */
export function resetMail(customer: MailCustomer, token: string, shop: string): Mail {
  const link = `${shop}/nytt-passord?email=${encodeURIComponent(customer.email)}&token=${encodeURIComponent(token)}`;
  return render(customer.email, 'Lag nytt passord', [
    { paragraph: `Hei ${customer.first_name}!` },
    { paragraph: 'Vi har fått en forespørsel om nytt passord til kontoen din. Lag et nytt her:' },
    { link },
    {
      paragraph:
        'Lenken gjelder i 60 minutter og kan brukes én gang. Var det ikke du som spurte, kan du se bort fra denne e-posten: passordet ditt er ikke endret.',
    },
    { paragraph: SIGNATURE },
  ]);
}

/** A line of a reservation or order, as sold. */
export interface MailLine {
  name: string;
  size: string;
  color: string;
  count: number;
  /** Unit price in øre. */
  price: number;
  /** Unit deposit in øre. */
  pant: number;
}

/** What a reservation or order confirmation says. */
export interface PurchaseMail {
  to: string;
  /** The customer's name as given. */
  name: string;
  /** The reservation or order number. */
  number: number;
  lines: MailLine[];
  shippingPrice: number;
  discount: number;
  promoCode: string | null;
  total: number;
  /** Where the goods go: `Hentes i …` or `Sendes til …`. */
  where: string;
}

function purchaseRows(p: PurchaseMail): Array<[string, string]> {
  const rows = p.lines.map((l): [string, string] => [
    `${String(l.count)} × ${l.name} (${l.size}, ${l.color})${l.pant > 0 ? ', inkl. pant' : ''}`,
    formatPrice((l.price + l.pant) * l.count),
  ]);
  if (p.discount > 0) {
    rows.push([
      `Rabatt${p.promoCode === null ? '' : ` (${p.promoCode})`}`,
      formatPrice(-p.discount),
    ]);
  }
  rows.push(['Frakt', formatPrice(p.shippingPrice)]);
  rows.push(['Totalt', formatPrice(p.total)]);
  return rows;
}

/** The confirmation of a reservation (Klikk & Hent or delivery without a provider payment). */
export function reservationMail(p: PurchaseMail): Mail {
  return render(p.to, `Reservasjon ${String(p.number)} er mottatt`, [
    { paragraph: `Hei ${p.name}!` },
    { paragraph: `Takk for reservasjonen. Reservasjonsnummeret ditt er ${String(p.number)}.` },
    { rows: purchaseRows(p) },
    { paragraph: p.where },
    { paragraph: SIGNATURE },
  ]);
}

/**
 * The confirmation of a paid provider order; `vatTotal` is the VAT included in the total.
 * `withdrawalLink`, when known, is where the shopper withdraws the order without logging in
 * (`{shop}/angre?ordre={orderId}&token={token}`).
 */
export function orderMail(
  p: PurchaseMail,
  vatTotal: number,
  withdrawalLink: string | null = null,
): Mail {
  return render(p.to, `Ordrebekreftelse ${String(p.number)}`, [
    { paragraph: `Hei ${p.name}!` },
    {
      paragraph: `Takk for kjøpet! Betalingen er mottatt, og ordrenummeret ditt er ${String(p.number)}.`,
    },
    { rows: [...purchaseRows(p), ['Herav mva.', formatPrice(vatTotal)]] },
    { paragraph: p.where },
    ...(withdrawalLink === null
      ? []
      : [
          {
            paragraph:
              'Angrerett: Du kan angre kjøpet innen 14 dager etter at du har fått varene. Angre kjøpet her:',
          },
          { link: withdrawalLink },
        ]),
    { paragraph: SIGNATURE },
  ]);
}

/**
 * The receipt of a withdrawn order, sent at once: the order as bought, when the withdrawal
 * was recorded (`withdrawnDay`, long Norwegian form) and what happens next (angrerettloven
 * §§ 24 and 25: the goods go back within 14 days, the money within 14 days of the
 * withdrawal, which the seller may hold back until the goods have come).
 */
export function withdrawalReceiptMail(p: PurchaseMail, withdrawnDay: string): Mail {
  const number = String(p.number);
  return render(p.to, `Kvittering: ordre ${number} er angret`, [
    { paragraph: `Hei ${p.name}!` },
    {
      paragraph: `Vi har mottatt angringen din av ordre ${number} ${withdrawnDay}. Denne e-posten er kvitteringen din.`,
    },
    { rows: purchaseRows(p) },
    {
      paragraph: `Send varene tilbake til oss senest 14 dager etter at du angret. Du får tilbake ${formatPrice(p.total)} senest 14 dager etter at vi fikk angringen, men vi kan vente med tilbakebetalingen til vi har fått varene.`,
    },
    { paragraph: SIGNATURE },
  ]);
}

/** What a payment approved too late, its goods gone, got back: see {@link latePaymentMail}. */
export interface LatePaymentReturn {
  /** `cancel`: the authorisation was released; `refund`: captured money was paid back. */
  kind: 'cancel' | 'refund';
  /** In øre. */
  amount: number;
}

/**
 * What the shopper is told when a payment was approved after the shop's time-out and the
 * goods were no longer in stock: that the payment was cancelled (nothing charged) or
 * refunded, and what it was for. `p.number` is the reservation's number.
 */
export function latePaymentMail(p: PurchaseMail, given: LatePaymentReturn): Mail {
  const cancelled = given.kind === 'cancel';
  return render(
    p.to,
    cancelled
      ? 'Betalingen kom for sent – du er ikke belastet'
      : 'Betalingen kom for sent – pengene er betalt tilbake',
    [
      { paragraph: `Hei ${p.name}!` },
      {
        paragraph: cancelled
          ? 'Betalingen kom for sent, og varene var ikke lenger på lager. Vi har annullert betalingen – du er ikke belastet.'
          : `Betalingen kom for sent, og varene var ikke lenger på lager. Vi har betalt tilbake ${formatPrice(given.amount)} til deg.`,
      },
      { paragraph: `Det gjaldt bestilling ${String(p.number)}:` },
      { rows: purchaseRows(p) },
      { paragraph: 'Handlekurven din er tatt vare på, så du kan prøve igjen.' },
      { paragraph: SIGNATURE },
    ],
  );
}
