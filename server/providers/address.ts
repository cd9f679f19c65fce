import type { DatabaseSync } from 'node:sqlite';
import { Hono } from 'hono';
import type { ApiOverpassElement, ApiOverpassResponse } from '../../contract/index.ts';
import { CATALOGUE_CACHE } from '../http/cache.ts';
import type { AppEnv } from '../http/env.ts';
import { createPrng } from '../seed/prng.ts';

/**
 * Street names common all over Norway, in both written forms (-veien and -vegen), so a
 * generated town reads like a real one.
 */
export const STREET_NAMES: readonly string[] = [
  'Storgata',
  'Kirkegata',
  'Skolevegen',
  'Kongens gate',
  'Dronningens gate',
  'Jernbanegata',
  'Parkveien',
  'Strandveien',
  'Fjordgata',
  'Bjørkeveien',
  'Granveien',
  'Furuveien',
  'Eikeveien',
  'Solbakken',
  'Bakkegata',
  'Elvegata',
  'Sjøgata',
  'Havnegata',
  'Industriveien',
  'Stasjonsveien',
  'Idrettsveien',
  'Nygata',
  'Møllevegen',
  'Prestegårdsvegen',
  'Åsveien',
  'Fossveien',
  'Tollbodgata',
  'Markveien',
  'Hagevegen',
  'Skogveien',
  'Bekkeveien',
  'Tyttebærvegen',
  'Blåbærstien',
  'Kirkebakken',
  'Torggata',
  'Øvre gate',
  'Rådhusgata',
  'Ringveien',
  'Sentrumsvegen',
  'Lerkeveien',
  'Rognvegen',
  'Vardeveien',
  'Nordre gate',
  'Søndre gate',
];

/** A postal code row as the generator needs it. */
export interface PostalArea {
  code: string;
  place: string;
  lat: number;
  lon: number;
}

/** A generated street of a postal area. */
export interface GeneratedStreet {
  /** Position within the area; part of every node id. */
  index: number;
  name: string;
  /** House numbers run 1..maxNumber. */
  maxNumber: number;
  /** House numbers that also exist with letters (`12B`, `12C`), and which letters. */
  letters: ReadonlyMap<number, readonly string[]>;
  /** Where number 1 stands. */
  lat: number;
  lon: number;
  /** Direction the numbers run, radians from north. */
  bearing: number;
}

const METRES_PER_DEGREE = 111_320;

/**
 * The streets of a postal area: 4-8 of {@link STREET_NAMES}, each with its own numbers,
 * chosen by a generator seeded from the code so every run and machine agrees.
 */
export function streetsFor(area: PostalArea): GeneratedStreet[] {
  const prng = createPrng(Number.parseInt(area.code, 10) * 7919 + 104_729);
  const names = prng.sample(STREET_NAMES, prng.int(4, 8));
  return names.map((name, index) => {
    const maxNumber = prng.int(12, 120);
    const letters = new Map<number, readonly string[]>();
    const letteredCount = prng.int(1, 5);
    for (let i = 0; i < letteredCount; i++) {
      letters.set(prng.int(1, maxNumber), prng.chance(0.5) ? ['B'] : ['B', 'C']);
    }
    // Streets start within about 1.5 km of the postal code's centre.
    const offset = prng.int(50, 1500);
    const direction = prng.next() * 2 * Math.PI;
    const start = move(area, offset * Math.cos(direction), offset * Math.sin(direction));
    return {
      index,
      name,
      maxNumber,
      letters,
      lat: start.lat,
      lon: start.lon,
      bearing: prng.next() * 2 * Math.PI,
    };
  });
}

function move(
  from: { lat: number; lon: number },
  northMetres: number,
  eastMetres: number,
): { lat: number; lon: number } {
  const lat = from.lat + northMetres / METRES_PER_DEGREE;
  const lon = from.lon + eastMetres / (METRES_PER_DEGREE * Math.cos((from.lat * Math.PI) / 180));
  return { lat: Math.round(lat * 1e7) / 1e7, lon: Math.round(lon * 1e7) / 1e7 };
}

/** Splits `12`, `12B`, `12 b` into number and upper-case letter; null if it is neither. */
export function parseHouseNumber(text: string): { number: number; letter: string } | null {
  const match = /^(\d{1,4})\s?([A-Za-zÆØÅæøå])?$/.exec(text.trim());
  if (match === null) return null;
  return { number: Number(match[1]), letter: (match[2] ?? '').toLocaleUpperCase('nb-NO') };
}

const streetKey = (name: string): string =>
  name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('nb-NO');

