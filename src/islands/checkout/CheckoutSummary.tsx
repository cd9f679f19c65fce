import { useStore } from '@nanostores/react';
import { useState, type ReactNode } from 'react';
import { lineSum } from '../../../contract/cart-totals.ts';
import { checkoutTotals } from '../../lib/domain/checkout.ts';
import { reductionOf } from '../../lib/domain/prior-price.ts';
import { formatPrice } from '../../lib/format/money.ts';
import { $activePromocode, $cart, openCart } from '../../stores/cart.ts';
import { $shippingMethod } from '../../stores/checkout.ts';
import { useModule } from '../shared/use-module.ts';
import { thumbnailUrl } from '../../lib/picture-settings.ts';

// The promo dialog loads when the shopper first asks for it.
const loadPromoDialog = () => import('../cart/PromoCodeDialog.tsx');

/**
 * The order as the checkout sees it, right above the order button: each line with count and
 * price, lines that cannot be bought marked, the discount, the shipping and the total with
 * MVA, then `children` (delivery, seller, angrerett). Changing the cart opens the cart modal;
 * a promo code opens its own dialog.
 */
export function CheckoutSummary({ children }: { children?: ReactNode }) {
  const cart = useStore($cart);
  const promo = useStore($activePromocode);
  const method = useStore($shippingMethod);
  const [promoOpen, setPromoOpen] = useState(false);
  const promoModule = useModule(loadPromoDialog, promoOpen);
  const refused = new Set(cart.cartErrors);
  const { subtotal, discount, shipping, total } = checkoutTotals(
    cart,
    method?.price ?? null,
    promo,
  );

  return (
    <section
      aria-labelledby="kassen-oppsummering"
      className="grid gap-3 rounded-md border border-black/15 p-4"
      data-checkout-summary
    >
      <h2 id="kassen-oppsummering" className="text-xl font-bold">
        Din bestilling
      </h2>
      <ul className="grid gap-3">
        {cart.orders.map((line) => (
          <li
            key={line.ean}
            className="grid grid-cols-[3.5rem_1fr_auto] gap-3"
            data-summary-line={line.ean}
          >
            <img
              src={thumbnailUrl(line.image, 56)}
              alt=""
              width={56}
              height={56}
              className="h-14 w-14 rounded object-contain"
            />
            <span className="text-sm">
              <span className="block font-semibold">{line.name}</span>
              <span className="block">
                {line.size}, {line.color.name} · {line.count} stk.
              </span>
              {reductionOf(line) && (
                <span className="block" data-prior-price>
                  {formatPrice(line.price)} per stk. Førpris {formatPrice(line.priorPrice ?? 0)}
                </span>
              )}
              {line.pant > 0 && (
                <span className="block">Pant {formatPrice(line.pant)} per stk.</span>
              )}
              {refused.has(line.ean) && (
                <span className="block font-semibold text-red-800" data-line-error>
                  Kan ikke kjøpes slik handlekurven er nå
                </span>
              )}
            </span>
            <span className="text-sm font-semibold">{formatPrice(lineSum(line))}</span>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => openCart()}
          className="h-11 rounded-md border border-black/40 px-3 font-semibold"
        >
          Endre handlekurven
        </button>
        <button
          type="button"
          onClick={() => setPromoOpen(true)}
          className="h-11 rounded-md border border-black/40 px-3 font-semibold"
        >
          {promo ? `Rabattkode: ${promo.name}` : 'Legg til rabattkode'}
        </button>
      </div>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-black/15 pt-3">
        <dt>Varer</dt>
        <dd className="text-right">{formatPrice(subtotal)}</dd>
        {discount > 0 && (
          <>
            <dt>Rabatt{promo ? ` (${promo.name})` : ''}</dt>
            <dd className="text-right" data-summary-discount>
              −{formatPrice(discount)}
            </dd>
          </>
        )}
        <dt>Frakt{method ? ` (${method.name})` : ''}</dt>
        <dd className="text-right" data-summary-shipping>
          {shipping === 0 ? 'Gratis' : formatPrice(shipping)}
        </dd>
        <dt className="text-lg font-bold">Totalt inkl. mva. og frakt</dt>
        <dd className="text-right text-lg font-bold" data-summary-total>
          {formatPrice(total)}
        </dd>
      </dl>
      <p className="text-sm">Alle priser er inkludert 25 % mva.</p>
      {children}
      {promoModule && (
        <promoModule.PromoCodeDialog open={promoOpen} onClose={() => setPromoOpen(false)} />
      )}
    </section>
  );
}
