import { describe, expect, it } from 'vitest';
import type { ApiOsrmTable } from '../../contract/index.ts';
import { openDatabase } from '../db/database.ts';
import { createTestApp, expectNoServerErrors } from '../test-support/harness.ts';
import { haversineMetres } from './geo.ts';
import { AVERAGE_SPEED_MPS, DETOUR_FACTOR, MAX_TABLE_COORDINATES, osrmRoutes } from './osrm.ts';

const OSLO = { lon: 10.7522, lat: 59.9139 };
const BERGEN = { lon: 5.3221, lat: 60.3913 };
const TROMSO = { lon: 18.9553, lat: 69.6496 };

const app = createTestApp({ db: openDatabase(':memory:') }, [
  { path: '/osrm', routes: osrmRoutes },
]);

async function table(
  coordinates: string,
  query = 'annotations=distance',
): Promise<{ status: number; body: ApiOsrmTable }> {
  const res = await app.request(`/osrm/table/v1/car/${coordinates}?${query}`);
  return { status: res.status, body: (await res.json()) as ApiOsrmTable };
}

const pair = (p: { lon: number; lat: number }): string => `${p.lon},${p.lat}`;

describe('haversineMetres', () => {
  it('puts Oslo-Bergen at about 305 km as the crow flies', () => {
    const d = haversineMetres(OSLO, BERGEN);
    expect(d).toBeGreaterThan(300_000);
    expect(d).toBeLessThan(310_000);
  });

  it('is symmetric and zero for one point', () => {
    expect(haversineMetres(OSLO, TROMSO)).toBeCloseTo(haversineMetres(TROMSO, OSLO), 6);
    expect(haversineMetres(BERGEN, BERGEN)).toBe(0);
  });

  it('gives half the circumference for antipodes', () => {
    expect(haversineMetres({ lon: 0, lat: 0 }, { lon: 180, lat: 0 })).toBeCloseTo(
      Math.PI * 6_371_008.8,
      0,
    );
  });
});

describe('OSRM table simulator', () => {
  it('answers a full distance matrix with the detour factor applied', async () => {
    const { status, body } = await table(`${pair(OSLO)};${pair(BERGEN)};${pair(TROMSO)}`);
    expect(status).toBe(200);
    expect(body.code).toBe('Ok');
    expect(body.durations).toBeUndefined();
    expect(body.distances).toHaveLength(3);
    const osloBergen = body.distances[0]?.[1] ?? Number.NaN;
    expect(osloBergen).toBe(Math.round(haversineMetres(OSLO, BERGEN) * DETOUR_FACTOR * 10) / 10);
    expect(osloBergen).toBeGreaterThan(300_000 * DETOUR_FACTOR);
    expect(osloBergen).toBeLessThan(310_000 * DETOUR_FACTOR);
    expect(body.distances[1]?.[0]).toBe(osloBergen);
    expect(body.distances.map((row, i) => row[i])).toEqual([0, 0, 0]);
    expect(body.sources).toEqual([
      { location: [10.7522, 59.9139], distance: 0, name: '' },
      { location: [5.3221, 60.3913], distance: 0, name: '' },
      { location: [18.9553, 69.6496], distance: 0, name: '' },
    ]);
    expect(body.destinations).toEqual(body.sources);
  });

  it('rounds distances to 0.1 m', async () => {
    const { body } = await table('10.1234567,59.1234567;10.2345678,59.3456789');
    const d = body.distances[0]?.[1] ?? Number.NaN;
    expect(Math.round(d * 10) / 10).toBe(d);
    expect(body.sources[0]?.location).toEqual([10.123457, 59.123457]);
  });

  it('restricts rows and columns to sources and destinations', async () => {
    const { status, body } = await table(
      `${pair(OSLO)};${pair(BERGEN)};${pair(TROMSO)}`,
      'annotations=distance&sources=0&destinations=1;2',
    );
    expect(status).toBe(200);
    expect(body.distances).toHaveLength(1);
    expect(body.distances[0]).toHaveLength(2);
    expect(body.sources.map((w) => w.location)).toEqual([[10.7522, 59.9139]]);
    expect(body.destinations.map((w) => w.location)).toEqual([
      [5.3221, 60.3913],
      [18.9553, 69.6496],
    ]);
    const full = await table(`${pair(OSLO)};${pair(BERGEN)};${pair(TROMSO)}`);
    expect(body.distances[0]).toEqual(full.body.distances[0]?.slice(1));
  });

  it('adds durations at 60 km/h when asked', async () => {
    const { body } = await table(`${pair(OSLO)};${pair(BERGEN)}`, 'annotations=duration');
    const metres = body.distances[0]?.[1] ?? Number.NaN;
    expect(body.durations?.[0]?.[1]).toBe(Math.round((metres / AVERAGE_SPEED_MPS) * 10) / 10);
    // 60 km/h is one kilometre a minute.
    expect(body.durations?.[0]?.[1]).toBeCloseTo((metres / 1000) * 60, 0);
    const both = await table(`${pair(OSLO)};${pair(BERGEN)}`, 'annotations=distance,duration');
    expect(both.body.durations).toEqual(body.durations);
  });

  it('takes distance as the default annotation', async () => {
    const { status, body } = await table(`${pair(OSLO)};${pair(BERGEN)}`, '');
    expect(status).toBe(200);
    expect(body.distances[0]?.[1]).toBeGreaterThan(0);
  });

  it('accepts a single pair and the largest allowed table', async () => {
    expect((await table(pair(OSLO))).body.distances).toEqual([[0]]);
    const many = Array.from({ length: MAX_TABLE_COORDINATES }, (_, i) => `10.${i},59.5`).join(';');
    const { status, body } = await table(many);
    expect(status).toBe(200);
    expect(body.distances).toHaveLength(MAX_TABLE_COORDINATES);
  });

  it.each([
    ['an out-of-range longitude', '181,59.9'],
    ['an out-of-range latitude', '10.7,-90.5'],
    ['a lone number', '10.7'],
    ['words', 'oslo,bergen'],
    ['three numbers', '10.7,59.9,3'],
    ['an empty pair', '10.7,59.9;'],
    ['exponents', '1e1,59.9'],
    ['too many pairs', Array.from({ length: MAX_TABLE_COORDINATES + 1 }, () => '10,59').join(';')],
  ])('rejects %s with 400 InvalidQuery', async (_name, coordinates) => {
    const { status, body } = await table(coordinates);
    expect(status).toBe(400);
    expect(body).toEqual({ code: 'InvalidQuery', message: expect.any(String) });
  });

  it('rejects a request without coordinates with 400 InvalidQuery', async () => {
    const res = await app.request('/osrm/table/v1/car');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'InvalidQuery' });
  });

  it.each([
    ['annotations=speed', 'InvalidOptions'],
    ['annotations=distance,weight', 'InvalidOptions'],
    ['sources=5', 'InvalidOptions'],
    ['destinations=0;2', 'InvalidOptions'],
    ['sources=a', 'InvalidQuery'],
    ['destinations=-1', 'InvalidQuery'],
  ])('rejects %s with 400 %s', async (query, code) => {
    const { status, body } = await table(`${pair(OSLO)};${pair(BERGEN)}`, query);
    expect(status).toBe(400);
    expect(body).toEqual({ code, message: expect.any(String) });
  });

  it('never answers 500, whatever the path and query', async () => {
    await expectNoServerErrors(app, ['/osrm/table/v1/car/', '/osrm/table/v1/', '/osrm/']);
  });
});
