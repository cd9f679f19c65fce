import { describe, expect, it } from 'vitest';
import { hostDrawnPage } from './drawn-page.ts';

describe('hostDrawnPage', () => {
  const facets = { colors: [{ id: 3, name: 'Rød', hex: '#f00' }], brands: [], shops: [55] };
  const results = (state: unknown) => ({
    dataset: state === undefined ? {} : { firstPage: JSON.stringify(state) },
    querySelector: (selector: string) =>
      selector === '[data-results] ul' ? ({ innerHTML: '<li>kort</li>' } as HTMLElement) : null,
  });

  it('reads the page a host drew for this search, with its cards as the store keeps them', () => {
    expect(hostDrawnPage(results({ text: 'jakke', total: 45, facets }), 'jakke')).toEqual({
      text: 'jakke',
      html: '<li>kort</li>',
      total: 45,
      facets,
    });
  });

  it('takes nothing drawn for another search, nothing at all, or what it cannot read', () => {
    expect(hostDrawnPage(results({ text: 'bukse', total: 45, facets }), 'jakke')).toBeNull();
    expect(hostDrawnPage(results(undefined), 'jakke')).toBeNull();
    expect(
      hostDrawnPage({ ...results(undefined), dataset: { firstPage: '{' } }, 'jakke'),
    ).toBeNull();
    for (const state of [
      { text: 'jakke', total: '45', facets },
      { text: 'jakke', total: 45 },
      { text: 'jakke', total: 45, facets: { ...facets, shops: ['55'] } },
      { text: 'jakke', total: 45, facets: { ...facets, colors: [{ id: 3 }] } },
    ]) {
      expect(hostDrawnPage(results(state), 'jakke'), JSON.stringify(state)).toBeNull();
    }
  });
});
