import { describe, expect, it } from 'vitest';
import { getBrand } from '../../brands/index.ts';
import { buildMenu, contentPages, servicePages } from './menu.ts';

const genders = [
  { id: 1, name: 'Herre' },
  { id: 2, name: 'Dame' },
  { id: 4, name: 'Barn' },
  { id: 10, name: 'Unisex' },
  { id: 11, name: 'Junior' },
];
const categories = [
  { id: 1, name: 'Klær' },
  { id: 2, name: 'Sko' },
  { id: 3, name: 'Tilbehør' },
  { id: 4, name: 'Alpint' },
];

describe('buildMenu', () => {
  it('lists genders, categories and service pages for the full brand', () => {
    const menu = buildMenu(getBrand('toppfart'), genders, categories);
    expect(menu.map((e) => e.label)).toEqual([
      'Herre',
      'Dame',
      'Junior',
      'Barn',
      'Uni',
      'Klær',
      'Sko',
      'Tilbehør',
      'Alpint',
      'Kundeservice',
      'Vedlikehold',
      'Om',
      'Informasjon',
    ]);
    expect(menu.find((e) => e.label === 'Klær')?.href).toBe('/klaer');
    expect(menu.find((e) => e.label === 'Tilbehør')?.href).toBe('/tilbehor');
    expect(menu.find((e) => e.label === 'Uni')?.href).toBe('/uni');
  });

  it('leaves out pages a brand does not have', () => {
    expect(servicePages(getBrand('villmark')).map((e) => e.label)).toEqual([
      'Kundeservice',
      'Om',
      'Informasjon',
    ]);
    expect(servicePages(getBrand('smatroll')).map((e) => e.href)).toEqual([
      '/kundeservice',
      '/om-oss',
    ]);
  });

  it('skips configured ids the API does not know', () => {
    const menu = buildMenu(getBrand('smatroll'), genders.slice(0, 1), []);
    expect(menu.filter((e) => e.group !== 'service')).toEqual([]);
  });
});

describe('contentPages', () => {
  it('links the shop finder, blog and polls where the brand has them', () => {
    expect(contentPages(getBrand('toppfart')).map((e) => e.href)).toEqual([
      '/butikker',
      '/blogg',
      '/avstemning',
    ]);
    expect(contentPages(getBrand('smatroll')).map((e) => e.label)).toEqual(['Butikker', 'Blogg']);
  });
});
