import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { CartArticle } from '../../lib/domain/cart.ts';
import { deliverability } from '../../lib/domain/deliverability.ts';
import {
  choiceFromQuery,
  choiceToQuery,
  colorOptions,
  pickColor,
  sizeOptions,
  variantFor,
  withLiveStock,
  type PickerVariant,
  type VariantChoice,
} from '../../lib/domain/variants.ts';
import { addAlert } from '../../stores/alerts.ts';
import { addToCart } from '../../stores/cart-lines.ts';
import { announceLive, askToHydrate } from '../directives/hydrate-event.ts';
import { showGalleryColor } from '../../stores/product-gallery.ts';
import { $liveStock, loadLiveStock, STOCK_LOADING } from '../../stores/product-stock.ts';
import { ShopStock, type StockShop } from './ShopStock.tsx';
import { VariantPicker } from './VariantPicker.tsx';

/** Props of {@link ProductBuyBox}: only what the island needs, to keep the page lean. */
export interface ProductBuyBoxProps {
  article: CartArticle;
  /** Variants as the build saw them; live stock replaces their availability after load. */
  variants: readonly PickerVariant[];
  /** The shops that carry the article. */
  shops: readonly StockShop[];
}

/** Reads the choice from the page URL (reload, Back and shared links restore it). */
function choiceFromLocation(variants: readonly PickerVariant[]): VariantChoice {
  return choiceFromQuery(variants, new URLSearchParams(location.search));
}

/**
 * The buying part of the product page: colour and size (offered only when available, the
 * choice kept in the URL), 'Legg i handlekurv' with the cart rules, and live stock per shop.
 */
export default function ProductBuyBox({ article, variants, shops }: ProductBuyBoxProps) {
  // The page script may have loaded live stock before the island hydrates; the first render
  // must still match the server HTML, so the island takes it up after that render.
  const [started, setStarted] = useState(false);
  const stored = useStore($liveStock);
  const live = started ? stored : STOCK_LOADING;
  const current = useMemo(
    () => (live.state === 'ready' ? withLiveStock(variants, live.variants) : [...variants]),
    [live, variants],
  );
  // The server render has no URL; the first client render must match it, so the URL is
  // read in an effect.
  const [choice, setChoice] = useState<VariantChoice>(() =>
    choiceFromQuery(variants, new URLSearchParams()),
  );
  const [sizeError, setSizeError] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void loadLiveStock(article.id);
    setStarted(true);
    const restore = () => setChoice(choiceFromLocation(variants));
    restore();
    // Live now: a pick made before hydration may be replayed (client:interaction).
    announceLive(rootRef.current);
    addEventListener('popstate', restore);
    return () => removeEventListener('popstate', restore);
  }, [article.id, variants]);

  // Live stock can sell out what the URL or the shopper chose: keep only what is offered.
  useEffect(() => {
    if (live.state !== 'ready') return;
    setChoice((before) => {
      const checked = choiceFromQuery(current, choiceToQuery(current, before));
      return checked.colorId === before.colorId && checked.sizeId === before.sizeId
        ? before
        : checked;
    });
  }, [live, current]);

  // The gallery shows the chosen colour's pictures, whether the shopper chose it, the URL
  // restored it or live stock changed it; still server HTML, it is asked to hydrate for that.
  useEffect(() => {
    if (choice.colorId === null) return;
    const gallery = document.querySelector<HTMLElement>('[data-product-gallery]');
    const built = gallery?.dataset['builtColor'];
    if (showGalleryColor(choice.colorId, built ? Number(built) : null)) askToHydrate(gallery);
  }, [choice.colorId]);

  const choose = (next: VariantChoice) => {
    setChoice(next);
    setSizeError(null);
    const query = choiceToQuery(current, next, new URLSearchParams(location.search));
    const search = query.toString();
    history.replaceState(history.state, '', `${location.pathname}${search ? `?${search}` : ''}`);
  };

  const colors = colorOptions(current);
  const sizes = sizeOptions(current, choice.colorId);
  const variant = variantFor(current, choice);
  // Told before the shopper adds it, from live stock only: the built figures may be hours old.
  const how = variant && live.state !== 'loading' ? deliverability(article, variant) : 'none';

  const add = () => {
    if (!variant) {
      setSizeError('Velg en størrelse først.');
      document.getElementById('storrelse-legend')?.focus();
      return;
    }
    if (addToCart(article, variant) === 'added') addAlert('success', 'Lagt i handlekurven');
  };

  return (
    <div className="grid gap-5" ref={rootRef}>
      <VariantPicker
        colors={colors}
        sizes={sizes}
        colorId={choice.colorId}
        sizeId={choice.sizeId}
        onColor={(id) => choose(pickColor(current, choice, id))}
        onSize={(id) => choose({ ...choice, sizeId: id })}
        sizeError={sizeError}
      />
      {article.onlyCC && (
        <p className="rounded-md bg-amber-50 p-3 font-semibold" id="kun-klikk-hent">
          Kun Klikk &amp; Hent: denne varen kan bare reserveres for henting i butikk.
        </p>
      )}
      <div>
        <button
          type="button"
          onClick={add}
          disabled={!article.canPurchase}
          aria-describedby={article.canPurchase ? undefined : 'ikke-kjopbar'}
          className="bg-brand text-brand-ink desk:w-auto min-h-12 w-full rounded-md px-6 text-lg font-bold disabled:cursor-not-allowed disabled:opacity-60"
        >
          Legg i handlekurv
        </button>
        {!article.canPurchase && (
          <p id="ikke-kjopbar" className="mt-2">
            Denne varen kan ikke kjøpes i nettbutikken. Se hvilke butikker som har den under.
          </p>
        )}
        <p className="mt-2 min-h-6 font-semibold" aria-live="polite" data-delivery-note={how}>
          {how === 'deliver' && 'Kan leveres fra nettbutikken.'}
          {how === 'reserve' && 'Kan bare reserveres i butikk.'}
        </p>
      </div>
      <ShopStock shops={shops} variant={variant} live={live} />
    </div>
  );
}
