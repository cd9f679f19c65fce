/**
 * The `/api/v1` wire contract: the one truth both the reference backend (server/) and the
 * shop (src/lib/api) import. Names start with `Api`; see README.md beside this file.
 */
export type * from './common.ts';
export type * from './catalogue.ts';
export type * from './prior-price.ts';
export type * from './campaigns-admin.ts';
export type * from './orders-admin.ts';
export type * from './shops.ts';
export type * from './content.ts';
export type * from './shipping.ts';
export type * from './promo-codes.ts';
export type * from './checkout.ts';
export type * from './customer.ts';
export type * from './providers.ts';
export type * from './withdrawal.ts';
export type * from './vitals.ts';
