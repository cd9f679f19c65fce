/**
 * Catalogue rows for the search tests and measurements, inserted straight into the tables
 * so that search does not depend on the seed generator.
 */
import type { DatabaseSync } from 'node:sqlite';
import { openDatabase } from '../db/database.ts';
import { createPrng } from '../seed/prng.ts';

/** One article of a fixture; omitted fields take plain defaults. */
export interface FixtureArticle {
  id: number;
  name: string;
  description?: string;
  brandId?: number;
  genderId?: number;
  mainGroupId?: number;
  group2Id?: number;
  group3Id?: number;
  productLineId?: number | null;
  /** Øre. */
  price?: number;
  featured?: boolean;
  onlyCC?: boolean;
  visible?: boolean;
  dateCreated?: string;
  bestsellerRank?: number;
  /** Colour ids of its variants (colour id n belongs to colour group n). */
  colors?: number[];
  /** Stock of its first variant per shop id; a missing shop does not carry it. */
  stock?: Record<number, number>;
}

/** Brand ids 1..3 of every fixture. */
export const fixtureBrands = ['Bergans', 'Swix', 'Norrøna'];
/** Main groups 1..4, each with group 2 id = its id and group 3 id = 10 × its id. */
export const fixtureMainGroups = ['Tekstil', 'Sko', 'Tilbehør', 'Alpint'];
/** Colour groups (and colours) 1..5. */
export const fixtureColorGroups = ['Svart', 'Hvit', 'Rød', 'Blå', 'Grønn'];
/** Shop ids 1..3. */
export const fixtureShops = [1, 2, 3];
/** Gender ids. */
export const fixtureGenders = [1, 2, 4, 10, 11];
/** Product line ids 1..2. */
export const fixtureProductLines = [1, 2];

function insertReferenceRows(db: DatabaseSync): void {
  const gender = db.prepare('INSERT INTO genders (id, name) VALUES (?, ?)');
  for (const id of fixtureGenders) gender.run(id, `Kjønn ${id}`);
  const brand = db.prepare('INSERT INTO brands (id, name) VALUES (?, ?)');
  fixtureBrands.forEach((name, index) => brand.run(index + 1, name));
  const line = db.prepare('INSERT INTO product_lines (id, name) VALUES (?, ?)');
  for (const id of fixtureProductLines) line.run(id, `Linje ${id}`);
  const main = db.prepare('INSERT INTO main_groups (id, name) VALUES (?, ?)');
  const group2 = db.prepare('INSERT INTO groups2 (id, main_group_id, name) VALUES (?, ?, ?)');
  const group3 = db.prepare('INSERT INTO groups3 (id, group2_id, name) VALUES (?, ?, ?)');
  fixtureMainGroups.forEach((name, index) => {
    const id = index + 1;
    main.run(id, name);
    group2.run(id, id, `${name} diverse`);
    group3.run(10 * id, id, `${name} annet`);
  });
  const colorGroup = db.prepare(
    'INSERT INTO color_groups (id, label, name, hex, color_id) VALUES (?, ?, ?, ?, ?)',
  );
  const color = db.prepare(
    'INSERT INTO colors (id, name, hex, color_code, color_group_id) VALUES (?, ?, ?, ?, ?)',
  );
  fixtureColorGroups.forEach((name, index) => {
    const id = index + 1;
    colorGroup.run(id, name, name, '#000000', id);
    color.run(id, name, '#000000', String(id).padStart(3, '0'), id);
  });
  db.prepare("INSERT INTO sizes (id, name, kind, sort) VALUES (1, 'M', 'adult', 1)").run();
  const shop = db.prepare(
    `INSERT INTO shops (id, no, name, full_name, org_no, description, opening_hours, map_link,
       post_no, post_place, address, email, phone)
     VALUES (?, ?, ?, ?, '999999999', '', '{}', '', '0150', 'Oslo', 'Gate 1', 'a@b.no', '12345678')`,
  );
  for (const id of fixtureShops) shop.run(id, String(id), `Butikk ${id}`, `Butikk ${id} AS`);
}

/** Opens an in-memory database holding the reference rows (brands, groups, colours, shops). */
export function openFixtureDatabase(): DatabaseSync {
  const db = openDatabase(':memory:');
  insertReferenceRows(db);
  return db;
}