function houseElement(
  area: PostalArea,
  street: GeneratedStreet,
  number: number,
  letter: string,
): ApiOverpassElement {
  // Numbers 8 m apart along the street, odd and even on opposite sides as in Norway.
  const along = number * 8;
  const side = number % 2 === 0 ? 10 : -10;
  const north = along * Math.cos(street.bearing) - side * Math.sin(street.bearing);
  const east = along * Math.sin(street.bearing) + side * Math.cos(street.bearing);
  const at = move(street, north, east);
  const letterIndex = letter === '' ? 0 : letter.charCodeAt(0) - 64;
  return {
    type: 'node',
    id: Number(area.code) * 1_000_000 + street.index * 10_000 + number * 10 + letterIndex,
    lat: at.lat,
    lon: at.lon,
    tags: {
      'addr:street': street.name,
      'addr:housenumber': `${number}${letter}`,
      'addr:postcode': area.code,
      'addr:city': area.place,
    },
  };
}

/** The addresses matching street (any case), house number (letter allowed) and postcode. */
export function lookupAddress(
  area: PostalArea,
  street: string,
  houseNumber: string,
): ApiOverpassElement[] {
  const house = parseHouseNumber(houseNumber);
  if (house === null) return [];
  const key = streetKey(street);
  const found = streetsFor(area).find((s) => streetKey(s.name) === key);
  if (found === undefined || house.number < 1 || house.number > found.maxNumber) return [];
  if (house.letter !== '' && !(found.letters.get(house.number) ?? []).includes(house.letter)) {
    return [];
  }
  return [houseElement(area, found, house.number, house.letter)];
}

const nbCollator = new Intl.Collator('nb-NO');

/**
 * Streets of the area whose name starts with `prefix` (any case), sorted nb-NO. Each is
 * one element at its number 1 end, with an empty `addr:housenumber` since it stands for
 * the whole street rather than one address.
 */
export function searchStreets(area: PostalArea, prefix: string): ApiOverpassElement[] {
  const key = streetKey(prefix);
  return streetsFor(area)
    .filter((s) => streetKey(s.name).startsWith(key))
    .sort((a, b) => nbCollator.compare(a.name, b.name))
    .map((s) => ({
      type: 'node',
      id: Number(area.code) * 1_000_000 + s.index * 10_000,
      lat: s.lat,
      lon: s.lon,
      tags: {
        'addr:street': s.name,
        'addr:housenumber': '',
        'addr:postcode': area.code,
        'addr:city': area.place,
      },
    }));
}

function findArea(db: DatabaseSync, postcode: string): PostalArea | undefined {
  if (!/^\d{4}$/.test(postcode)) return undefined;
  return db
    .prepare('SELECT code, place, lat, lon FROM postal_codes WHERE code = ?')
    .get(postcode) as unknown as PostalArea | undefined;
}

/** Overpass answers a malformed query with an empty result and a `remark` saying why. */
type OverpassAnswer = ApiOverpassResponse & { remark?: string };

const MAX_PARAM_LENGTH = 100;

/** Reads a required query value, or the remark explaining why it cannot be used. */
function required(value: string | undefined, name: string): string | { remark: string } {
  if (value === undefined || value.trim() === '') return { remark: `${name} is required.` };
  if (value.length > MAX_PARAM_LENGTH) {
    return { remark: `${name} must be at most ${MAX_PARAM_LENGTH} characters.` };
  }
  return value;
}

/**
 * Overpass-style address lookup, mounted at /address: `GET /interpreter?street=&housenumber=
 * &postcode=` and `GET /streets?postcode=&q=` (street autocompletion).
 */
export const addressRoutes = new Hono<AppEnv>();

addressRoutes.get('/interpreter', (c) => {
  const street = required(c.req.query('street'), 'street');
  if (typeof street !== 'string') return c.json<OverpassAnswer>({ elements: [], ...street }, 400);
  const houseNumber = required(c.req.query('housenumber'), 'housenumber');
  if (typeof houseNumber !== 'string') {
    return c.json<OverpassAnswer>({ elements: [], ...houseNumber }, 400);
  }
  const postcode = required(c.req.query('postcode'), 'postcode');
  if (typeof postcode !== 'string') {
    return c.json<OverpassAnswer>({ elements: [], ...postcode }, 400);
  }
  const area = findArea(c.get('db'), postcode.trim());
  const elements = area ? lookupAddress(area, street, houseNumber) : [];
  c.header('Cache-Control', CATALOGUE_CACHE);
  return c.json<ApiOverpassResponse>({ elements });
});

addressRoutes.get('/streets', (c) => {
  const postcode = required(c.req.query('postcode'), 'postcode');
  if (typeof postcode !== 'string') {
    return c.json<OverpassAnswer>({ elements: [], ...postcode }, 400);
  }
  const q = c.req.query('q') ?? '';
  if (q.length > MAX_PARAM_LENGTH) {
    return c.json<OverpassAnswer>(
      { elements: [], remark: `q must be at most ${MAX_PARAM_LENGTH} characters.` },
      400,
    );
  }
  const area = findArea(c.get('db'), postcode.trim());
  c.header('Cache-Control', CATALOGUE_CACHE);
  return c.json<ApiOverpassResponse>({ elements: area ? searchStreets(area, q) : [] });
});
