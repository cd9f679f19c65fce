import type { DatabaseSync } from 'node:sqlite';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiPromoCode } from '../../contract/index.ts';
import { createApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import { createTestApp, expectNoServerErrors } from '../test-support/harness.ts';
import { defaultSeedNow, seedDatabase } from '../seed/seed.ts';
import { promoCodeStatus } from '../checkout/promo-codes.ts';
import { promoCodeRoutes } from './promo-codes.ts';

const NOW = new Date('2025-06-15T12:00:00.000Z');

describe('promoCodeStatus', () => {
  it('is pending before ValidFrom, valid inside, expired after ValidTo', () => {
    const from = '2025-06-01T00:00:00.000Z';
    const to = '2025-06-30T00:00:00.000Z';
    expect(promoCodeStatus(from, to, new Date('2025-05-31T23:59:59.999Z'))).toBe('pending');
    expect(promoCodeStatus(from, to, new Date(from))).toBe('valid');
    expect(promoCodeStatus(from, to, new Date('2025-06-29T23:59:59.999Z'))).toBe('valid');
    expect(promoCodeStatus(from, to, new Date(to))).toBe('expired');
  });

  it('counts the whole last day of a date-only ValidTo', () => {
    expect(promoCodeStatus('2025-06-01', '2025-06-30', new Date('2025-06-30T23:59:59Z'))).toBe(
      'valid',
    );
    expect(promoCodeStatus('2025-06-01', '2025-06-30', new Date('2025-07-01T00:00:00Z'))).toBe(
      'expired',
    );
  });

  it('never treats unreadable dates as valid', () => {
    expect(promoCodeStatus('soon', '2025-06-30', NOW)).toBe('pending');
    expect(promoCodeStatus('2025-06-01', 'never', NOW)).toBe('expired');
  });
});

describe('promo code routes', () => {
  let db: DatabaseSync;
  let app: ReturnType<typeof createTestApp>;

  beforeEach(() => {
    db = openDatabase(':memory:');
    app = createTestApp({ db, now: () => NOW }, [{ path: '/api/v1', routes: promoCodeRoutes }]);
    const promo = db.prepare(
      `INSERT INTO promo_codes (id, name, valid_from, valid_to, fixed, amount, type)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    promo.run(
      1,
      'SOMMER20',
      '2025-06-01T00:00:00.000Z',
      '2025-08-31T23:59:59.000Z',
      0,
      0.2,
      'cart',
    );
    promo.run(
      2,
      'VINTER100',
      '2024-12-01T00:00:00.000Z',
      '2025-02-28T23:59:59.000Z',
      1,
      10000,
      'cart',
    );
    promo.run(3, 'HOST', '2025-09-01T00:00:00.000Z', '2025-11-30T23:59:59.000Z', 0, 0.1, 'cart');
    promo.run(
      4,
      'FRIFRAKT',
      '2025-01-01T00:00:00.000Z',
      '2025-12-31T23:59:59.000Z',
      1,
      19900,
      'shipping',
    );
  });

  it('lists only the promo codes valid now', async () => {
    const res = await app.request('/api/v1/promocodes');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      {
        Id: 1,
        Name: 'SOMMER20',
        ValidFrom: '2025-06-01T00:00:00.000Z',
        ValidTo: '2025-08-31T23:59:59.000Z',
        Fixed: 0,
        Amount: 0.2,
        Type: 'cart',
      },
      {
        Id: 4,
        Name: 'FRIFRAKT',
        ValidFrom: '2025-01-01T00:00:00.000Z',
        ValidTo: '2025-12-31T23:59:59.000Z',
        Fixed: 1,
        Amount: 19900,
        Type: 'shipping',
      },
    ] satisfies ApiPromoCode[]);
  });

  it('follows the injected clock', async () => {
    const winter = createTestApp({ db, now: () => new Date('2025-01-15T00:00:00Z') }, [
      { path: '/api/v1', routes: promoCodeRoutes },
    ]);
    const codes = (await (await winter.request('/api/v1/promocodes')).json()) as ApiPromoCode[];
    expect(codes.map((p) => p.Name)).toEqual(['VINTER100', 'FRIFRAKT']);
  });

  it('checks a valid code whatever its case', async () => {
    for (const code of ['SOMMER20', 'sommer20', 'Sommer20']) {
      const res = await app.request(`/api/v1/promocodes/check/${code}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ Id: 1, Name: 'SOMMER20', Amount: 0.2, Fixed: 0 });
    }
  });

  it('answers 404 in Norwegian for an unknown code', async () => {
    const res = await app.request('/api/v1/promocodes/check/FINNESIKKE');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Rabattkoden finnes ikke.' });
  });

  it('answers 422 for an expired code', async () => {
    const res = await app.request('/api/v1/promocodes/check/vinter100');
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      message: 'Rabattkoden er utløpt.',
      errors: { code: ['Rabattkoden er utløpt.'] },
    });
  });

  it('answers 422 for a code that is not valid yet', async () => {
    const res = await app.request('/api/v1/promocodes/check/HOST');
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      message: 'Rabattkoden er ikke gyldig ennå.',
      errors: { code: ['Rabattkoden er ikke gyldig ennå.'] },
    });
  });

  it('lets a shared cache keep a valid answer no longer than the code lives', async () => {
    const res = await app.request('/api/v1/promocodes/check/SOMMER20');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=60');
    const late = createTestApp({ db, now: () => new Date('2025-08-31T23:59:30.000Z') }, [
      { path: '/api/v1', routes: promoCodeRoutes },
    ]);
    const last = await late.request('/api/v1/promocodes/check/SOMMER20');
    expect(last.status).toBe(200);
    expect(last.headers.get('Cache-Control')).toBe('public, max-age=29');
  });

  it('rejects an overlong or blank code with 422', async () => {
    for (const code of ['X'.repeat(65), '%20%20']) {
      const res = await app.request(`/api/v1/promocodes/check/${code}`);
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ errors: { code: expect.any(Array) } });
    }
  });

  it('never answers 500, whatever the path and query', async () => {
    await expectNoServerErrors(app, ['/api/v1/promocodes/check/', '/api/v1/promocodes/']);
  });
});

describe('promo code routes through createApp with the seeded database', () => {
  const db = openDatabase(':memory:');
  seedDatabase(db, { articles: 200, now: defaultSeedNow });
  const app = createApp({ db, now: () => defaultSeedNow });

  it('accepts exactly the listed promo codes at check', async () => {
    const listed = (await (await app.request('/api/v1/promocodes')).json()) as ApiPromoCode[];
    const names = (db.prepare('SELECT name FROM promo_codes').all() as Array<{ name: string }>).map(
      (r) => r.name,
    );
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.length).toBeLessThan(names.length);
    for (const name of names) {
      const res = await app.request(
        `/api/v1/promocodes/check/${encodeURIComponent(name.toLowerCase())}`,
      );
      const isListed = listed.some((p) => p.Name === name);
      expect(res.status).toBe(isListed ? 200 : 422);
    }
  });
});
