/**
 * The hostile fixture answers HTML only where the build reads nothing (README.md beside this
 * file), because a required collection that answers HTML must fail the build, naming the API.
 */
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkedClient } from '../../src/lib/api/checked-client.ts';
import { createApiClient } from '../../src/lib/api/client.ts';
import { loadStartup } from '../../src/lib/api/startup.ts';
import { createHostileApi } from './server.ts';

const base = 'http://hostile.test/api/v1';
const page = '<!doctype html><html><body><h1>Vedlikehold</h1></body></html>';

/** The fixture, except that `path` answers an HTML page with 200. */
function clientWithHtmlAt(path: string) {
  const fixture = createHostileApi();
  const app = new Hono();
  app.get(`/api/v1/${path}`, (c) => c.html(page));
  app.all('*', (c) => fixture.fetch(c.req.raw));
  // As the build reads: through the client that checks every answer against the contract.
  return checkedClient(
    createApiClient({
      baseURL: base,
      tenant: 'toppfart',
      fetch: (input, init) => Promise.resolve(app.request(new Request(input, init))),
    }),
    'toppfart',
  );
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the start-up set from the hostile fixture', () => {
  it('loads, skipping the malformed items', async () => {
    const data = await loadStartup(clientWithHtmlAt('never-asked'), 'toppfart');
    expect(data.categories.map((c) => c.id)).toEqual([1, 2, 3, 4, 5]);
    // A malformed subcategory is skipped by itself; its main group and siblings stay.
    const withBadSub = data.categories.find((c) => c.id === 4);
    expect(withBadSub?.subcategories.map((s) => s.ArticleGroup2ID)).toEqual([401]);
    expect(data.shops.map((s) => s.id)).toEqual([1, 2, 55]);
    expect(console.warn).toHaveBeenCalledWith(
      'Missing data',
      expect.stringMatching(/^category /),
      expect.anything(),
    );
  });

  it.each(['categories', 'genders', 'shops', 'shipping_methods', 'tenant/get', 'settings'])(
    'fails, naming the API, when %s answers an HTML page',
    async (path) => {
      await expect(loadStartup(clientWithHtmlAt(path), 'toppfart')).rejects.toThrow(base);
    },
  );
});
