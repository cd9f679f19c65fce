import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestCatalogue, createTestCatalogue } from '../test-support/catalogue.ts';

let t: TestCatalogue;

beforeAll(async () => {
  t = createTestCatalogue(120);
  await t.client.request('/sanctum/csrf-cookie');
});
afterAll(() => {
  t.db.close();
});

// Pieces of Meilisearch filters, so that random filters get past the first token often.
const filterPiece = fc.constantFrom(
  'GenderID',
  'GrossPrice',
  'colorGroups.ColorGroupID',
  'available.ShopID',
  'ProductLineID',
  'Nope',
  '=',
  '!=',
  '<',
  '>=',
  'TO',
  'IN',
  'NOT',
  'AND',
  'OR',
  'EXISTS',
  '[',
  ']',
  '(',
  ')',
  ',',
  '"',
  "'",
  '\\',
  '1',
  '-2.5',
  '1e400',
  'æøå',
);
const filter = fc.oneof(
  fc.array(filterPiece, { maxLength: 12 }).map((parts) => parts.join(' ')),
  fc.string({ maxLength: 60 }),
);
const anyValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);
const searchBody = fc.record(
  {
    query: fc.oneof(fc.string({ maxLength: 40 }), anyValue),
    take: fc.oneof(fc.integer({ min: -5, max: 1500 }), anyValue),
    page: fc.oneof(fc.integer({ min: -2, max: 50 }), anyValue),
    filters: fc.oneof(filter, anyValue),
    sort: fc.oneof(fc.constantFrom('name:asc', 'price:desc', 'x:y', ''), anyValue),
  },
  { requiredKeys: [] },
);
const queryValue = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer({ min: -10, max: 200 }).map(String),
  fc.array(fc.integer({ min: -5, max: 400 }), { maxLength: 5 }).map((xs) => xs.join(',')),
);
const enc = encodeURIComponent;

describe('no input makes the catalogue fail with a server error', () => {
  it('random search and searchids bodies answer 200, 400 or 422', async () => {
    await fc.assert(
      fc.asyncProperty(searchBody, fc.constantFrom('search', 'searchids'), async (body, route) => {
        const res = await t.client.post(`/api/v1/articles/${route}`, body);
        expect([200, 400, 422]).toContain(res.status);
      }),
      { numRuns: 300 },
    );
  });

  it('random raw bodies never answer 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 80 }), async (raw) => {
        const res = await t.client.post('/api/v1/articles/search', raw);
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
  });

  it('random ids and query strings on listing endpoints never answer 5xx', async () => {
    const path = fc.oneof(
      fc
        .tuple(queryValue, queryValue, queryValue, queryValue, queryValue)
        .map(
          ([id, page, perPage, orderBy, genders]) =>
            `/api/v1/categories/${enc(id)}/articles?page=${enc(page)}&per_page=${enc(perPage)}&orderBy=${enc(orderBy)}&order=${enc(genders)}&genders=${enc(genders)}`,
        ),
      queryValue.map((ids) => `/api/v1/articles/bundle?articles=${enc(ids)}`),
      queryValue.map((id) => `/api/v1/articles/${enc(id)}`),
      queryValue.map((id) => `/api/v1/articles/availability/${enc(id)}`),
      queryValue.map((id) => `/api/v1/subcategories/${enc(id)}/groups`),
      queryValue.map((id) => `/api/v1/subcategories/${enc(id)}/articles`),
      queryValue.map((tenant) => `/api/v1/categories?tenant=${enc(tenant)}`),
      fc
        .tuple(queryValue, queryValue)
        .map(([id, file]) => `/images/articles/${enc(id)}/${enc(file)}.jpg`),
    );
    await fc.assert(
      fc.asyncProperty(path, async (url) => {
        const res = await t.client.request(url);
        expect(res.status, url).toBeLessThan(500);
      }),
      { numRuns: 400 },
    );
  });
});
