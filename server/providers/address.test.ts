import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiOverpassElement, ApiOverpassResponse } from '../../contract/index.ts';
import { createApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import { createTestApp, expectNoServerErrors } from '../test-support/harness.ts';
import { seedDatabase } from '../seed/seed.ts';
import {
  addressRoutes,
  parseHouseNumber,
  STREET_NAMES,
  streetsFor,
  type GeneratedStreet,
  type PostalArea,
} from './address.ts';

const OSLO: PostalArea = { code: '0150', place: 'OSLO', lat: 59.9094, lon: 10.7478 };
const BERGEN: PostalArea = { code: '5003', place: 'BERGEN', lat: 60.3943, lon: 5.3259 };

const db = openDatabase(':memory:');
const app = createTestApp({ db }, [{ path: '/address', routes: addressRoutes }]);

async function lookup(query: string): Promise<{ status: number; body: ApiOverpassResponse }> {
  const res = await app.request(`/address/interpreter?${query}`);
  return { status: res.status, body: (await res.json()) as ApiOverpassResponse };
}

const q = (params: Record<string, string>): string => new URLSearchParams(params).toString();

/** The first street of an area that has lettered house numbers, and one such number. */
function letteredHouse(area: PostalArea): { street: GeneratedStreet; number: number } {
  for (const street of streetsFor(area)) {
    const first = street.letters.keys().next();
    if (first.done !== true) return { street, number: first.value };
  }
  throw new Error('no lettered house numbers generated');
}

beforeAll(() => {
  const insert = db.prepare('INSERT INTO postal_codes (code, place, lat, lon) VALUES (?, ?, ?, ?)');
  for (const area of [OSLO, BERGEN]) insert.run(area.code, area.place, area.lat, area.lon);
});

describe('street generator', () => {
  it('is deterministic per postal code', () => {
    expect(streetsFor(OSLO)).toEqual(streetsFor({ ...OSLO }));
    expect(streetsFor(OSLO).map((s) => s.name)).not.toEqual(streetsFor(BERGEN).map((s) => s.name));
  });

  it('gives 4-8 distinct, known street names with 12-120 numbers near the centre', () => {
    for (const code of ['0001', '0150', '5003', '9990']) {
      const streets = streetsFor({ ...OSLO, code });
      expect(streets.length).toBeGreaterThanOrEqual(4);
      expect(streets.length).toBeLessThanOrEqual(8);
      expect(new Set(streets.map((s) => s.name)).size).toBe(streets.length);
      for (const street of streets) {
        expect(STREET_NAMES).toContain(street.name);
        expect(street.maxNumber).toBeGreaterThanOrEqual(12);
        expect(street.maxNumber).toBeLessThanOrEqual(120);
        expect(Math.abs(street.lat - OSLO.lat)).toBeLessThan(0.02);
        for (const [n, letters] of street.letters) {
          expect(n).toBeLessThanOrEqual(street.maxNumber);
          expect(['B', 'C']).toEqual(expect.arrayContaining([...letters]));
        }
      }
    }
  });
});

describe('parseHouseNumber', () => {
  it.each([
    ['12', { number: 12, letter: '' }],
    ['12B', { number: 12, letter: 'B' }],
    ['12b', { number: 12, letter: 'B' }],
    [' 12 b ', { number: 12, letter: 'B' }],
  ])('reads %j', (text, expected) => {
    expect(parseHouseNumber(text)).toEqual(expected);
  });

  it.each(['', 'B12', '12BC', '12-14', 'tolv', '12345'])('refuses %j', (text) => {
    expect(parseHouseNumber(text)).toBeNull();
  });
});

describe('address lookup (interpreter)', () => {
  it('finds an address by street, house number and postcode', async () => {
    const street = streetsFor(OSLO)[0] as GeneratedStreet;
    const { status, body } = await lookup(
      q({ street: street.name, housenumber: '1', postcode: '0150' }),
    );
    expect(status).toBe(200);
    expect(body.elements).toHaveLength(1);
    const element = body.elements[0] as ApiOverpassElement;
    expect(element).toEqual({
      type: 'node',
      id: 150_000_000 + street.index * 10_000 + 10,
      lat: expect.any(Number),
      lon: expect.any(Number),
      tags: {
        'addr:street': street.name,
        'addr:housenumber': '1',
        'addr:postcode': '0150',
        'addr:city': 'OSLO',
      },
    } satisfies ApiOverpassElement);
    // Within a couple of kilometres of the postal code's centre.
    expect(Math.abs(element.lat - OSLO.lat)).toBeLessThan(0.03);
    expect(Math.abs(element.lon - OSLO.lon)).toBeLessThan(0.06);
  });

  it('matches the street in any case and spacing', async () => {
    const street = streetsFor(BERGEN)[1] as GeneratedStreet;
    const shouted = `  ${street.name.toLocaleUpperCase('nb-NO').replace(' ', '   ')} `;
    const { body } = await lookup(q({ street: shouted, housenumber: '2', postcode: '5003' }));
    expect(body.elements.map((e) => e.tags['addr:street'])).toEqual([street.name]);
  });

  it('finds lettered house numbers, in either case, and only those that exist', async () => {
    const { street, number } = letteredHouse(OSLO);
    const letters = street.letters.get(number) ?? [];
    for (const housenumber of [`${number}B`, `${number}b`, `${number} B`]) {
      const { body } = await lookup(q({ street: street.name, housenumber, postcode: '0150' }));
      expect(body.elements.map((e) => e.tags['addr:housenumber'])).toEqual([`${number}B`]);
    }
    const plain = await lookup(
      q({ street: street.name, housenumber: `${number}`, postcode: '0150' }),
    );
    expect(plain.body.elements).toHaveLength(1);
    const missing = letters.includes('C') ? 'D' : 'C';
    const none = await lookup(
      q({ street: street.name, housenumber: `${number}${missing}`, postcode: '0150' }),
    );
    expect(none.body.elements).toEqual([]);
  });

  it('gives distinct ids to a number and its letters', async () => {
    const { street, number } = letteredHouse(BERGEN);
    const ids = await Promise.all(
      [`${number}`, `${number}B`].map(async (housenumber) => {
        const { body } = await lookup(q({ street: street.name, housenumber, postcode: '5003' }));
        return body.elements[0]?.id;
      }),
    );
    expect(new Set(ids).size).toBe(2);
  });

  it.each([
    ['an unknown street', { street: 'Finnesikkeveien', housenumber: '1', postcode: '0150' }],
    ['a number past the end', { street: '#0', housenumber: '121', postcode: '0150' }],
    ['house number 0', { street: '#0', housenumber: '0', postcode: '0150' }],
    ['a street of another postcode', { street: '#0', housenumber: '1', postcode: '9999' }],
    ['a malformed postcode', { street: '#0', housenumber: '1', postcode: '150' }],
    ['a malformed house number', { street: '#0', housenumber: '1-3', postcode: '0150' }],
  ])('finds nothing for %s', async (_name, params) => {
    const street = (streetsFor(OSLO)[0] as GeneratedStreet).name;
    const { status, body } = await lookup(
      q({ ...params, street: params.street === '#0' ? street : params.street }),
    );
    expect(status).toBe(200);
    expect(body).toEqual({ elements: [] });
  });

  it.each([
    ['street', q({ housenumber: '1', postcode: '0150' })],
    ['housenumber', q({ street: 'Storgata', postcode: '0150' })],
    ['postcode', q({ street: 'Storgata', housenumber: '1', postcode: ' ' })],
  ])('answers 400 with a remark when %s is missing', async (field, query) => {
    const { status, body } = await lookup(query);
    expect(status).toBe(400);
    expect(body).toEqual({ elements: [], remark: `${field} is required.` });
  });

  it('answers 400 for an overlong street', async () => {
    const { status } = await lookup(
      q({ street: 'a'.repeat(101), housenumber: '1', postcode: '0150' }),
    );
    expect(status).toBe(400);
  });
});

describe('street search', () => {
  async function streets(query: string): Promise<{ status: number; body: ApiOverpassResponse }> {
    const res = await app.request(`/address/streets?${query}`);
    return { status: res.status, body: (await res.json()) as ApiOverpassResponse };
  }

  it('lists every street of the postcode in Norwegian order without q', async () => {
    const { status, body } = await streets('postcode=0150');
    expect(status).toBe(200);
    const expected = streetsFor(OSLO)
      .map((s) => s.name)
      .sort(new Intl.Collator('nb-NO').compare);
    expect(body.elements.map((e) => e.tags['addr:street'])).toEqual(expected);
    for (const element of body.elements) {
      expect(element).toMatchObject({
        type: 'node',
        tags: { 'addr:housenumber': '', 'addr:postcode': '0150', 'addr:city': 'OSLO' },
      });
    }
  });

  it('lists the streets starting with q, in any case', async () => {
    const name = (streetsFor(BERGEN)[0] as GeneratedStreet).name;
    const prefix = name.slice(0, 3).toLocaleLowerCase('nb-NO');
    const { body } = await streets(q({ postcode: '5003', q: prefix }));
    const names = body.elements.map((e) => e.tags['addr:street']);
    expect(names).toContain(name);
    for (const found of names)
      expect(found.toLocaleLowerCase('nb-NO').startsWith(prefix)).toBe(true);
  });

  it('answers empty elements for no match or an unknown postcode', async () => {
    expect((await streets(q({ postcode: '0150', q: 'Qx' }))).body).toEqual({ elements: [] });
    expect((await streets('postcode=9999')).body).toEqual({ elements: [] });
  });

  it('answers 400 without a postcode', async () => {
    expect(await streets('q=Stor')).toEqual({
      status: 400,
      body: { elements: [], remark: 'postcode is required.' },
    });
  });
});

describe('address simulator robustness', () => {
  it('never answers 500, whatever the path and query', async () => {
    await expectNoServerErrors(app, ['/address/interpreter', '/address/streets', '/address/']);
  });
});

describe('address lookup over every seeded postal code', () => {
  it('finds number 1 of each generated street through createApp', async () => {
    const seeded = openDatabase(':memory:');
    seedDatabase(seeded, { articles: 1 });
    const full = createApp({ db: seeded });
    const areas = seeded
      .prepare('SELECT code, place, lat, lon FROM postal_codes')
      .all() as unknown as PostalArea[];
    expect(areas.length).toBeGreaterThan(100);
    for (const area of areas.filter((_, i) => i % 20 === 0)) {
      for (const street of streetsFor(area)) {
        const res = await full.request(
          `/address/interpreter?${q({ street: street.name, housenumber: '1', postcode: area.code })}`,
        );
        const body = (await res.json()) as ApiOverpassResponse;
        expect(body.elements.map((e) => e.tags)).toEqual([
          {
            'addr:street': street.name,
            'addr:housenumber': '1',
            'addr:postcode': area.code,
            'addr:city': area.place,
          },
        ]);
      }
    }
  });
});
