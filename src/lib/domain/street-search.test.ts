import { describe, expect, it } from 'vitest';
import type { FoundAddress } from '../types.ts';
import { streetOptions, streetQuery } from './street-search.ts';

const street = (name: string): FoundAddress => ({
  street: name,
  houseNumber: '',
  postalCode: '0150',
  city: 'Oslo',
});

describe('streetQuery', () => {
  it('searches for the street name as typed, spaces tidied', () => {
    expect(streetQuery('  Kongens   g ')).toBe('Kongens g');
  });

  it('stops once the house number is being typed, or nothing is', () => {
    expect(streetQuery('Storgata 1')).toBeNull();
    expect(streetQuery('   ')).toBeNull();
  });
});

describe('streetOptions', () => {
  const known: FoundAddress[] = [
    { street: 'Storgata', houseNumber: '12B', postalCode: '0150', city: 'Oslo' },
    { street: 'Parkveien', houseNumber: '3', postalCode: '5003', city: 'Bergen' },
  ];

  it('puts known addresses first, filled whole, then streets with room for the number', () => {
    const options = streetOptions('sto', known, [street('Storgata'), street('Stasjonsveien')]);
    expect(options.map((o) => o.address)).toEqual(['Storgata 12B', 'Storgata ']);
    expect(options[0]).toMatchObject({ label: 'Storgata 12B', detail: '0150 Oslo' });
    expect(options[1]).toMatchObject({ label: 'Storgata', postalCode: '0150', city: 'Oslo' });
  });

  it('matches any case and keeps known addresses while the number is typed', () => {
    expect(streetOptions('STORGATA 1', known, []).map((o) => o.label)).toEqual(['Storgata 12B']);
    expect(streetOptions('storgata 3', known, [])).toEqual([]);
  });

  it('suggests nothing for an empty field', () => {
    expect(streetOptions(' ', known, [street('Storgata')])).toEqual([]);
  });
});
