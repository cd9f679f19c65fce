import type { ApiFlag } from './common.ts';

/**
 * A promo code (`GET promocodes`, `GET promocodes/check/{code}`).
 * `Amount` is øre when `Fixed` is 1, else a fraction of the sum (0.2 = 20 %).
 */
export interface ApiPromoCode {
  Id: number;
  Name: string;
  ValidFrom: string;
  ValidTo: string;
  Fixed: ApiFlag;
  Amount: number;
  Type: 'cart' | 'shipping';
}