/** Inserts articles with their variants, stock and bestseller ranks. */
export function insertFixtureArticles(db: DatabaseSync, articles: FixtureArticle[]): void {
  const article = db.prepare(
    `INSERT INTO articles (id, article_no, name, description, tech_description, wash_label,
       care_label, price, original_price, brand_id, gender_id, main_group_id, group2_id,
       group3_id, product_line_id, featured, only_cc, season, visible, date_created,
       image_kind, image_color)
     VALUES (?, ?, ?, ?, '', '[]', '[]', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'helår', ?, ?, 'jacket', '#000000')`,
  );
  const variant = db.prepare(
    'INSERT INTO variants (id, article_id, ean, size_id, color_id) VALUES (?, ?, ?, 1, ?)',
  );
  const stock = db.prepare('INSERT INTO stock (variant_id, shop_id, qty) VALUES (?, ?, ?)');
  const bestseller = db.prepare(
    'INSERT INTO bestsellers (article_id, qty_rank, turnover_rank) VALUES (?, ?, ?)',
  );
  db.exec('BEGIN');
  try {
    for (const a of articles) {
      const mainGroupId = a.mainGroupId ?? 1;
      const price = a.price ?? 49_900;
      article.run(
        a.id,
        `A${a.id}`,
        a.name,
        a.description ?? '',
        price,
        Math.round(price),
        a.brandId ?? 1,
        a.genderId ?? 1,
        mainGroupId,
        a.group2Id ?? mainGroupId,
        a.group3Id ?? 10 * mainGroupId,
        a.productLineId ?? null,
        a.featured === true ? 1 : 0,
        a.onlyCC === true ? 1 : 0,
        a.visible === false ? 0 : 1,
        a.dateCreated ?? '2024-01-01T00:00:00Z',
      );
      (a.colors ?? [1]).forEach((colorId, index) => {
        const variantId = a.id * 100 + index;
        variant.run(variantId, a.id, String(variantId), colorId);
        if (index === 0) {
          for (const [shopId, qty] of Object.entries(a.stock ?? {})) {
            stock.run(variantId, Number(shopId), qty);
          }
        }
      });
      if (a.bestsellerRank !== undefined) {
        bestseller.run(a.id, a.bestsellerRank, a.bestsellerRank);
      }
    }
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

const prefixes = ['Vinter', 'Dun', 'Regn', 'Skall', 'Ull', 'Fleece', 'Tur', 'Jogge', 'Ski', 'Lett'];
const products = ['jakke', 'bukse', 'sko', 'undertrøye', 'genser', 'lue', 'votter', 'vest', 'sekk'];
const adjectives = [
  'varm',
  'vanntett',
  'lett',
  'slitesterk',
  'myk',
  'pustende',
  'rask',
  'klassisk',
];

/**
 * Synthetic articles shaped like the seeded catalogue (Norwegian compound names, a few
 * sentences of description, 1-3 colours, stock in some shops), for measurements when the
 * seed generator is not at hand.
 */
export function syntheticArticles(count: number, seed: number): FixtureArticle[] {
  const prng = createPrng(seed);
  const random = () => prng.next();
  const pick = <T>(items: readonly T[]): T => prng.pick(items);
  return Array.from({ length: count }, (_, index) => {
    const prefix = pick(prefixes);
    const product = pick(products);
    const words = Array.from({ length: 24 }, () => pick(adjectives)).join(' ');
    const colors = [
      ...new Set(
        Array.from({ length: 1 + Math.floor(random() * 3) }, () => 1 + Math.floor(random() * 5)),
      ),
    ];
    const stock: Record<number, number> = {};
    for (const shop of fixtureShops) if (random() < 0.6) stock[shop] = Math.floor(random() * 4);
    return {
      id: index + 1,
      name: `${prefix}${product} ${pick(fixtureBrands)} ${index}`,
      description: `${prefix}${product} som er ${words}. Laget for norsk vær.`,
      brandId: 1 + Math.floor(random() * fixtureBrands.length),
      genderId: pick(fixtureGenders),
      mainGroupId: 1 + Math.floor(random() * fixtureMainGroups.length),
      productLineId: random() < 0.5 ? pick(fixtureProductLines) : null,
      price: 9_900 + Math.floor(random() * 400) * 1_000,
      featured: random() < 0.1,
      onlyCC: random() < 0.05,
      visible: random() < 0.95,
      dateCreated: new Date(Date.UTC(2023, 0, 1) + index * 3_600_000).toISOString(),
      ...(random() < 0.3 ? { bestsellerRank: index + 1 } : {}),
      colors,
      stock,
    };
  });
}
