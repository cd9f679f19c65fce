import type { DatabaseSync } from 'node:sqlite';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiShippingMethod } from '../../contract/index.ts';
import { createApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import { createTestApp, expectNoServerErrors } from '../test-support/harness.ts';
import { defaultSeedNow, seedDatabase } from '../seed/seed.ts';
import { shippingRoutes } from './shipping.ts';

describe('shipping routes', () => {
  let db: DatabaseSync;
  let app: ReturnType<typeof createTestApp>;

  beforeEach(() => {
    db = openDatabase(':memory:');
    app = createTestApp({ db }, [{ path: '/api/v1', routes: shippingRoutes }]);
    const method = db.prepare(
      `INSERT INTO shipping_methods (id, name, description, price, is_default, requires_shop,
         delivery_days_min, delivery_days_max, sort)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    method.run('pickup', 'Klikk & Hent', 'Hent i butikk', 0, 0, 1, 0, 0, 2);
    // A method that promises no time.
    method.run('express', 'Ekspress', 'Levert neste dag', 29900, 0, 0, null, null, 3);
    method.run('delivery', 'Levering', 'Levert hjem', 19900, 1, 0, 2, 4, 1);
  });

  it('lists shipping methods in their sort order with 0/1 flags', async () => {
    const res = await app.request('/api/v1/shipping_methods');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      {
        id: 'delivery',
        name: 'Levering',
        description: 'Levert hjem',
        price: 19900,
        isDefault: 1,
        requiresShop: 0,
        deliveryDays: { min: 2, max: 4 },
      },
      {
        id: 'pickup',
        name: 'Klikk & Hent',
        description: 'Hent i butikk',
        price: 0,
        isDefault: 0,
        requiresShop: 1,
        deliveryDays: { min: 0, max: 0 },
      },
      {
        id: 'express',
        name: 'Ekspress',
        description: 'Levert neste dag',
        price: 29900,
        isDefault: 0,
        requiresShop: 0,
        deliveryDays: null,
      },
    ] satisfies ApiShippingMethod[]);
  });

  it('never answers 500, whatever the path and query', async () => {
    await expectNoServerErrors(app, ['/api/v1/shipping_methods/']);
  });
});

describe('shipping routes through createApp with the seeded database', () => {
  const db = openDatabase(':memory:');
  seedDatabase(db, { articles: 200, now: defaultSeedNow });
  const app = createApp({ db, now: () => defaultSeedNow });

  it('lists the default shipping method first among the seeded ones', async () => {
    const methods = (await (
      await app.request('/api/v1/shipping_methods')
    ).json()) as ApiShippingMethod[];
    expect(methods.filter((m) => m.isDefault === 1).map((m) => [m.id, m.price])).toEqual([
      ['delivery', 19900],
    ]);
  });
});
