import type { DatabaseSync } from 'node:sqlite';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiSettings, ApiTenant } from '../../contract/index.ts';
import { openDatabase } from '../db/database.ts';
import { isValidEan13, isValidOrgNo } from './check-digits.ts';
import { openingHoursPattern } from './data/shops.ts';
import { defaultSeedNow, seedDatabase, type SeedSummary } from './seed.ts';

const articles = 300;
const tables = [
  'genders',
  'brands',
  'product_lines',
  'main_groups',
  'groups2',
  'groups3',
  'color_groups',
  'colors',
  'sizes',
  'shops',
  'postal_codes',
  'articles',
  'variants',
  'stock',
  'campaigns',
  'campaign_items',
  'reviews',
  'bestsellers',
  'shipping_methods',
  'promo_codes',
  'blog_categories',
  'blog_posts',
  'blog_post_categories',
  'blog_post_articles',
  'polls',
  'poll_questions',
  'poll_options',
  'tenants',
  'social_posts',
];

const dump = (db: DatabaseSync): string =>
  tables
    .map((t) => JSON.stringify(db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all()))
    .join('\n');

const seeded = (seed: number): DatabaseSync => {
  const db = openDatabase(':memory:');
  seedDatabase(db, { articles, seed });
  return db;
};

let db: DatabaseSync;
let summary: SeedSummary;
const all = <T>(sql: string, ...params: Array<string | number>): T[] =>
  db.prepare(sql).all(...params) as T[];
const one = <T>(sql: string, ...params: Array<string | number>): T =>
  db.prepare(sql).get(...params) as T;

beforeAll(() => {
  db = openDatabase(':memory:');
  summary = seedDatabase(db, { articles, seed: 42 });
});

describe('seedDatabase determinism', () => {
  it('writes identical rows for the same seed and different rows for another seed', () => {
    const a = dump(seeded(9));
    expect(dump(seeded(9))).toBe(a);
    expect(dump(seeded(10))).not.toBe(a);
  });

  it('replaces an earlier seed instead of adding to it', () => {
    const again = openDatabase(':memory:');
    seedDatabase(again, { articles: 50, seed: 1 });
    seedDatabase(again, { articles, seed: 9 });
    expect(dump(again)).toBe(dump(seeded(9)));
  });

  it('writes rows that satisfy every foreign key and leaves enforcement on', () => {
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    expect(db.prepare('PRAGMA foreign_keys').get()).toEqual({ foreign_keys: 1 });
  });

  it('rejects article counts outside 1..50000', () => {
    expect(() => seedDatabase(openDatabase(':memory:'), { articles: 0 })).toThrow(RangeError);
    expect(() => seedDatabase(openDatabase(':memory:'), { articles: 50_001 })).toThrow(RangeError);
  });

  it('reports the rows it wrote', () => {
    for (const t of tables) {
      const { n } = one<{ n: number }>(`SELECT count(*) AS n FROM ${t}`);
      expect(summary.counts[t], t).toBe(n);
    }
    expect(summary.counts['articles']).toBe(articles);
  });
});

