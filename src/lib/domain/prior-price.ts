/**
 * Whether a price is shown as reduced, and by how much (prisopplysningsforskriften § 9a):
 * only below its førpris, and a percentage only reckoned from it. Cards, the product page,
 * the cart and the checkout all ask here, so an article is reduced everywhere or nowhere.
 */

import { isReduced, type PriceWithPrior } from '../../../contract/prior-price.ts';
import { formatPercent } from '../format/number.ts';

/** A reduced price's førpris and how much lower the price is, in whole percent. */
export interface Reduction {
  /** Øre, rounded. */
  priorPrice: number;
  /** Whole percent off the førpris, rounded down so it never claims more than it is. */
  percent: number;
}

/**
 * The reduction of `price` (øre, rounded), or null when it is none (contract/prior-price.ts's
 * `isReduced`): no førpris (the API gave none and no release documents one, so nothing can
 * be shown as reduced), or a price that is not below it.
 */
export function reductionOf(prices: PriceWithPrior): Reduction | null {
  if (!isReduced(prices)) return null;
  const { price, priorPrice } = prices;
  return { priorPrice, percent: Math.floor(((priorPrice - price) / priorPrice) * 100) };
}

/** The label of a reduction, `−30 %`; empty below one percent, which is no label to show. */
export function reductionLabel(reduction: Reduction): string {
  if (reduction.percent < 1) return '';
  return formatPercent(-reduction.percent / 100);
}
