import { describe, expect, it } from 'vitest';
import { cardLabels } from './article-card.ts';

describe('cardLabels', () => {
  it('shows the cheapest campaign label, then the own label, without blanks or repeats', () => {
    expect(
      cardLabels({
        customLabel: 'Nyhet',
        campaigns: [
          { price: 500, labelText: 'Vintersalg' },
          { price: 400, labelText: 'Ukens annonse!' },
        ],
      }),
    ).toEqual(['Ukens annonse!', 'Nyhet']);
    expect(cardLabels({ customLabel: null, campaigns: [] })).toEqual([]);
    expect(
      cardLabels({ customLabel: 'Nyhet', campaigns: [{ price: 1, labelText: 'Nyhet' }] }),
    ).toEqual(['Nyhet']);
    expect(cardLabels({ customLabel: ' ', campaigns: [{ price: 1, labelText: '' }] })).toEqual([]);
  });
});
