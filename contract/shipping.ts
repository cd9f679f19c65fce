import type { ApiFlag } from './common.ts';

/** A shipping method (`GET shipping_methods`). Price in øre. */
export interface ApiShippingMethod {
  /** Stable id: `delivery` (the default, 19900), `pickup`, `express`, `mailbox`. */
  id: string;
  name: string;
  description: string;
  price: number;
  isDefault: ApiFlag;
  /** 1 when the method needs a shop (`ShopID`) instead of an address. */
  requiresShop: ApiFlag;
  /**
   * Working days (Monday to Friday) from an order to its arrival, earliest and latest; 0 is
   * the same day. Null when the method promises no time.
   */
  deliveryDays: { min: number; max: number } | null;
}
