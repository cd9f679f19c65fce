import { describe, expect, it } from 'vitest';
import { getRoadDistancesKm, ROUTING_BASE } from './routing.ts';

describe('getRoadDistancesKm', () => {
  it('asks for one row of distances from the shopper and answers km per shop', async () => {
    const urls: string[] = [];
    const fakeFetch = (async (input: RequestInfo | URL) => {
      urls.push(String(input instanceof Request ? input.url : input));
      return Response.json({
        code: 'Ok',
        distances: [[0, 2000, 500]],
        sources: [],
        destinations: [],
      });
    }) as typeof fetch;
    const km = await getRoadDistancesKm(
      { latitude: 59.9, longitude: 10.75 },
      [
        { latitude: 60, longitude: 11 },
        { latitude: 59.91, longitude: 10.7 },
      ],
      fakeFetch,
    );
    expect(km).toEqual([2, 0.5]);
    expect(urls[0]).toContain(
      `${ROUTING_BASE}/table/v1/car/10.750000,59.900000;11.000000,60.000000;10.700000,59.910000`,
    );
    expect(urls[0]).toContain('annotations=distance');
  });

  it('asks nothing for no shops', async () => {
    const fakeFetch = (() => Promise.reject(new Error('no call expected'))) as typeof fetch;
    expect(await getRoadDistancesKm({ latitude: 1, longitude: 1 }, [], fakeFetch)).toEqual([]);
  });
});
