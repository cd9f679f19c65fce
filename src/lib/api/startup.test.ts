import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The start-up readings the fake API answered, each a category list of its own. */
let readings = 0;
/** Whether the fake API fails the shops. */
let shopsFail = false;

vi.mock('./catalogue.ts', () => ({
  getCategories: () => Promise.resolve([{ id: ++readings }]),
  getBrands: () => Promise.resolve([]),
  getColorGroups: () => Promise.resolve([]),
  getGenders: () => Promise.resolve([{ id: 1 }]),
  getBestsellers: () => Promise.resolve([]),
}));
vi.mock('./content.ts', () => ({
  getTenant: () => Promise.resolve({ id: 'toppfart' }),
  getSettings: () => Promise.resolve({ tenant: 'toppfart' }),
}));
vi.mock('./shops.ts', () => ({
  getShops: () => (shopsFail ? Promise.reject(new Error('nede')) : Promise.resolve([{ id: 1 }])),
  getPostalCodes: () => Promise.resolve([]),
}));
vi.mock('./shipping.ts', () => ({ getShippingMethods: () => Promise.resolve([{ id: 1 }]) }));

const { startStartupRead, takeStartupRead } = await import('./startup.ts');

beforeEach(() => {
  readings = 0;
  shopsFail = false;
});

describe('the start-up set of a build', () => {
  it('is the reading the build started, taken once', async () => {
    startStartupRead('toppfart');
    expect(readings).toBe(1);
    const taken = await takeStartupRead('toppfart');
    expect(taken.categories).toEqual([{ id: 1 }]);
    expect(readings).toBe(1);
    // The next build's loaders take no reading of this one's.
    expect((await takeStartupRead('toppfart')).categories).toEqual([{ id: 2 }]);
  });

  it('is read when the loaders ask, where the build started none', async () => {
    expect((await takeStartupRead('toppfart')).categories).toEqual([{ id: 1 }]);
    expect(readings).toBe(1);
  });

  it('fails the build with the reading that failed once the loaders take it, unhandled nowhere', async () => {
    shopsFail = true;
    startStartupRead('toppfart');
    // A turn of the event loop in which an unhandled rejection would be reported.
    await new Promise((resolve) => setImmediate(resolve));
    await expect(takeStartupRead('toppfart')).rejects.toThrow(
      /Could not load the shop's data from the API .*nede/,
    );
  });
});
