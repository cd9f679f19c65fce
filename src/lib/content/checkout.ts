import type { ShippingMethod, ShopSummary } from '../types.ts';
import { startupList } from './collections.ts';

/** What the checkout pages need from the build: shops to pick up in, and shipping methods. */
export interface CheckoutData {
  shops: ShopSummary[];
  webShopId: number;
  methods: ShippingMethod[];
}

/**
 * The shops (only the fields the checkout shows, to keep the island's props small) and the
 * shipping methods, from the start-up set the build loaded.
 */
export async function checkoutData(): Promise<CheckoutData> {
  const [shops, methods] = await Promise.all([
    startupList('shops'),
    startupList('shippingMethods'),
  ]);
  const web = shops.find((s) => s.isWebShop);
  return {
    shops: shops
      .filter((s) => !s.isWebShop)
      .map(({ id, name, address, postNo, postPlace, openingHours, coords }) => ({
        id,
        name,
        address,
        postNo,
        postPlace,
        openingHours,
        coords,
      })),
    webShopId: web?.id ?? 0,
    methods,
  };
}
