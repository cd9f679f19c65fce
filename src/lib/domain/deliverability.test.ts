import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { purchaseLimit } from './cart.ts';
import { deliverability } from './deliverability.ts';

describe('deliverability', () => {
  it.each([
    [false, [{ id: 55, qty: 2 }], 'deliver'],
    [
      false,
      [
        { id: 55, qty: 0 },
        { id: 3, qty: 4 },
      ],
      'reserve',
    ],
    [
      true,
      [
        { id: 55, qty: 2 },
        { id: 3, qty: 4 },
      ],
      'reserve',
    ],
    [true, [{ id: 55, qty: 2 }], 'none'],
    [
      false,
      [
        { id: 55, qty: 0 },
        { id: 3, qty: 0 },
      ],
      'none',
    ],
    [false, [], 'none'],
  ] as const)('only Klikk & Hent %s, shops %j: %s', (onlyCC, shops, expected) => {
    expect(deliverability({ onlyCC }, { shops })).toBe(expected);
  });

  it('says deliver exactly when the cart would take a unit for delivery', () => {
    const shop = fc.record({ id: fc.nat(99), qty: fc.nat(20) });
    fc.assert(
      fc.property(
        fc.array(shop, { maxLength: 6 }),
        fc.integer({ min: 1, max: 10 }),
        (shops, limit) => {
          const deliver = deliverability({ onlyCC: false }, { shops }) === 'deliver';
          expect(deliver).toBe(purchaseLimit({ webPurchaseLimit: limit, shops }) > 0);
        },
      ),
    );
  });
});
