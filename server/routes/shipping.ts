import { Hono } from 'hono';
import type { ApiShippingMethod } from '../../contract/index.ts';
import { CATALOGUE_CACHE } from '../http/cache.ts';
import type { AppEnv } from '../http/env.ts';
import { toApiFlag } from '../serialize/flag.ts';

interface ShippingMethodRow {
  id: string;
  name: string;
  description: string;
  price: number;
  is_default: number;
  requires_shop: number;
  delivery_days_min: number | null;
  delivery_days_max: number | null;
}

function toApiShippingMethod(row: ShippingMethodRow): ApiShippingMethod {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    isDefault: toApiFlag(row.is_default),
    requiresShop: toApiFlag(row.requires_shop),
    deliveryDays:
      row.delivery_days_min === null || row.delivery_days_max === null
        ? null
        : { min: row.delivery_days_min, max: row.delivery_days_max },
  };
}

/** `GET shipping_methods`; under /api/v1. */
export const shippingRoutes = new Hono<AppEnv>();

shippingRoutes.get('/shipping_methods', (c) => {
  const rows = c
    .get('db')
    .prepare(
      'SELECT id, name, description, price, is_default, requires_shop, delivery_days_min, delivery_days_max FROM shipping_methods ORDER BY sort, id',
    )
    .all() as unknown as ShippingMethodRow[];
  c.header('Cache-Control', CATALOGUE_CACHE);
  return c.json<ApiShippingMethod[]>(rows.map(toApiShippingMethod));
});
