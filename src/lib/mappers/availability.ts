/**
 * Live stock, apart from the article mappers: the product page's first script needs only
 * this one, and a module of its own keeps the rest of the catalogue out of that page's JS.
 */

import type { ApiAvailability } from '../../../contract/index.ts';
import type { Availability } from '../types.ts';
import { hasFields, isNumber, list, mapList, missingData } from './common.ts';

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
