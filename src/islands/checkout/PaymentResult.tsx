import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { lineSum } from '../../../contract/cart-totals.ts';
import { formatPrice } from '../../lib/format/money.ts';
import type { OrderLine, Reservation, ShopSummary } from '../../lib/types.ts';
import { $paymentResult, loadPaymentResult } from '../../stores/checkout-result.ts';
import { ShopHours } from '../shops/ShopHours.tsx';

/** Props of {@link PaymentResult}. */
export interface PaymentResultProps {
  shops: readonly ShopSummary[];
}

function Lines({ lines }: { lines: readonly OrderLine[] }) {
  return (
    <ul className="grid gap-1" data-result-lines>
      {lines.map((line) => (
        <li key={line.ean} className="flex justify-between gap-4">
          <span>
            {line.count} × {line.name}
            {line.size || line.color
              ? ` (${[line.size, line.color].filter(Boolean).join(', ')})`
              : ''}
          </span>
          <span>{formatPrice(lineSum(line))}</span>
        </li>
      ))}
    </ul>
  );
}

function Totals({ reservation, vatTotal }: { reservation: Reservation; vatTotal: number | null }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 border-t border-black/15 pt-2">
      <dt>Varer</dt>
      <dd className="text-right">{formatPrice(reservation.subtotal)}</dd>
      {reservation.discount > 0 && (
        <>
          <dt>Rabatt{reservation.promoCode ? ` (${reservation.promoCode})` : ''}</dt>
          <dd className="text-right">−{formatPrice(reservation.discount)}</dd>
        </>
      )}
      <dt>Frakt</dt>
      <dd className="text-right">
        {reservation.shippingPrice === 0 ? 'Gratis' : formatPrice(reservation.shippingPrice)}
      </dd>
      <dt className="font-bold">Totalt</dt>
      <dd className="text-right font-bold" data-result-total>
        {formatPrice(reservation.total)}
      </dd>
      {vatTotal !== null && (
        <>
          <dt className="text-sm">Herav mva. (25 %)</dt>
          <dd className="text-right text-sm">{formatPrice(vatTotal)}</dd>
        </>
      )}
    </dl>
  );
}

function PickupShopInfo({ shop }: { shop: ShopSummary | undefined }) {
  if (!shop) return null;
  return (
    <section aria-labelledby="hentested" className="grid gap-1" data-result-shop>
      <h2 id="hentested" className="text-lg font-bold">
        Hentes i {shop.name}
      </h2>
      <p>
        {shop.address}, {shop.postNo} {shop.postPlace}
      </p>
      <ShopHours openingHours={shop.openingHours} now={new Date()} />
    </section>
  );
}

const backToCheckout = (
  <p>
    <a href="/checkout" className="text-brand font-semibold underline underline-offset-2">
      Tilbake til kassen
    </a>
  </p>
);

/**
 * The page a shopper returns to from a checkout provider, or lands on after a Klikk & Hent
 * reservation: confirmation with number, lines, totals and the pick-up shop; or cancelled,
 * failed, or approved too late and given back, with the cart kept.
 */
