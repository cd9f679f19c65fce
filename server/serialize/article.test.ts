import type { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW, type TestCatalogue, createTestCatalogue } from '../test-support/catalogue.ts';
import { serializeArticleDetail, serializeArticles } from './article.ts';

let t: TestCatalogue;
let ids: number[];

beforeAll(() => {
  t = createTestCatalogue(300);
  ids = t.rows<{ id: number }>('SELECT id FROM articles ORDER BY id').map((r) => r.id);
});
afterAll(() => {
  t.db.close();
});

/** The database with a count of the statements prepared through it. */
function counting(db: DatabaseSync): { db: DatabaseSync; statements: () => number } {
  let statements = 0;
  const proxy = new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (sql: string) => {
          statements++;
          return target.prepare(sql);
        };
      }
      const value: unknown = Reflect.get(target, prop);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
  return { db: proxy, statements: () => statements };
}

describe('serializeArticles', () => {
  it('keeps the given order and skips unknown ids', () => {
    const wanted = [ids[40], 99999999, ids[3], ids[17]] as number[];
    expect(serializeArticles(t.db, wanted, TEST_NOW).map((a) => a.id)).toEqual([
      ids[40],
      ids[3],
      ids[17],
    ]);
    expect(serializeArticles(t.db, [], TEST_NOW)).toEqual([]);
  });

  it('runs the same number of queries for 3 articles as for 250 (no N+1)', () => {
    const small = counting(t.db);
    serializeArticles(small.db, ids.slice(0, 3), TEST_NOW);
    const large = counting(t.db);
    const articles = serializeArticles(large.db, ids.slice(0, 250), TEST_NOW);
    expect(articles).toHaveLength(250);
    expect(large.statements()).toBe(small.statements());
    expect(small.statements()).toBeLessThanOrEqual(6);
  });

  it('matches the database for names, colours, shops and bestseller ranks', () => {
    const [article] = serializeArticles(t.db, [ids[5] ?? 0], TEST_NOW);
    const [row] = t.rows<{ name: string; brand: string; qty_rank: number | null }>(
      `SELECT a.name, br.name AS brand, b.qty_rank FROM articles a JOIN brands br ON br.id = a.brand_id
       LEFT JOIN bestsellers b ON b.article_id = a.id WHERE a.id = ?`,
      ids[5] ?? 0,
    );
    expect(article?.name).toBe(row?.name);
    expect(article?.brand).toBe(row?.brand);
    expect(article?.brands).toEqual([{ id: article?.brandId, name: row?.brand }]);
    expect(article?.bestsellerQty).toBe(row?.qty_rank);
    const colorIds = t
      .rows<{ id: number }>(
        'SELECT DISTINCT color_id AS id FROM variants WHERE article_id = ?',
        ids[5] ?? 0,
      )
      .map((r) => r.id);
    expect(article?.colors.map((c) => c.id).sort()).toEqual(colorIds.sort());
    const inStock = t
      .rows<{ shop_id: number }>(
        `SELECT DISTINCT s.shop_id FROM stock s JOIN variants v ON v.id = s.variant_id
       WHERE v.article_id = ? AND s.qty > 0 ORDER BY s.shop_id`,
        ids[5] ?? 0,
      )
      .map((r) => r.shop_id);
    expect(article?.available).toEqual(inStock);
  });
});

describe('campaign items', () => {
  it('include running and pending campaigns but not ended ones', () => {
    const article = ids[60] ?? 0;
    const day = 24 * 3600 * 1000;
    const iso = (offsetDays: number): string =>
      new Date(TEST_NOW.getTime() + offsetDays * day).toISOString();
    const insert = t.db.prepare(
      `INSERT INTO campaigns (name, short_description, description, start, end, label_text)
       VALUES (?, '', '', ?, ?, ?) RETURNING id`,
    );
    const ended = insert.get('Ferdig', iso(-20), iso(-1), 'Salg') as { id: number };
    const running = insert.get('Nå', iso(-2), iso(5), 'Salg') as { id: number };
    const pending = insert.get('Snart', iso(3), iso(10), 'Klikk & Hent') as { id: number };
    const item = t.db.prepare(
      `INSERT INTO campaign_items (campaign_id, article_id, price, label_type, label_data)
       VALUES (?, ?, 9900, 'percent', '{"text":"-30%"}')`,
    );
    for (const c of [ended, running, pending]) item.run(c.id, article);

    const [serialized] = serializeArticles(t.db, [article], TEST_NOW);
    const campaignIds = serialized?.campaigns.map((c) => c.campaignId) ?? [];
    expect(campaignIds).toContain(running.id);
    expect(campaignIds).toContain(pending.id);
    expect(campaignIds).not.toContain(ended.id);
    const pendingItem = serialized?.campaigns.find((c) => c.campaignId === pending.id);
    expect(pendingItem).toMatchObject({
      articleId: article,
      labelText: 'Klikk & Hent',
      start: iso(3),
    });
  });
});

describe('final price', () => {
  it('is the cheapest item of a campaign running now, never of one not yet started', () => {
    const article = ids[61] ?? 0;
    const own = (
      t.db.prepare('SELECT price FROM articles WHERE id = ?').get(article) as {
        price: number;
      }
    ).price;
    const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    const insert = t.db.prepare(
      `INSERT INTO campaigns (name, short_description, description, start, end, label_text)
       VALUES ('Pris', '', '', ?, ?, 'Salg') RETURNING id`,
    );
    const item = t.db.prepare(
      `INSERT INTO campaign_items (campaign_id, article_id, price, label_type, label_data)
       VALUES (?, ?, ?, 'price', '{}')`,
    );
    const pending = insert.get(at(2), at(48)) as { id: number };
    item.run(pending.id, article, 100);
    expect(serializeArticles(t.db, [article], new Date())[0]?.price).toBe(own);
    const running = insert.get(at(-2), at(48)) as { id: number };
    item.run(running.id, article, own - 5000);
    expect(serializeArticles(t.db, [article], new Date())[0]?.price).toBe(own - 5000);
  });
});

describe('serializeArticleDetail', () => {
  it('answers null for an unknown article', () => {
    expect(serializeArticleDetail(t.db, 99999999, TEST_NOW)).toBeNull();
  });

  it('offers each colour of a size once and sizes in size order', () => {
    const detail = serializeArticleDetail(t.db, ids[8] ?? 0, TEST_NOW);
    expect(detail).not.toBeNull();
    for (const colours of Object.values(detail?.size_colors ?? {})) {
      expect(new Set(colours).size).toBe(colours.length);
    }
    const sorts = t.rows<{ id: number; sort: number }>('SELECT id, sort FROM sizes');
    const order = (detail?.sizes ?? []).map((s) => sorts.find((x) => x.id === s.id)?.sort ?? 0);
    expect(order).toEqual([...order].sort((x, y) => x - y));
  });
});
