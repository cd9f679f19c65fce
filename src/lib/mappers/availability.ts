/**
 * Live stock, apart from the article mappers: the product page's first script needs only
 * this one, and a module of its own keeps the rest of the catalogue out of that page's JS.
 */

import type { ApiArticle, ApiAvailability } from '../../../contract/index.ts';
import type { LiveArticle } from '../domain/checkout.ts';
import type { Availability } from '../types.ts';
import { isNumber, isRecord } from '../../../contract/guards.ts';
import { flag, hasFields, list, mapList, missingData, money, priorPriceOf } from './common.ts';

/** Maps live stock; needs articleId. Variants without an ean are dropped. */
export function toAvailability(wire: ApiAvailability): Availability | null {
  if (!hasFields(wire, ['articleId'])) return missingData('availability', wire);
  return {
    articleId: wire.articleId,
    variants: mapList(wire.variants, (v) =>
      hasFields(v, ['id'], ['ean'])
        ? {
            id: v.id,
            ean: v.ean,
            availability: isNumber(v.availability) ? v.availability : 0,
            shops: list(v.shops),
          }
        : missingData('availability variant', v),
    ),
  };
}

/**
 * What the checkout's live check needs of an article (list shape), mapped as `toArticle`
 * maps those fields: money rounded, canPurchase when purchasableOnWeb is 1. Kept apart from
 * the catalogue mappers so the checkout page does not load them.
 */
export function toLiveArticle(wire: ApiArticle): (LiveArticle & { id: number }) | null {
  if (!hasFields(wire, ['id', 'price'])) return missingData('article', wire);
  return {
    id: wire.id,
    price: money(wire.price),
    priorPrice: priorPriceOf(wire),
    pant: money(wire.pant),
    canPurchase: wire.purchasableOnWeb === 1,
    webPurchaseLimit: isNumber(wire.webPurchaseLimit) ? wire.webPurchaseLimit : 0,
    onlyCC: flag(wire.onlyCC),
    campaigns: list(wire.campaigns).flatMap((c) =>
      isRecord(c) && isNumber(c.id) && isNumber(c.price)
        ? [{ id: c.id, price: money(c.price) }]
        : [],
    ),
  };
}
