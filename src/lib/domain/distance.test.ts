import { describe, expect, it } from 'vitest';
import { sortByDistance } from './distance.ts';

describe('sortByDistance', () => {
  const shops = [
    { id: 1, name: 'Ålesund' },
    { id: 2, name: 'Bergen' },
    { id: 3, name: 'Oslo' },
    { id: 4, name: 'Arendal' },
    { id: 5, name: 'Tromsø' },
  ];
  const order = (distances: Record<number, number>) =>
    sortByDistance(shops, distances).map((s) => [s.name, s.distance]);

  it('puts the shops with a distance first, nearest first, the others after by nb-NO name', () => {
    // Tromsø and Arendal have no coordinates, so no distance.
    expect(order({ 1: 380.2, 2: 52.5, 3: 0.8 })).toEqual([
      ['Oslo', 0.8],
      ['Bergen', 52.5],
      ['Ålesund', 380.2],
      ['Arendal', null],
      ['Tromsø', null],
    ]);
  });

  it('orders by nb-NO name (æ, ø, å after z) without any distance', () => {
    expect(order({})).toEqual([
      ['Arendal', null],
      ['Bergen', null],
      ['Oslo', null],
      ['Tromsø', null],
      ['Ålesund', null],
    ]);
  });

  it('breaks ties in distance by name, and a distance of 0 is a distance', () => {
    expect(order({ 1: 5, 2: 5, 3: 0, 4: 5, 5: 5 }).map(([name]) => name)).toEqual([
      'Oslo',
      'Arendal',
      'Bergen',
      'Tromsø',
      'Ålesund',
    ]);
  });

  it('keeps the other fields and leaves its input alone', () => {
    const input = [{ id: 7, name: 'Voss', qty: 3 }];
    expect(sortByDistance(input, { 7: 1.5 })).toEqual([
      { id: 7, name: 'Voss', qty: 3, distance: 1.5 },
    ]);
    expect(input).toEqual([{ id: 7, name: 'Voss', qty: 3 }]);
  });
});
