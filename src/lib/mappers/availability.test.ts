import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiArticle, ApiAvailability } from '../../../contract/index.ts';
import { toAvailability, toLiveArticle } from './availability.ts';

describe('toAvailability', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => void vi.restoreAllMocks());

  it('maps live stock and drops variants without an ean', () => {
    const wire = {
      articleId: 100,
      variants: [
        { id: 7, ean: '1', availability: 2, shops: [{ id: 55, qty: 3 }] },
        { id: 8, availability: 1, shops: [] },
        { id: 9, ean: '2', shops: [] },
      ],
    } as unknown as ApiAvailability;
    expect(toAvailability(wire)).toEqual({
      articleId: 100,
      variants: [
        { id: 7, ean: '1', availability: 2, shops: [{ id: 55, qty: 3 }] },
        { id: 9, ean: '2', availability: 0, shops: [] },
      ],
    });
    expect(warn).toHaveBeenCalledWith(
      'Missing data',
      expect.stringMatching(/^availability variant /),
      wire.variants[1],
    );
  });

  it('skips an answer without articleId', () => {
    expect(toAvailability({ variants: [] } as unknown as ApiAvailability)).toBeNull();
    expect(warn).toHaveBeenCalledWith('Missing data', expect.stringMatching(/^availability /), {
      variants: [],
    });
  });
});

describe('toLiveArticle', () => {
  it('maps price, pant and purchase facts as the catalogue does', () => {
    const wire = {
      id: 3,
      price: 49899.6,
      priorPrice: 59899.5,
      pant: 200.4,
      purchasableOnWeb: 0,
      webPurchaseLimit: 2,
      onlyCC: 1,
      campaigns: [{ id: 8, price: 39900.2 }, { id: 'x' }],
    } as unknown as ApiArticle;
    expect(toLiveArticle(wire)).toEqual({
      id: 3,
      price: 49900,
      priorPrice: 59900,
      pant: 200,
      canPurchase: false,
      webPurchaseLimit: 2,
      onlyCC: true,
      campaigns: [{ id: 8, price: 39900 }],
    });
    // An article without a førpris documents no reduction.
    expect(toLiveArticle({ ...wire, priorPrice: null })?.priorPrice).toBeNull();
  });
});