export default function PaymentResult({ shops }: PaymentResultProps) {
  const result = useStore($paymentResult);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shopById = new Map(shops.map((s) => [s.id, s]));

  useEffect(() => {
    void loadPaymentResult(location.search);
  }, []);
  useEffect(() => {
    if (result.state !== 'loading') headingRef.current?.focus();
  }, [result.state]);

  const heading = (text: string) => (
    <h1 ref={headingRef} tabIndex={-1} className="mb-4 text-3xl font-bold">
      {text}
    </h1>
  );

  switch (result.state) {
    case 'loading':
      return (
        <div aria-busy="true">
          {heading('Bestillingen din')}
          <p>Henter status for bestillingen …</p>
        </div>
      );
    case 'unknown':
      return (
        <div>
          {heading('Fant ikke bestillingen')}
          <p className="mb-2">Vi fant ingen bestilling å vise her.</p>
          {backToCheckout}
        </div>
      );
    case 'error':
      return (
        <div>
          {heading('Kunne ikke hente bestillingen')}
          <p className="mb-2">Vi fikk ikke kontakt med butikken. Prøv igjen om litt.</p>
          <button
            type="button"
            onClick={() => void loadPaymentResult(location.search)}
            className="bg-brand text-brand-ink h-11 rounded-md px-4 font-semibold"
          >
            Prøv igjen
          </button>
        </div>
      );
    case 'reservation': {
      const { reservation } = result;
      return (
        <div className="grid max-w-2xl gap-4" data-result="reservation">
          {heading('Varene er reservert')}
          <p>
            Reservasjonsnummer: <strong data-result-number>{result.id}</strong>
          </p>
          <p>
            Vi sender en bekreftelse på e-post. Varene ligger klare i butikken, som regel innen 2
            timer. Du betaler når du henter.
          </p>
          {reservation && (
            <>
              <PickupShopInfo shop={shopById.get(reservation.shopId)} />
              <Lines lines={reservation.lines} />
              <Totals reservation={reservation} vatTotal={null} />
            </>
          )}
        </div>
      );
    }
    case 'payment': {
      const { payment } = result;
      if (payment.status === 'cancelled' || payment.status === 'failed') {
        return (
          <div className="grid max-w-2xl gap-3" data-result={payment.status}>
            {heading(
              payment.status === 'cancelled' ? 'Betalingen ble avbrutt' : 'Betalingen ble avvist',
            )}
            <p>
              {payment.status === 'cancelled'
                ? 'Du avbrøt betalingen, og ingenting er trukket.'
                : 'Betalingen ble ikke godkjent, og ingenting er trukket. Prøv igjen, eller velg en annen betalingsmåte.'}{' '}
              Handlekurven din er tatt vare på.
            </p>
            {backToCheckout}
          </div>
        );
      }
      if (payment.status === 'refunded') {
        const { refund } = payment;
        return (
          <div className="grid max-w-2xl gap-3" data-result="refunded">
            {heading('Betalingen kom for sent')}
            <p>
              Betalingen kom for sent, og varene var ikke lenger på lager.{' '}
              {refund?.kind === 'refund'
                ? `Vi har betalt tilbake ${formatPrice(refund.amount)} til deg.`
                : 'Vi har annullert betalingen – du er ikke belastet.'}
            </p>
            <p>Vi har sendt deg en e-post om dette. Handlekurven din er tatt vare på.</p>
            {backToCheckout}
          </div>
        );
      }
      if (payment.status === 'pending') {
        return (
          <div className="grid max-w-2xl gap-3" data-result="pending">
            {heading('Betalingen er ikke fullført')}
            <p>Vi har ikke fått bekreftet betalingen ennå. Handlekurven din er tatt vare på.</p>
            <p>
              <button
                type="button"
                onClick={() => void loadPaymentResult(location.search)}
                className="bg-brand text-brand-ink h-11 rounded-md px-4 font-semibold"
              >
                Sjekk igjen
              </button>
            </p>
            {backToCheckout}
          </div>
        );
      }
      const { reservation, order } = payment;
      return (
        <div className="grid max-w-2xl gap-4" data-result="paid">
          {heading('Takk for bestillingen!')}
          <p>
            Ordrenummer: <strong data-result-number>{order?.id ?? payment.orderId}</strong>
          </p>
          <p>Betalingen er godkjent. Vi sender en bekreftelse på e-post.</p>
          {reservation &&
            (reservation.delivery ? (
              <p>
                Leveres til {reservation.name}, {reservation.address}, {reservation.zipcode}{' '}
                {reservation.city}.
              </p>
            ) : (
              <PickupShopInfo shop={shopById.get(reservation.shopId)} />
            ))}
          {reservation && <Lines lines={reservation.lines} />}
          {reservation && <Totals reservation={reservation} vatTotal={order?.vatTotal ?? null} />}
        </div>
      );
    }
  }
}