describe('catalogue', () => {
  it('has exactly the genders of the spec', () => {
    expect(all('SELECT id, name FROM genders ORDER BY id')).toEqual([
      { id: 1, name: 'Herre' },
      { id: 2, name: 'Dame' },
      { id: 4, name: 'Barn' },
      { id: 10, name: 'Uni' },
      { id: 11, name: 'Junior' },
    ]);
  });

  it('has the alpine main group with helmets, goggles in two groups and poles', () => {
    expect(
      all('SELECT id, name FROM main_groups ORDER BY id').map((r) => (r as { name: string }).name),
    ).toEqual(['Tekstil', 'Sko', 'Tilbehør', 'Alpint']);
    const groups = all<{ g2: string; g3: string }>(
      `SELECT g2.name AS g2, g3.name AS g3 FROM groups2 g2 JOIN groups3 g3 ON g3.group2_id = g2.id
       WHERE g2.main_group_id = 4`,
    );
    const names = groups.map((g) => `${g.g2}/${g.g3}`);
    expect(names).toContain('Goggles/Goggles til hjelm');
    expect(names).toContain('Goggles/Alpinbriller');
    expect(groups.some((g) => g.g2 === 'Hjelmer')).toBe(true);
    expect(groups.some((g) => g.g2 === 'Staver')).toBe(true);
  });

  it('keeps group names unique within their main group', () => {
    const dupes = all(
      `SELECT g2.main_group_id, g3.name FROM groups3 g3 JOIN groups2 g2 ON g2.id = g3.group2_id
       GROUP BY 1, 2 HAVING count(*) > 1`,
    );
    expect(dupes).toEqual([]);
  });

  it('gives every article at least one variant with a valid, unique EAN-13', () => {
    expect(
      one<{ n: number }>(
        'SELECT count(*) AS n FROM articles WHERE id NOT IN (SELECT article_id FROM variants)',
      ).n,
    ).toBe(0);
    const eans = all<{ ean: string }>('SELECT ean FROM variants').map((r) => r.ean);
    expect(eans.length).toBeGreaterThan(articles);
    expect(eans.every((e) => isValidEan13(e) && e.startsWith('70'))).toBe(true);
    expect(new Set(eans).size).toBe(eans.length);
  });

  it('stocks every variant of a visible article in at least one shop, mostly including shop 55', () => {
    const unstocked = one<{ n: number }>(
      `SELECT count(*) AS n FROM variants v JOIN articles a ON a.id = v.article_id
       WHERE a.visible = 1 AND NOT EXISTS (SELECT 1 FROM stock s WHERE s.variant_id = v.id)`,
    );
    expect(unstocked.n).toBe(0);
    const web = one<{ share: number }>(
      'SELECT avg(EXISTS (SELECT 1 FROM variants v JOIN stock s ON s.variant_id = v.id WHERE v.article_id = a.id AND s.shop_id = 55)) AS share FROM articles a',
    );
    expect(web.share).toBeGreaterThan(0.8);
    const soldOut = one<{ n: number }>('SELECT count(*) AS n FROM stock WHERE qty = 0');
    expect(soldOut.n).toBeGreaterThan(0);
  });

  it('sizes children in 92-164, shoes in 28-46 and goggles in one size', () => {
    const wrongChild = one<{ n: number }>(
      `SELECT count(*) AS n FROM variants v JOIN articles a ON a.id = v.article_id JOIN sizes s ON s.id = v.size_id
       WHERE a.gender_id IN (4, 11) AND a.main_group_id = 1 AND s.kind NOT IN ('child', 'one')`,
    );
    expect(wrongChild.n).toBe(0);
    const shoeKinds = all<{ kind: string }>(
      `SELECT DISTINCT s.kind FROM variants v JOIN articles a ON a.id = v.article_id JOIN sizes s ON s.id = v.size_id
       WHERE a.main_group_id = 2`,
    );
    expect(shoeKinds).toEqual([{ kind: 'shoe' }]);
    const goggles = all<{ name: string }>(
      `SELECT DISTINCT s.name FROM variants v JOIN articles a ON a.id = v.article_id JOIN sizes s ON s.id = v.size_id
       WHERE a.group2_id = 41`,
    );
    expect(goggles.map((g) => g.name)).toEqual(['ONE SIZE']);
  });

  it('makes children’s outerwear at least 10 % of the articles', () => {
    const { share } = one<{ share: number }>(
      `SELECT avg(gender_id IN (4, 11) AND main_group_id = 1 AND group2_id IN (10, 11, 12)) AS share FROM articles`,
    );
    expect(share).toBeGreaterThanOrEqual(0.1);
  });

  it('prices in øre with a campaign-style fraction on some and deposit only on drinks', () => {
    const prices = all<{ price: number; original_price: number }>(
      'SELECT price, original_price FROM articles',
    );
    expect(prices.every((p) => p.price <= p.original_price && p.original_price % 100 === 0)).toBe(
      true,
    );
    const pant = all<{ group3_id: number }>(
      'SELECT DISTINCT group3_id FROM articles WHERE pant IS NOT NULL',
    );
    expect(pant.every((p) => p.group3_id === 351)).toBe(true);
    const fractional = one<{ n: number }>(
      'SELECT count(*) AS n FROM campaign_items WHERE price != CAST(price AS INTEGER)',
    );
    expect(fractional.n).toBeGreaterThan(0);
  });

  it('keeps the average rating equal to the approved reviews', () => {
    const mismatched = one<{ n: number }>(
      `SELECT count(*) AS n FROM articles a WHERE coalesce(a.average_rating, -1) != coalesce(
         (SELECT round(avg(rating), 1) FROM reviews r WHERE r.article_id = a.id AND r.approved = 1), -1)`,
    );
    expect(mismatched.n).toBe(0);
    const anonymousNamed = one<{ n: number }>(
      'SELECT count(*) AS n FROM reviews WHERE anonymous = 1 AND customer_name IS NOT NULL',
    );
    expect(anonymousNamed.n).toBe(0);
  });
});

