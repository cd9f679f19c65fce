import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { cartSum, lineSum } from '../../../contract/cart-totals.ts';
import { isAtLimit, purchaseLimit, type CartLine } from '../../lib/domain/cart.ts';
import { reductionLabel, reductionOf } from '../../lib/domain/prior-price.ts';
import { formatPrice } from '../../lib/format/money.ts';
import { $activePromocode, $cart, $cartOpen, closeCart } from '../../stores/cart.ts';
import { decrementLine, incrementLine, removeLine } from '../../stores/cart-lines.ts';
import { loginPathFor } from '../../lib/routes/account.ts';
import { OPEN_CART_PARAM } from '../../stores/cart-count.ts';
import { $user } from '../../stores/user.ts';
import { PromoCodeDialog } from './PromoCodeDialog.tsx';
import { useModalDialog } from '../shared/use-modal-dialog.ts';
import { thumbnailUrl } from '../../lib/picture-settings.ts';

/** What a screen reader hears after the cart changes while it is open. */
function cartSummary(count: number, total: number): string {
  if (count === 0) return 'Handlekurven din er tom.';
  return `${count} ${count === 1 ? 'vare' : 'varer'} i handlekurven. Totalt ${formatPrice(total)}.`;
}

const roundButton =
  'inline-flex size-11 items-center justify-center rounded-full border border-gray-500 text-xl font-bold disabled:cursor-not-allowed disabled:opacity-40';

interface LineProps {
  line: CartLine;
  index: number;
  refused: boolean;
  /** Called when the line leaves the cart, whose button had focus. */
  onGone: () => void;
}

/** One cart line: picture, what it is, its prices, and its count with + and −. */
function Line({ line, index, refused, onGone }: LineProps) {
  const limitId = useId();
  const atLimit = isAtLimit(line);
  const reduction = reductionOf(line);
  const percent = reduction ? reductionLabel(reduction) : '';
  const decrement = () => {
    decrementLine(index);
    if (line.count <= 1) onGone();
  };
  const remove = () => {
    removeLine(index);
    onGone();
  };
  return (
    <li className="flex gap-3 py-4" data-cart-line data-ean={line.ean}>
      <img
        src={thumbnailUrl(line.image, 80)}
        alt=""
        width={80}
        height={80}
        loading="lazy"
        decoding="async"
        className="bg-surface size-20 shrink-0 rounded-md object-contain"
      />
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold">{line.name}</h3>
        <p className="text-sm">
          Størrelse: {line.size} · Farge: {line.color.name}
        </p>
        <p className="text-sm">
          {reduction ? (
            <span className="font-semibold text-red-700">{formatPrice(line.price)}</span>
          ) : (
            formatPrice(line.price)
          )}{' '}
          per stk.
        </p>
        {reduction && (
          <p className="text-sm text-gray-700" data-prior-price>
            Førpris <s>{formatPrice(reduction.priorPrice)}</s>
            {percent && ` (${percent})`}
          </p>
        )}
        {line.pant > 0 && <p className="text-sm">Pant: {formatPrice(line.pant)} per stk.</p>}
        {refused && (
          <p className="mt-1 font-semibold text-red-700" data-cart-line-error>
            Ikke lenger på lager
          </p>
        )}
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <button
            type="button"
            onClick={decrement}
            aria-label={`Reduser antall av ${line.name}`}
            className={roundButton}
            data-cart-decrement
          >
            −
          </button>
          <span className="min-w-8 text-center font-semibold" data-cart-count>
            <span className="sr-only">Antall: </span>
            {line.count}
          </span>
          <button
            type="button"
            onClick={() => incrementLine(index)}
            disabled={atLimit}
            aria-label={`Øk antall av ${line.name}`}
            aria-describedby={atLimit ? limitId : undefined}
            className={roundButton}
            data-cart-increment
          >
            +
          </button>
          <button
            type="button"
            onClick={remove}
            aria-label={`Fjern ${line.name}`}
            className="ml-auto min-h-11 rounded-md px-3 underline"
            data-cart-remove
          >
            Fjern
          </button>
        </div>
        {atLimit && (
          <p id={limitId} className="mt-1 text-sm" data-cart-limit>
            {purchaseLimit(line) === 0
              ? 'Kan bare reserveres i butikk: nettbutikken har den ikke på lager.'
              : `Du kan kjøpe maks ${String(purchaseLimit(line))} av denne varen.`}
          </p>
        )}
      </div>
      <p className="shrink-0 font-semibold">{formatPrice(lineSum(line))}</p>
    </li>
  );
}

/**
 * the spec's cart modal 'Min Handlekurv': the lines with + and − (within the purchase limit),
 * 'Fjern', the sum, the discount and the total, recomputed on each change and announced
 * politely; lines the server refused are marked. From here the shopper goes to the checkout,
 * adds a promo code, or goes on shopping. Mounted on demand by open-cart.ts.
 */
