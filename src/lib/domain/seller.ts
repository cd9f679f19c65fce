/**
 * The seller as angrerettloven § 8 wants it named before an order is placed: legal name,
 * organisation number and address, from the tenant settings.
 */

import type { Tenant } from '../types.ts';

/** The seller's identity as the tenant settings hold it. */
export type Seller = Pick<Tenant, 'company' | 'orgNo' | 'companyAddress'>;

/**
 * An organisation number grouped as the Brønnøysund register prints it: `918 745 327`.
 * Anything that is not 9 digits (spaces aside) is returned as given.
 */
export function formatOrgNo(orgNo: string): string {
  const digits = orgNo.replace(/\s/gu, '');
  return /^\d{9}$/u.test(digits) ? digits.replace(/^(\d{3})(\d{3})(\d{3})$/u, '$1 $2 $3') : orgNo;
}

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
