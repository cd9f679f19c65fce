import { Hono } from 'hono';
import type { ApiPostalCode, ApiShop } from '../../contract/index.ts';
import { CATALOGUE_CACHE } from '../http/cache.ts';
import type { AppEnv } from '../http/env.ts';
import { notFound, validationError } from '../http/errors.ts';

interface ShopRow {
  id: number;
  no: string;
  name: string;
  full_name: string;
  org_no: string;
  description: string;
  opening_hours: string;
  map_link: string;
  post_no: string;
  post_place: string;
  address: string;
  email: string;
  phone: string;
  messenger_id: string | null;
  chain: number;
  latitude: number | null;
  longitude: number | null;
  is_web_shop: number;
}

interface PostalCodeRow {
  code: string;
  place: string;
  lat: number;
  lon: number;
}

// docs/spec.md §9: strings sort by locale nb-NO (so Å comes after Z, Ø after Æ).
const nbCollator = new Intl.Collator('nb-NO');

function toApiShop(row: ShopRow): ApiShop {
  return {
    id: row.id,
    no: row.no,
    name: row.name,
    fullName: row.full_name,
    orgNo: row.org_no,
    description: row.description,
    openingHours: row.opening_hours,
    mapLink: row.map_link,
    postNo: row.post_no,
    postPlace: row.post_place,
    address: row.address,
    email: row.email,
    phone: row.phone,
    messengerId: row.messenger_id,
    chain: row.chain,
    latitude: row.latitude,
    longitude: row.longitude,
    isWebShop: row.is_web_shop === 1 ? 1 : 0,
  };
}

function toApiPostalCode(row: PostalCodeRow): ApiPostalCode {
  return { code: row.code, place: row.place, CoordLat: row.lat, CoordLong: row.lon };
}

/** `GET shops`, `GET postalcodes`, `GET postalcodes/{code}`; mounted under /api/v1. */
export const shopRoutes = new Hono<AppEnv>();

shopRoutes.get('/shops', (c) => {
  const rows = c.get('db').prepare('SELECT * FROM shops').all() as unknown as ShopRow[];
  rows.sort((a, b) => nbCollator.compare(a.name, b.name) || a.id - b.id);
  c.header('Cache-Control', CATALOGUE_CACHE);
  return c.json<ApiShop[]>(rows.map(toApiShop));
});

shopRoutes.get('/postalcodes', (c) => {
  const rows = c
    .get('db')
    .prepare('SELECT code, place, lat, lon FROM postal_codes ORDER BY code')
    .all() as unknown as PostalCodeRow[];
  c.header('Cache-Control', CATALOGUE_CACHE);
  return c.json<ApiPostalCode[]>(rows.map(toApiPostalCode));
});

shopRoutes.get('/postalcodes/:code', (c) => {
  const code = c.req.param('code');
  if (!/^\d{4}$/.test(code)) {
    throw validationError({ code: ['The code field must be 4 digits.'] });
  }
  const row = c
    .get('db')
    .prepare('SELECT code, place, lat, lon FROM postal_codes WHERE code = ?')
    .get(code) as unknown as PostalCodeRow | undefined;
  if (row === undefined) throw notFound('Postal code');
  c.header('Cache-Control', CATALOGUE_CACHE);
  return c.json<ApiPostalCode>(toApiPostalCode(row));
});
