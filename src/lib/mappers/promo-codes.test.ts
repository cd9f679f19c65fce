import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiPromoCode } from '../../../contract/index.ts';
import { toPromoCode } from './promo-codes.ts';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
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
