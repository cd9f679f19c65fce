import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientOf } from './client.ts';
import {
  fillPriorPrices,
  readPublishedHistories,
  withDocumentedPriorPrices,
} from './documented-prior-prices.ts';

const NOW = new Date('2026-11-27T12:00:00.000Z');
const DAY = 86_400_000;
const ago = (days: number): string => new Date(NOW.getTime() - days * DAY).toISOString();
const article = (id: number, price: number, extra: object = {}) => ({
  id,
  ArticleNo: `A${String(id)}`,
  price,
  ...extra,
});

// Article 1 was published at 1 000 kr for 60 days, article 2 at 500 kr in a campaign 10 days
// ago and at 800 kr since; article 3 was never published.
const histories = new Map([
  [1, [{ price: 100_000, from: ago(60), to: NOW.toISOString() }]],
  [
    2,
    [
      { price: 80_000, from: ago(60), to: ago(10) },
      { price: 50_000, from: ago(10), to: ago(5) },
      { price: 80_000, from: ago(5), to: NOW.toISOString() },
    ],
  ],
]);

describe('fillPriorPrices', () => {
  it('reckons the førpris of each article without one from the published prices', () => {
    const answer = {
      data: [article(1, 70_000), article(2, 70_000), article(3, 10_000)],
      meta: { total: 3 },
    };
    expect(fillPriorPrices(answer, histories, NOW)).toBe(3);
    expect(answer.data.map((a) => (a as { priorPrice?: unknown }).priorPrice)).toEqual([
      100_000, // reduced from the published price
      50_000, // published cheaper within 30 days: 700 kr is no reduction
      null, // nothing documented
    ]);
  });

  it('leaves an article that carries a førpris, even null, as it is, at any depth', () => {
    const hit = { _source: article(1, 70_000, { priorPrice: null }) };
    const campaign = { id: 5, name: 'Vintersalg', articles: [article(1, 70_000)] };
    expect(fillPriorPrices({ hits: { hits: [hit] } }, histories, NOW)).toBe(0);
    expect(hit._source).toMatchObject({ priorPrice: null });
    expect(fillPriorPrices(campaign, histories, NOW)).toBe(1);
    expect(campaign.articles[0]).toMatchObject({ priorPrice: 100_000 });
    expect(fillPriorPrices('text', histories, NOW)).toBe(0);
  });
});

describe('withDocumentedPriorPrices', () => {
  it('fills every answer the client reads, from the histories file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'histories-'));
    try {
      const file = join(dir, 'published-prices.json');
      writeFileSync(file, JSON.stringify(Object.fromEntries(histories)));
      const inner = clientOf('http://api', async <T>() => [article(1, 70_000)] as T);
      const client = withDocumentedPriorPrices(inner, readPublishedHistories(file), () => NOW);
      expect(await client.get('articles/bundle')).toEqual([
        { ...article(1, 70_000), priorPrice: 100_000 },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
