import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiPromoCode, ApiShippingMethod } from '../../../contract/index.ts';
import { toPromoCode, toShippingMethod } from './commerce.ts';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('toShippingMethod', () => {
  const wire: ApiShippingMethod = {
    id: 'delivery',
    name: 'Levering',
    description: 'Hjemlevering',
    price: 19900,
    isDefault: 1,
    requiresShop: 0,
    deliveryDays: { min: 2, max: 4 },
  };

  it('turns flags into booleans', () => {
    expect(toShippingMethod(wire)).toEqual({ ...wire, isDefault: true, requiresShop: false });
  });

  it('keeps working days only when they make a range', () => {
    const days = (deliveryDays: unknown) =>
      toShippingMethod({ ...wire, deliveryDays } as ApiShippingMethod)?.deliveryDays;
    expect(days({ min: 0, max: 0 })).toEqual({ min: 0, max: 0 });
    expect(days(null)).toBeNull();
    expect(days(undefined)).toBeNull();
    expect(days({ min: 3, max: 2 })).toBeNull();
    expect(days({ min: -1, max: 2 })).toBeNull();
    expect(days({ min: 1.5, max: 2 })).toBeNull();
    expect(days({ min: '1', max: 2 })).toBeNull();
  });

  it('skips a method without a price', () => {
    expect(toShippingMethod({ ...wire, price: undefined } as unknown as ApiShippingMethod)).toBe(
      null,
    );
  });
});

describe('toPromoCode', () => {
  const wire: ApiPromoCode = {
    Id: 3,
    Name: 'VINTER20',
    ValidFrom: '2026-11-01',
    ValidTo: '2026-12-31',
    Fixed: 0,
    Amount: 0.2,
    Type: 'cart',
  };

  it.each<[Partial<ApiPromoCode>, object]>([
    [{}, { id: 3, name: 'VINTER20', fixed: false, amount: 0.2, type: 'cart' }],
    [
      { Fixed: 1, Amount: 10000 },
      { fixed: true, amount: 10000 },
    ],
    [{ Type: 'shipping' }, { type: 'shipping' }],
  ])('%j -> %j', (overrides, expected) => {
    expect(toPromoCode({ ...wire, ...overrides })).toMatchObject(expected);
  });

  it('skips a code without an amount', () => {
    expect(toPromoCode({ ...wire, Amount: null } as unknown as ApiPromoCode)).toBeNull();
  });
});
