/**
 * The seller as angrerettloven § 8 wants it named before an order is placed: legal name,
 * organisation number and address, from the tenant settings.
 */

import { formatOrgNo } from '../../../contract/text.ts';
import type { Tenant } from '../types.ts';

/** The seller's identity as the tenant settings hold it. */
export type Seller = Pick<Tenant, 'company' | 'orgNo' | 'companyAddress'>;

/** The seller's address on one line, `Fjellvegen 14, 2609 Lillehammer`; '' when unknown. */
export function sellerAddress(seller: Seller): string {
  const a = seller.companyAddress;
  if (!a) return '';
  return [a.street, `${a.postalCode} ${a.city}`.trim()].filter((part) => part !== '').join(', ');
}

/**
 * The seller on one line: `Nordfjell Handel AS, org.nr. 918 745 327, Fjellvegen 14, 2609
 * Lillehammer`, leaving out what the settings lack.
 */
export function sellerLine(seller: Seller): string {
  return [
    seller.company,
    seller.orgNo === '' ? '' : `org.nr. ${formatOrgNo(seller.orgNo)}`,
    sellerAddress(seller),
  ]
    .filter((part) => part !== '')
    .join(', ');
}