export default function CartModal() {
  const open = useStore($cartOpen);
  const cart = useStore($cart);
  const user = useStore($user);
  const promo = useStore($activePromocode);
  const [promoOpen, setPromoOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const seen = useRef({ count: cart.count, total: cart.total });
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const dialog = useModalDialog(
    open,
    () => {
      setPromoOpen(false);
      closeCart();
    },
    () => document.querySelector<HTMLElement>('[data-cart-link]'),
  );
  // The button that had focus left with its line; the heading keeps the shopper in the cart.
  const focusHeading = () => heading.current?.focus();

  // Announce changes, not what the cart held when it opened.
  useEffect(() => {
    if (!open) {
      seen.current = { count: cart.count, total: cart.total };
      return;
    }
    if (seen.current.count === cart.count && seen.current.total === cart.total) return;
    seen.current = { count: cart.count, total: cart.total };
    setAnnouncement(cartSummary(cart.count, cart.total));
  }, [open, cart.count, cart.total]);

  const refused = new Set(cart.cartErrors);
  const sum = cartSum(cart.orders);
  const empty = cart.orders.length === 0;

  return (
    <>
      <dialog
        {...dialog}
        aria-labelledby={`${id}-title`}
        className="text-ink m-0 ml-auto h-dvh max-h-none w-full max-w-md bg-white p-0 backdrop:bg-black/50"
        data-cart-modal
      >
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between border-b border-gray-300 px-5 py-4">
            <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-2xl font-bold">
              Min Handlekurv
            </h2>
            <button
              type="button"
              onClick={closeCart}
              className="min-h-11 rounded-md px-3 underline"
            >
              Lukk
            </button>
          </div>
          <p role="status" className="sr-only" data-cart-announce>
            {announcement}
          </p>
          {empty ? (
            <div className="flex-1 px-5 py-6">
              <p className="text-lg" data-cart-empty>
                Handlekurven din er tom.
              </p>
            </div>
          ) : (
            <div className="flex-1 overflow-y-auto px-5">
              {cart.orders.some((line) => refused.has(line.ean)) && (
                <p className="mt-4 rounded-md bg-red-50 p-3 font-semibold text-red-700">
                  Noen varer er ikke lenger på lager. Fjern dem før du går til kassen.
                </p>
              )}
              <ul className="divide-y divide-gray-200" aria-label="Varer i handlekurven">
                {cart.orders.map((line, index) => (
                  <Line
                    key={line.ean}
                    line={line}
                    index={index}
                    refused={refused.has(line.ean)}
                    onGone={focusHeading}
                  />
                ))}
              </ul>
              <dl className="grid gap-1 border-t border-gray-300 py-4" data-cart-totals>
                <div className="flex justify-between">
                  <dt>Sum varer</dt>
                  <dd data-cart-sum>{formatPrice(sum)}</dd>
                </div>
                {cart.discount.activated && (
                  <div className="flex justify-between" data-cart-discount>
                    <dt>Rabatt{promo ? ` (${promo.name})` : ''}</dt>
                    <dd>{formatPrice(cart.total - sum)}</dd>
                  </div>
                )}
                <div className="flex justify-between text-lg font-bold">
                  <dt>Totalt</dt>
                  <dd data-cart-total>{formatPrice(cart.total)}</dd>
                </div>
              </dl>
              <p className="pb-4 text-sm">
                {promo?.type === 'shipping'
                  ? `Rabattkoden ${promo.name} gir rabatt på frakten, som velges i kassen.`
                  : 'Frakt kommer i tillegg og velges i kassen.'}
              </p>
            </div>
          )}
          <div className="grid gap-3 border-t border-gray-300 px-5 py-4">
            {!empty && (
              <>
                <a
                  href="/checkout"
                  className="bg-brand text-brand-ink flex min-h-11 items-center justify-center rounded-md px-4 font-bold"
                >
                  Gå til kassen
                </a>
                <button
                  type="button"
                  onClick={() => setPromoOpen(true)}
                  className="min-h-11 rounded-md border border-gray-500 px-4 font-semibold"
                >
                  Legg til rabattkode
                </button>
                {!user.customer && (
                  <a
                    href={loginPathFor(
                      `${globalThis.location?.pathname ?? '/'}?${OPEN_CART_PARAM}=1`,
                    )}
                    className="flex min-h-11 items-center justify-center rounded-md px-4 font-semibold underline"
                    data-cart-login
                  >
                    Logg inn for å handle med kontoen din
                  </a>
                )}
              </>
            )}
            <button
              type="button"
              onClick={closeCart}
              className="min-h-11 rounded-md px-4 font-semibold underline"
            >
              Fortsett å handle
            </button>
          </div>
        </div>
      </dialog>
      {/* Beside the cart dialog, not inside it: each dialog's close stays its own. */}
      <PromoCodeDialog open={open && promoOpen} onClose={() => setPromoOpen(false)} />
    </>
  );
}
