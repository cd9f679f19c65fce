import { describe, expect, it } from 'vitest';
import { shopsHoldingAll } from './pickup-shops.ts';

const WEB = 55;

describe('shopsHoldingAll', () => {
  it('lists the shops holding every line in its count, never the web shop', () => {
    const stock = new Map([
      [
        'a',
        [
          { id: 1, qty: 2 },
          { id: 2, qty: 1 },
          { id: WEB, qty: 9 },
        ],
      ],
      [
        'b',
        [
          { id: 1, qty: 1 },
          { id: 2, qty: 5 },
          { id: WEB, qty: 9 },
        ],
      ],
    ]);
    const lines = [
      { ean: 'a', count: 2 },
      { ean: 'b', count: 1 },
    ];
    expect(shopsHoldingAll(lines, stock, [1, 2, 3, WEB], WEB)).toEqual([1]);
    expect(shopsHoldingAll([], stock, [1, 2], WEB)).toEqual([]);
  });
});