describe('shops and postal codes', () => {
  const days = ['Man', 'Tir', 'Ons', 'Tor', 'Fre', 'Lør', 'Søn'];

  it('has at least 25 shops inside Norway with valid org numbers and phones', () => {
    const shops = all<{
      id: number;
      latitude: number;
      longitude: number;
      org_no: string;
      phone: string;
      email: string;
      map_link: string;
    }>('SELECT * FROM shops');
    expect(shops.length).toBeGreaterThanOrEqual(26);
    for (const s of shops) {
      expect(s.latitude).toBeGreaterThan(57.9);
      expect(s.latitude).toBeLessThan(71.2);
      expect(s.longitude).toBeGreaterThan(4.5);
      expect(s.longitude).toBeLessThan(31.2);
      expect(isValidOrgNo(s.org_no), s.org_no).toBe(true);
      expect(s.phone).toMatch(/^[2-9]\d{7}$/);
      expect(s.email).toMatch(/^[a-z0-9-]+@toppfart\.no$/);
      expect(s.map_link).toContain(`mlat=${s.latitude.toFixed(5)}`);
    }
    expect(new Set(shops.map((s) => s.org_no)).size).toBe(shops.length);
  });

  it('makes shop 55 the only web shop', () => {
    expect(all('SELECT id FROM shops WHERE is_web_shop = 1')).toEqual([{ id: 55 }]);
  });

  it('writes opening hours in the documented grammar, naming each weekday once in order', () => {
    const hours = all<{ opening_hours: string }>('SELECT opening_hours FROM shops').map(
      (r) => r.opening_hours,
    );
    expect(new Set(hours).size).toBeGreaterThan(3);
    expect(hours.some((h) => /Søn \d{4}-\d{4}/.test(h))).toBe(true);
    for (const h of hours) {
      expect(h).toMatch(openingHoursPattern);
      const covered = h.split(', ').flatMap((entry) => {
        const [range = '', ...times] = entry.split(' ');
        // A day's ranges in order; only its last may run past midnight (closing <= opening).
        const spans = times.filter((t) => t !== 'stengt').map((t) => t.split('-').map(Number));
        spans.forEach(([open = 0, close = 0], i) => {
          expect(open, entry).not.toBe(close);
          const next = spans[i + 1]?.[0];
          if (next !== undefined) expect(open < close && close <= next, entry).toBe(true);
        });
        const [from = '', to = from] = range.split('-');
        return days.slice(days.indexOf(from), days.indexOf(to) + 1);
      });
      expect(covered, h).toEqual(days);
    }
    // Several ranges a day, a night over midnight and a midnight closing are all in use.
    const spans = hours.flatMap((h) => [...h.matchAll(/(\d{4})-(\d{4})/gu)]);
    expect(hours.some((h) => /\d{4}-\d{4} \d{4}/u.test(h))).toBe(true);
    expect(spans.some(([, open, close]) => Number(close) < Number(open))).toBe(true);
    expect(spans.some(([, , close]) => close === '2400')).toBe(true);
    expect('Man-Fre 10-20').not.toMatch(openingHoursPattern);
    expect('Man-Fre 2400-1000').not.toMatch(openingHoursPattern);
  });

  it('has at least 200 postal codes, including every shop’s', () => {
    const codes = all<{ code: string; lat: number; lon: number }>('SELECT * FROM postal_codes');
    expect(codes.length).toBeGreaterThanOrEqual(200);
    expect(
      codes.every(
        (c) =>
          /^\d{4}$/.test(c.code) && c.lat > 57.9 && c.lat < 71.2 && c.lon > 4.5 && c.lon < 31.2,
      ),
    ).toBe(true);
    const missing = all(
      'SELECT post_no FROM shops WHERE post_no NOT IN (SELECT code FROM postal_codes)',
    );
    expect(missing).toEqual([]);
  });
});

