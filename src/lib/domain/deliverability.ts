/**
 * What the product page tells before the shopper adds a size: whether it can be delivered
 * or only reserved in a shop. Apart from cart.ts, whose code the checkout loads too, so only
 * the product page's island carries it.
 */

import { webShopStock, type CartArticle, type ShopStock } from './cart.ts';

/** How a variant can be had now; see {@link deliverability}. */
export type Deliverability = 'deliver' | 'reserve' | 'none';

/**
 * How a variant can be had now: `deliver` when the web shop holds it and the article is not
 * Klikk & Hent only, `reserve` when only the shops hold it (reserved for pick-up), `none`
 * when no shop does.
 */
export function deliverability(
  article: Pick<CartArticle, 'onlyCC'>,
  variant: { shops: readonly ShopStock[] },
): Deliverability {
  if (!article.onlyCC && webShopStock(variant) > 0) return 'deliver';
  // The web shop leads the list (contract/README.md); the shops after it have counters.
  return variant.shops.slice(1).some((s) => s.qty > 0) ? 'reserve' : 'none';
}
