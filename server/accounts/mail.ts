import { lineSum } from '../../contract/cart-totals.ts';
import { formatPrice } from '../../contract/money.ts';
import { formatOrgNo } from '../../contract/text.ts';
import { WITHDRAWAL_DAYS } from '../../contract/withdrawal.ts';
import { pdfOf } from './pdf.ts';

/** A file sent with an e-mail. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file in base64. */
  content: string;
}

/**
 * An e-mail as the outbox keeps it: Norwegian, with a plain text and an HTML body, and the
 * files sent with it.
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
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
type Block =
  | { heading: string }
  | { paragraph: string }
  | { link: string }
  | { rows: Array<[string, string]> };

const SIGNATURE = 'Vennlig hilsen\nkundeservice';

function render(
  to: string,
  subject: string,
  blocks: Block[],
  attachments: MailAttachment[] = [],
): Mail {
  const text = blocks
    .map((block) => {
      if ('heading' in block) return `${block.heading}\n${'='.repeat(block.heading.length)}`;
      if ('paragraph' in block) return block.paragraph;
      if ('link' in block) return block.link;
      return block.rows.map(([left, right]) => `${left}  ${right}`).join('\n');
    })
    .join('\n\n');
  const body = blocks
    .map((block) => {
      if ('heading' in block) return `<h2>${escapeHtml(block.heading)}</h2>`;
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
  return { to, subject, text: `${text}\n`, html, attachments };
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
  /** The shopper's address on one line, '' when none was given or it is gone. */
  address: string;
}

const lineText = (l: MailLine): string => `${String(l.count)} × ${l.name} (${l.size}, ${l.color})`;

/** A line as bought: its units and what they cost, deposit included. */
const lineRow = (l: MailLine): [string, string] => [
  `${lineText(l)}${l.pant > 0 ? ', inkl. pant' : ''}`,
  formatPrice(lineSum(l)),
];

