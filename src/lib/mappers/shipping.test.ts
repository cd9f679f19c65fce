import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiShippingMethod } from '../../../contract/index.ts';
import { toShippingMethod } from './shipping.ts';

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