describe('price histories', () => {
  it('gives every article its list prices, the newest one its price, the first at creation', () => {
    const rows = all<{ n: number }>(
      `SELECT count(*) AS n FROM articles a
       WHERE (SELECT p.price FROM article_prices p WHERE p.article_id = a.id
              ORDER BY p.valid_from LIMIT 1) != a.original_price
          OR (SELECT p.valid_from FROM article_prices p WHERE p.article_id = a.id
              ORDER BY p.valid_from LIMIT 1) != a.date_created
          OR (SELECT p.price FROM article_prices p WHERE p.article_id = a.id
              ORDER BY p.valid_from DESC LIMIT 1) != a.price`,
    );
    expect(rows[0]?.n).toBe(0);
    const now = defaultSeedNow.toISOString();
    expect(
      one<{ n: number }>('SELECT count(*) AS n FROM article_prices WHERE valid_from > ?', now).n,
    ).toBe(0);
  });

  it('keeps ended campaigns that make some campaign prices no reduction and others stepwise', () => {
    const now = defaultSeedNow.toISOString();
    const ended = all<{ id: number; end: string }>(
      'SELECT id, end FROM campaigns WHERE id IN (6, 7)',
    );
    expect(ended.map((c) => c.id)).toEqual([6, 7]);
    for (const c of ended) expect(c.end < now).toBe(true);
    // Høstkupp was cheaper than today's Black Week price of each of its articles.
    const cheaper = all<{ earlier: number; today: number }>(
      `SELECT e.price AS earlier, t.price AS today FROM campaign_items e
       JOIN campaign_items t ON t.article_id = e.article_id AND t.campaign_id = 2
       WHERE e.campaign_id = 6`,
    );
    expect(cheaper.length).toBeGreaterThan(0);
    for (const row of cheaper) expect(row.earlier).toBeLessThan(row.today);
    // Vinterforsalg ended as Vintersalg began, between the list price and Vintersalg's.
    const steps = all<{ first: number; second: number; list: number }>(
      `SELECT e.price AS first, t.price AS second, a.price AS list FROM campaign_items e
       JOIN campaign_items t ON t.article_id = e.article_id AND t.campaign_id = 1
       JOIN articles a ON a.id = e.article_id
       WHERE e.campaign_id = 7`,
    );
    expect(steps.length).toBeGreaterThan(0);
    for (const row of steps) {
      expect(row.first).toBeLessThan(row.list);
      expect(row.second).toBeLessThan(row.first);
    }
    const [forsalg, vintersalg] = [7, 1].map((id) =>
      one<{ start: string; end: string }>('SELECT start, end FROM campaigns WHERE id = ?', id),
    );
    expect(forsalg?.end).toBe(vintersalg?.start);
  });
});

