import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { NO_RATE_LIMITS } from '../../server/http/rate-limit.ts';
import { startApiServer } from '../../server/main.ts';
import { ensureSeeded } from '../../server/seed/ensure.ts';
import { getCampaignsWithArticles } from '../../src/lib/api/catalogue.ts';
import { createApiClient } from '../../src/lib/api/client.ts';
import { nextBoundary, scheduleCampaignRebuilds } from './schedule.ts';

describe('nextBoundary', () => {
  const now = new Date('2026-11-24T12:00:00Z');

  it('is the earliest start or end after now', () => {
    const campaigns = [
      { start: '2026-11-20T00:00:00Z', end: '2026-11-30T23:00:00Z' },
      { start: '2026-11-25T06:00:00Z', end: '2026-12-01T06:00:00Z' },
    ];
    expect(nextBoundary(campaigns, now)?.toISOString()).toBe('2026-11-25T06:00:00.000Z');
  });

  it('sees the end of a running campaign when nothing starts before it', () => {
    const campaigns = [{ start: '2026-11-01T00:00:00Z', end: '2026-11-24T22:59:59Z' }];
    expect(nextBoundary(campaigns, now)?.toISOString()).toBe('2026-11-24T22:59:59.000Z');
  });

  it('is null when every boundary has passed or a date is not one', () => {
    expect(nextBoundary([{ start: '2026-01-01', end: 'snart' }], now)).toBeNull();
    expect(nextBoundary([], now)).toBeNull();
  });
});

describe('scheduleCampaignRebuilds', () => {
  it('rebuilds a brand a second after one of its campaigns starts', async () => {
    const db = openDatabase(':memory:');
    ensureSeeded(db, 300);
    const server = await startApiServer({ port: 0, db, rateLimits: NO_RATE_LIMITS });
    // The schedule's clock and timers are the test's: time moves only when the test says.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // An article the brand shows: one of the brand's seeded campaigns holds it.
    const client = createApiClient({ baseURL: server.url, tenant: 'toppfart' });
    const [shown] = await getCampaignsWithArticles(client);
    const articleId = shown?.articles[0]?.id ?? 0;
    const soon = db
      .prepare(
        `INSERT INTO campaigns (name, short_description, description, start, end, label_text)
         VALUES ('Snart', '', '', ?, ?, 'Snart') RETURNING id`,
      )
      .get(
        new Date(Date.now() + 1500).toISOString(),
        new Date(Date.now() + 86_400_000).toISOString(),
      ) as {
      id: number;
    };
    db.prepare(
      `INSERT INTO campaign_items (campaign_id, article_id, price, label_type, label_data)
       VALUES (?, ?, 100, 'price', '{}')`,
    ).run(soon.id, articleId);
    const triggered: string[] = [];
    // The schedule says when it has read the campaigns and set its timer.
    let planned = () => {};
    const hasPlanned = new Promise<void>((resolve) => (planned = resolve));
    const schedule = scheduleCampaignRebuilds({
      brands: ['toppfart'],
      apiUrl: server.url,
      trigger: (brand) => triggered.push(brand),
      log: (message) => {
        if (message.includes('bygges på nytt')) planned();
      },
    });
    try {
      await hasPlanned;
      await vi.advanceTimersByTimeAsync(1000);
      expect(triggered).toEqual([]);
      await vi.advanceTimersByTimeAsync(2500);
      expect(triggered).toEqual(['toppfart']);
    } finally {
      schedule.stop();
      vi.useRealTimers();
      await server.close();
      db.close();
    }
  });
});
