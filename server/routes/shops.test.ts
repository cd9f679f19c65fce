import type { DatabaseSync } from 'node:sqlite';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiPostalCode, ApiShop } from '../../contract/index.ts';
import { createApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import { createTestApp, expectNoServerErrors } from '../test-support/harness.ts';
import { seedDatabase } from '../seed/seed.ts';
import { shopRoutes } from './shops.ts';

function insertShop(db: DatabaseSync, id: number, name: string, webShop = 0): void {
  db.prepare(
    `INSERT INTO shops (id, no, name, full_name, org_no, description, opening_hours, map_link,
       post_no, post_place, address, email, phone, messenger_id, chain, latitude, longitude, is_web_shop)
     VALUES (?, ?, ?, ?, '912345678', 'Sport og fritid', 'Man-Fre 1000-2000, Lør 1000-1800, Søn stengt',
       'https://maps.example/?q=1', '5003', 'BERGEN', 'Strandgaten 1', 'butikk@example.no',
       '55 55 55 55', NULL, 1, ?, ?, ?)`,
  ).run(
    id,
    String(id).padStart(3, '0'),
    name,
    `Toppfart ${name} AS`,
    webShop ? null : 60.39,
    webShop ? null : 5.32,
    webShop,
  );
}

describe('shop routes', () => {
  let db: DatabaseSync;
  let app: ReturnType<typeof createTestApp>;

  beforeEach(() => {
    db = openDatabase(':memory:');
    app = createTestApp({ db }, [{ path: '/api/v1', routes: shopRoutes }]);
    insertShop(db, 3, 'Ålesund');
    insertShop(db, 1, 'Bergen');
    insertShop(db, 4, 'Ørsta');
    insertShop(db, 2, 'Zeta');
    insertShop(db, 5, 'Ærø');
    insertShop(db, 55, 'Nettbutikk', 1);
    const postal = db.prepare(
      'INSERT INTO postal_codes (code, place, lat, lon) VALUES (?, ?, ?, ?)',
    );
    postal.run('5003', 'BERGEN', 60.3943, 5.3259);
    postal.run('0150', 'OSLO', 59.9094, 10.7478);
  });

  it('lists shops ordered by name the Norwegian way (Æ, Ø, Å after Z)', async () => {
    const res = await app.request('/api/v1/shops');
    expect(res.status).toBe(200);
    const shops = (await res.json()) as ApiShop[];
    expect(shops.map((s) => s.name)).toEqual([
      'Bergen',
      'Nettbutikk',
      'Zeta',
      'Ærø',
      'Ørsta',
      'Ålesund',
    ]);
  });

  it('answers the exact ApiShop shape', async () => {
    const shops = (await (await app.request('/api/v1/shops')).json()) as ApiShop[];
    expect(shops[0]).toEqual({
      id: 1,
      no: '001',
      name: 'Bergen',
      fullName: 'Toppfart Bergen AS',
      orgNo: '912345678',
      description: 'Sport og fritid',
      openingHours: 'Man-Fre 1000-2000, Lør 1000-1800, Søn stengt',
      mapLink: 'https://maps.example/?q=1',
      postNo: '5003',
      postPlace: 'BERGEN',
      address: 'Strandgaten 1',
      email: 'butikk@example.no',
      phone: '55 55 55 55',
      messengerId: null,
      chain: 1,
      latitude: 60.39,
      longitude: 5.32,
      isWebShop: 0,
    } satisfies ApiShop);
    const web = shops.find((s) => s.id === 55);
    expect(web).toMatchObject({ isWebShop: 1, latitude: null, longitude: null });
  });

  it('lists postal codes ordered by code', async () => {
    const res = await app.request('/api/v1/postalcodes');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { code: '0150', place: 'OSLO', CoordLat: 59.9094, CoordLong: 10.7478 },
      { code: '5003', place: 'BERGEN', CoordLat: 60.3943, CoordLong: 5.3259 },
    ] satisfies ApiPostalCode[]);
  });

  it('answers one postal code, keeping its leading zero', async () => {
    const res = await app.request('/api/v1/postalcodes/0150');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      code: '0150',
      place: 'OSLO',
      CoordLat: 59.9094,
      CoordLong: 10.7478,
    });
  });

  it.each(['150', '01500', 'abcd', '01 5', '+150', '%20150'])(
    'rejects the malformed postal code %j with 422',
    async (code) => {
      const res = await app.request(`/api/v1/postalcodes/${code}`);
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({
        message: 'The code field must be 4 digits.',
        errors: { code: ['The code field must be 4 digits.'] },
      });
    },
  );

  it('answers 404 for an unknown postal code', async () => {
    const res = await app.request('/api/v1/postalcodes/9999');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Postal code not found.' });
  });

  it('never answers 500, whatever the path and query', async () => {
    await expectNoServerErrors(app, ['/api/v1/shops/', '/api/v1/postalcodes/', '/api/v1/']);
  });
});

describe('shop routes through createApp with the seeded database', () => {
  const db = openDatabase(':memory:');
  seedDatabase(db, { articles: 200 });
  const app = createApp({ db });

  it('lists every seeded shop in nb-NO order, the web shop among them', async () => {
    const shops = (await (await app.request('/api/v1/shops')).json()) as ApiShop[];
    const { n } = db.prepare('SELECT count(*) AS n FROM shops').get() as { n: number };
    expect(shops).toHaveLength(n);
    const names = shops.map((s) => s.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('nb-NO').compare));
    expect(shops.find((s) => s.id === 55)?.isWebShop).toBe(1);
  });

  it('answers each listed postal code on its own', async () => {
    const list = (await (await app.request('/api/v1/postalcodes')).json()) as ApiPostalCode[];
    expect(list.length).toBeGreaterThan(100);
    for (const code of list.filter((_, i) => i % 40 === 0)) {
      const res = await app.request(`/api/v1/postalcodes/${code.code}`);
      expect(await res.json()).toEqual(code);
    }
  });
});