describe('content', () => {
  it('has a pending Klikk & Hent campaign and an active one, relative to now', () => {
    const now = defaultSeedNow.toISOString();
    const kh = all<{ start: string; end: string }>(
      "SELECT * FROM campaigns WHERE label_text = 'Klikk & Hent'",
    );
    expect(kh).toHaveLength(1);
    expect(kh[0]?.start.localeCompare(now)).toBe(1);
    const active = one<{ n: number }>(
      'SELECT count(*) AS n FROM campaigns WHERE start <= ? AND end > ?',
      now,
      now,
    );
    expect(active.n).toBeGreaterThanOrEqual(2);
    const later = openDatabase(':memory:');
    seedDatabase(later, { articles: 20, now: new Date('2030-01-01T00:00:00Z') });
    const start = one<{ start: string }>(
      "SELECT start FROM campaigns WHERE label_text = 'Klikk & Hent'",
    ).start;
    expect(
      (
        later.prepare("SELECT start FROM campaigns WHERE label_text = 'Klikk & Hent'").get() as {
          start: string;
        }
      ).start > start,
    ).toBe(true);
  });

  it('prices campaign items below the article with parseable label data', () => {
    const items = all<{
      price: number;
      article_price: number;
      label_type: string;
      label_data: string;
    }>(
      'SELECT ci.*, a.price AS article_price FROM campaign_items ci JOIN articles a ON a.id = ci.article_id',
    );
    expect(items.length).toBeGreaterThan(0);
    for (const i of items) {
      expect(i.price).toBeLessThan(i.article_price);
      expect(['percent', 'price', 'text']).toContain(i.label_type);
      expect(JSON.parse(i.label_data)).toMatchObject({
        text: expect.any(String),
        color: expect.stringMatching(/^#/),
      });
    }
  });

  it('includes unsafe markup in some blog bodies so the shop must sanitise', () => {
    const bodies = all<{ body: string }>('SELECT body FROM blog_posts').map((r) => r.body);
    expect(bodies.length).toBeGreaterThanOrEqual(12);
    expect(bodies.some((b) => b.includes('<script>alert(1)</script>'))).toBe(true);
    expect(bodies.some((b) => b.includes('onerror="alert(1)"'))).toBe(true);
    expect(bodies.some((b) => b.includes('href="javascript:alert(1)"'))).toBe(true);
    expect(bodies.filter((b) => /<h2>/.test(b) && /<p>/.test(b)).length).toBe(bodies.length);
  });

  it('has one active poll whose questions each have exactly one correct option', () => {
    expect(all('SELECT id FROM polls WHERE active = 1')).toHaveLength(1);
    const perQuestion = all<{ correct: number }>(
      'SELECT sum(correct) AS correct FROM poll_options GROUP BY question_id',
    );
    expect(perQuestion.every((q) => q.correct === 1)).toBe(true);
  });

  it('has the three tenants with the flags of the brief and matching home slots', () => {
    const rows = all<{ id: string; tenant: string; settings: string }>(
      'SELECT * FROM tenants ORDER BY id',
    );
    const tenants = Object.fromEntries(rows.map((r) => [r.id, JSON.parse(r.tenant) as ApiTenant]));
    expect(Object.keys(tenants).sort()).toEqual(['smatroll', 'toppfart', 'villmark']);
    expect(tenants['toppfart']?.flags).toEqual({
      maintenance: true,
      info: true,
      about: true,
      support: true,
      supportLink: true,
      singleLineHeader: false,
      search: 'full',
      childrenPages: false,
    });
    expect(tenants['villmark']?.flags).toEqual({
      maintenance: false,
      info: true,
      about: true,
      support: true,
      supportLink: true,
      singleLineHeader: false,
      search: 'no-icon',
      childrenPages: false,
    });
    expect(tenants['smatroll']?.flags).toEqual({
      maintenance: false,
      info: false,
      about: true,
      support: true,
      supportLink: false,
      singleLineHeader: true,
      search: 'hidden',
      childrenPages: true,
    });
    expect(tenants['smatroll']?.assortment).toEqual({ genderIds: [4, 11], mainGroupIds: [1] });
    expect(tenants['toppfart']?.supportEmail).toBe('kundeservice@toppfart.no');

    const settings = JSON.parse(
      rows.find((r) => r.id === 'smatroll')?.settings ?? '{}',
    ) as ApiSettings;
    const grid = settings.home.find((s) => s.type === 'grid');
    expect(grid?.ids).toHaveLength(9);
    const gridArticles = all<{ gender_id: number; main_group_id: number }>(
      `SELECT gender_id, main_group_id FROM articles WHERE id IN (${grid?.ids.join(',')})`,
    );
    expect(gridArticles.every((a) => [4, 11].includes(a.gender_id) && a.main_group_id === 1)).toBe(
      true,
    );
    expect(settings.previews['jul']?.length).toBeGreaterThan(0);
  });

  it('has shipping methods, promo codes and social posts', () => {
    expect(
      all('SELECT id, price, is_default, requires_shop FROM shipping_methods ORDER BY sort'),
    ).toEqual([
      { id: 'delivery', price: 19900, is_default: 1, requires_shop: 0 },
      { id: 'pickup', price: 0, is_default: 0, requires_shop: 1 },
      { id: 'mailbox', price: 7900, is_default: 0, requires_shop: 0 },
      { id: 'express', price: 34900, is_default: 0, requires_shop: 0 },
    ]);
    const now = defaultSeedNow.toISOString();
    expect(one('SELECT count(*) AS n FROM promo_codes WHERE valid_to < ?', now)).toEqual({ n: 2 });
    expect(
      one<{ fixed: number; amount: number }>("SELECT * FROM promo_codes WHERE name = 'vinter20'"),
    ).toMatchObject({ fixed: 0, amount: 0.2 });
    expect(all('SELECT image FROM social_posts')).toHaveLength(12);
  });
});