function purchaseRows(p: PurchaseMail): Array<[string, string]> {
  const rows = p.lines.map(lineRow);
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

/** The seller as the order's confirmation and the withdrawal form name it. */
export interface MailSeller {
  /** Legal name, e.g. `Nordfjell Handel AS`. */
  company: string;
  /** Organisation number, 9 digits. */
  orgNo: string;
  /** Address on one line: `Fjellvegen 14, 2609 Lillehammer`. */
  address: string;
  /** Customer service's e-mail address, where a withdrawal may be sent. */
  email: string;
}

/** What the confirmation of a paid order says beyond the purchase itself. */
export interface OrderConfirmation {
  /** The VAT included in the total, øre. */
  vatTotal: number;
  /** The order's day in long Norwegian form: `10. mars 2025`. */
  orderedDay: string;
  /** The shipping method as the checkout named it: `Hjemlevering – Levering hjem …`. */
  method: string;
  seller: MailSeller;
  /**
   * Where the shopper withdraws the order without logging in
   * (`{shop}/angre?ordre={orderId}&token={token}`), or null when unknown.
   */
  withdrawalLink: string | null;
  /** The price of the shop's standard delivery, the most shipping refunded (øre), or null. */
  standardShipping: number | null;
}

/** The seller on one line: legal name, organisation number, address and e-mail. */
function sellerLine(seller: MailSeller): string {
  return [
    seller.company,
    seller.orgNo === '' ? '' : `org.nr. ${formatOrgNo(seller.orgNo)}`,
    seller.address,
    `e-post ${seller.email}`,
  ]
    .filter((part) => part !== '')
    .join(', ');
}

/**
 * The standard withdrawal form (angrerettloven vedlegg 2) filled with the seller and the
 * order, line by line as it is printed: the same in the mail and in its PDF.
 */
function withdrawalFormLines(p: PurchaseMail, seller: MailSeller, orderedDay: string): string[] {
  return [
    '(Dette skjemaet fylles ut og returneres bare dersom angreretten ønskes benyttet)',
    `Til: ${[seller.company, seller.address, `e-post ${seller.email}`].filter((x) => x !== '').join(', ')}`,
    `Jeg/vi (*) underretter herved om at jeg/vi (*) ønsker å gå fra min/vår (*) avtale om kjøp av følgende varer i ordre ${String(p.number)}:`,
    ...p.lines.map((l) => `– ${lineText(l)}`),
    `Bestilt den (dato) / mottatt den (dato) (*): ${orderedDay} / ________________`,
    `Forbrukerens/forbrukernes navn: ${p.name}`,
    `Forbrukerens/forbrukernes adresse: ${p.address === '' ? '________________' : p.address}`,
    'Forbrukerens/forbrukernes underskrift (bare dersom skjemaet sendes på papir): ________________',
    'Dato: ________________',
    '(*) Stryk det som ikke passer.',
  ];
}

/**
 * The confirmation of a paid provider order on a durable medium (directive 2011/83/EU
 * art. 8(7) with 6(1)): the seller, what was bought, the total with VAT and shipping, the
 * delivery, the right of withdrawal and how to use it, and the withdrawal form filled with
 * the seller and the order, as text and as the attached PDF `angreskjema-{number}.pdf`.
 */
export function orderMail(p: PurchaseMail, c: OrderConfirmation): Mail {
  const number = String(p.number);
  const form = withdrawalFormLines(p, c.seller, c.orderedDay);
  const shippingBack =
    c.standardShipping === null
      ? 'Angrer du hele kjøpet, betaler vi også tilbake det du betalte for frakt.'
      : `Angrer du hele kjøpet, betaler vi også tilbake det du betalte for frakt, høyst ${formatPrice(c.standardShipping)}, som tilsvarer hjemlevering.`;
  return render(
    p.to,
    `Ordrebekreftelse ${number}`,
    [
      { paragraph: `Hei ${p.name}!` },
      {
        paragraph: `Takk for kjøpet! Betalingen er mottatt, og ordrenummeret ditt er ${number}. Denne e-posten er ordrebekreftelsen din: ta vare på den.`,
      },
      { heading: 'Dette har du kjøpt' },
      { paragraph: `Bestilt ${c.orderedDay}.` },
      { rows: [...purchaseRows(p), ['Herav mva.', formatPrice(c.vatTotal)]] },
      { heading: 'Levering' },
      { paragraph: `${c.method}\n${p.where}` },
      { heading: 'Selger' },
      { paragraph: sellerLine(c.seller) },
      { heading: 'Angrerett' },
      {
        paragraph: `Du har ${String(WITHDRAWAL_DAYS)} dagers angrerett etter angrerettloven. Angrefristen løper fra dagen etter at du har mottatt varene. Kommer de i flere pakker, løper fristen fra dagen etter at du mottok den siste. Ender fristen på en lørdag, søndag eller helligdag, forlenges den til nærmeste virkedag.`,
      },
      {
        paragraph: `Slik angrer du: Gi oss en tydelig melding innen fristen, med lenken under, på e-post til ${c.seller.email}, eller med angreskjemaet nederst i denne e-posten (også vedlagt som PDF). Det er nok at meldingen er sendt før fristen går ut. Du kan angre hele ordren eller bare noen av varene.`,
      },
      ...(c.withdrawalLink === null ? [] : [{ link: c.withdrawalLink }]),
      {
        paragraph: `Send varene tilbake eller lever dem i en av butikkene våre senest 14 dager etter at du angret. Du dekker de direkte kostnadene ved å sende varene tilbake. Vi betaler tilbake det du betalte for varene senest 14 dager etter at vi fikk meldingen. ${shippingBack} Vi kan vente med tilbakebetalingen til vi har fått varene tilbake, eller til du har vist at du har sendt dem.`,
      },
      { heading: 'Angreskjema' },
      { paragraph: form.join('\n') },
      { paragraph: SIGNATURE },
    ],
    [
      {
        filename: `angreskjema-${number}.pdf`,
        contentType: 'application/pdf',
        content: pdfOf(`Angreskjema – ordre ${number}`, form).toString('base64'),
      },
    ],
  );
}

/** What a recorded withdrawal took back and gives back, as its receipt tells it. */
export interface WithdrawalReceipt {
  /** When it was recorded, in long Norwegian form with the time: `19. mars 2025 kl. 14:05`. */
  moment: string;
  /** What it refunds, øre, shipping included. */
  refund: number;
  /** The shipping in `refund`, øre. */
  shipping: number;
  /** Whether nothing of the order is left after it. */
  whole: boolean;
}

/**
 * The receipt of a withdrawal, sent at once (directive (EU) 2023/2673 art. 11a): `p.lines`
 * are the units withdrawn, with when it was recorded (date and time, Norwegian time), the
 * refund and what happens next (angrerettloven §§ 24 and 25: the goods go back within 14
 * days, the money within 14 days of the withdrawal, which the seller may hold back until the
 * goods are back or the shopper has shown they were sent).
 */
export function withdrawalReceiptMail(p: PurchaseMail, receipt: WithdrawalReceipt): Mail {
  const number = String(p.number);
  const rows = p.lines.map(lineRow);
  if (receipt.shipping > 0) rows.push(['Frakt', formatPrice(receipt.shipping)]);
  rows.push(['Du får tilbake', formatPrice(receipt.refund)]);
  return render(p.to, `Kvittering: ordre ${number} er angret`, [
    // A deleted account's order keeps no name.
    { paragraph: p.name === '' ? 'Hei!' : `Hei ${p.name}!` },
    {
      paragraph: `Vi har mottatt angringen din av ordre ${number} ${receipt.moment}. Denne e-posten er kvitteringen din.`,
    },
    {
      paragraph: receipt.whole
        ? 'Du har angret disse varene, og med dem hele ordren:'
        : 'Du har angret disse varene:',
    },
    { rows },
    {
      paragraph: `Send varene tilbake til oss senest 14 dager etter at du angret. Du får tilbake ${formatPrice(receipt.refund)} senest 14 dager etter at vi fikk angringen, men vi kan vente med tilbakebetalingen til vi har fått varene tilbake, eller til du har vist at du har sendt dem.`,
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
