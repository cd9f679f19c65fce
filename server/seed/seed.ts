/**
 * Deterministic generator of the reference backend's catalogue and content. The same seed,
 * article count and `now` always give byte-identical rows, so tests can rely on them and a
 * bug report can name the seed that shows it.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { ApiHomeSlot, ApiSettings, ApiTenant } from '../../contract/index.ts';
import { slugify } from '../../contract/text.ts';
import { transaction } from '../db/database.ts';
import { toEan13, orgNoCheckDigit } from './check-digits.ts';
import {
  GENDER,
  brands,
  colorGroups,
  genders,
  mainGroups,
  modelNames,
  multiColourHex,
  productLines,
  sizes,
  type ColorGroupData,
  type Group3Recipe,
} from './data/catalogue.ts';
import {
  blogCategories,
  blogPosts,
  campaigns,
  earlierCampaigns,
  polls,
  promoCodes,
  shippingMethods,
  socialCaptions,
  tenants,
  type TenantData,
} from './data/content.ts';
import { postalCodes } from './data/postal-codes.ts';
import { bannerPath } from './picture-paths.ts';
import { shops } from './data/shops.ts';
import {
  closings,
  firstNames,
  nutrients,
  profileText,
  reviewReplies,
  reviewTexts,
} from './data/text.ts';
import { seedOrders } from './orders.ts';
import { createPrng, type Prng } from './prng.ts';

/** Options of `seedDatabase`. */
export interface SeedOptions {
  /** Number of articles, 1..50 000. */
  articles: number;
  /** PRNG seed; default 1. */
  seed?: number;
  /** The clock every date is relative to; default `defaultSeedNow`. */
  now?: Date;
  /**
   * Whether to write the sample orders and their deliveries (`server/seed/orders.ts`);
   * default false, so that tests start with none.
   */
  orders?: boolean;
}

/** What `seedDatabase` wrote. */
export interface SeedSummary {
  seed: number;
  /** Rows written per table. */
  counts: Record<string, number>;
  elapsedMs: number;
}

/** Fixed default clock, so that seeding without `now` is reproducible. */
export const defaultSeedNow = new Date('2026-11-01T12:00:00Z');

/** Largest article count the seed accepts. */
export const maxSeedArticles = 50_000;

/** Id of the web / click-and-collect shop. */
export const webShopId = 55;

// Children first: with foreign keys on, a parent row can only go once its children are gone.
// Reservations and orders point at variants and shops that a reseed replaces, so they go too.
// The derived search tables are emptied (not filled): the indexer rebuilds them afterwards.
const wipeOrder = [
  'poll_answers',
  'poll_options',
  'poll_questions',
  'polls',
  'blog_post_articles',
  'blog_post_categories',
  'blog_posts',
  'blog_categories',
  'idempotency_keys',
  'withdrawal_lines',
  'withdrawals',
  'withdrawal_tokens',
  'shipment_lines',
  'shipments',
  'payment_returns',
  'order_lines',
  'orders',
  'reservation_lines',
  'reservations',
  'article_color_groups',
  'article_shops',
  'stock',
  'article_prices',
  'campaign_items',
  'campaigns',
  'reviews',
  'bestsellers',
  'variants',
  'articles',
  'social_posts',
  'tenants',
  'promo_codes',
  'shipping_methods',
  'postal_codes',
  'shops',
  'sizes',
  'colors',
  'color_groups',
  'groups3',
  'groups2',
  'main_groups',
  'product_lines',
  'brands',
  'genders',
];

const DAY = 86_400_000;
const childGenders: ReadonlySet<number> = new Set([GENDER.barn, GENDER.junior]);
const genderSuffix: Record<number, string> = {
  1: 'Herre',
  2: 'Dame',
  4: 'Barn',
  10: '',
  11: 'Junior',
};
const flavours = ['Sitrus', 'Bær', 'Tropisk', 'Eple', 'Sjokolade', 'Peanøtt', 'Kokos', 'Bringebær'];
const customLabels: ReadonlyArray<readonly [string, number]> = [
  ['Nyhet', 5],
  ['Eksklusivt på nett', 2],
  ['Bærekraftig valg', 2],
  ['Kun få igjen', 1],
];
const discountFactors: ReadonlyArray<readonly [number, number]> = [
  [0.8, 4],
  [0.7, 3],
  [0.75, 2],
  [2 / 3, 2],
  [0.6, 1],
];

const iso = (ms: number): string => new Date(ms).toISOString();

/** A price in whole kroner that ends the way shops price: 1499, 249, 39. */
const nicePrice = (rng: Prng, [min, max]: readonly [number, number]): number => {
  const step = max < 200 ? 10 : 50;
  const low = Math.ceil((min + 1) / step);
  const high = Math.max(low, Math.floor((max + 1) / step));
  return rng.int(low, high) * step - 1;
};

interface Recipe extends Group3Recipe {
  mainGroupId: number;
  group2Id: number;
}

const recipes: readonly Recipe[] = mainGroups.flatMap((main) =>
  main.groups2.flatMap((g2) =>
    g2.groups.map((g3) => ({ ...g3, mainGroupId: main.id, group2Id: g2.id })),
  ),
);
const recipeWeights = recipes.map((r) => [r, r.weight] as const);

const sizeIdsByKind = (kind: string): number[] =>
  sizes.filter((s) => s.kind === kind).map((s) => s.id);
const adultSizeIds = sizeIdsByKind('adult');
const childSizeIds = sizeIdsByKind('child');
const shoeSizeIds = sizeIdsByKind('shoe');
const poleSizeIds = sizeIdsByKind('length');
const oneSizeId = sizeIdsByKind('one')[0] as number;
const sizeName = new Map(sizes.map((s) => [s.id, s.name]));

type Colour = ColorGroupData['colors'][number];
// Dark and neutral colours dominate outdoor ranges; children's ranges are brighter.
// Weights by colour group id 1..13 (Svart, Hvit, Grå, Blå ... Flerfarget).
const adultGroupWeights = [8, 2, 5, 6, 3, 4, 1, 1, 1, 1, 2, 3, 1];
const childGroupWeights = [2, 1, 1, 5, 4, 4, 4, 3, 5, 3, 1, 1, 3];
const colourWeights = (weights: readonly number[]): ReadonlyArray<readonly [Colour, number]> =>
  colorGroups.flatMap((g) => g.colors.map((c) => [c, weights[g.id - 1] ?? 1] as const));
const adultColourWeights = colourWeights(adultGroupWeights);
const childColourWeights = colourWeights(childGroupWeights);

const physicalShopIds = shops.filter((s) => !s.isWebShop).map((s) => s.id);

/** A contiguous run of `min`..`max` ids out of `ids`. */
const sizeRun = (rng: Prng, ids: readonly number[], min: number, max: number): number[] => {
  const length = Math.min(ids.length, rng.int(min, max));
  const start = rng.int(0, ids.length - length);
  return ids.slice(start, start + length);
};

/** The sizes an article of this recipe and gender is sold in. */
const sizesFor = (rng: Prng, recipe: Recipe, genderId: number): number[] => {
  switch (recipe.sizing) {
    case 'one':
      return [oneSizeId];
    case 'length':
      return genderId === GENDER.junior
        ? sizeRun(rng, poleSizeIds.slice(0, 6), 4, 6)
        : sizeRun(rng, poleSizeIds.slice(4), 5, 7);
    case 'shoe': {
      const from = { 4: 28, 11: 32, 1: 40, 2: 36, 10: 36 }[genderId] ?? 36;
      const to = { 4: 35, 11: 40, 1: 46, 2: 42, 10: 46 }[genderId] ?? 46;
      return sizeRun(
        rng,
        shoeSizeIds.filter((id) => id >= from && id <= to),
        5,
        7,
      );
    }
    case 'apparel':
      if (genderId === GENDER.barn) return sizeRun(rng, childSizeIds.slice(0, 9), 5, 7);
      if (genderId === GENDER.junior) return sizeRun(rng, childSizeIds.slice(6), 5, 7);
      return sizeRun(rng, adultSizeIds, 4, 6);
  }
};

/** Summary of a generated article that later steps (campaigns, blog, tenants) choose from. */
interface ArticleInfo {
  id: number;
  price: number;
  genderId: number;
  mainGroupId: number;
  group3Id: number;
  outerwear: boolean;
  featured: boolean;
  purchasable: boolean;
}

/**
 * Wipes the catalogue and content tables and fills them in one transaction. Run the search
 * indexer afterwards: this function leaves the FTS index and the derived tables empty.
 */
export function seedDatabase(db: DatabaseSync, options: SeedOptions): SeedSummary {
  const started = performance.now();
  const { articles } = options;
  if (!Number.isInteger(articles) || articles < 1 || articles > maxSeedArticles) {
    throw new RangeError(`articles must be an integer in 1..${maxSeedArticles}, got ${articles}`);
  }
  const seed = options.seed ?? 1;
  const nowMs = (options.now ?? defaultSeedNow).getTime();
  const counts: Record<string, number> = {};
  const inserter = (
    table: string,
    columns: readonly string[],
  ): ((...values: SqlValue[]) => void) => {
    const statement: StatementSync = db.prepare(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    );
    counts[table] = 0;
    return (...values) => {
      statement.run(...values);
      counts[table] = (counts[table] ?? 0) + 1;
    };
  };

  // Row-by-row foreign-key checks make wiping a large catalogue take longer than filling it;
  // with them off SQLite truncates each table at once. The pragma only works outside a
  // transaction, and the rows written below are consistent by construction (see the tests).
  const foreignKeys = (db.prepare('PRAGMA foreign_keys').get() as { foreign_keys: number })
    .foreign_keys;
  db.exec('PRAGMA foreign_keys = OFF');
  try {
    transaction(db, () => {
      for (const table of wipeOrder) db.exec(`DELETE FROM ${table}`);
      seedReferenceData(inserter);
      const rng = createPrng(seed);
      // Price histories draw from a stream of their own, so every other row stays as it was
      // before they were added.
      const history = createPrng((seed ^ 0x5eedf00d) >>> 0);
      const infos = seedArticles(inserter, rng, articles, nowMs, history);
      seedContent(inserter, rng, infos, nowMs, history);
      if (options.orders === true) seedOrders(db, nowMs, webShopId, counts);
    });
  } finally {
    db.exec(`PRAGMA foreign_keys = ${foreignKeys ? 'ON' : 'OFF'}`);
  }
  return { seed, counts, elapsedMs: Math.round(performance.now() - started) };
}

type SqlValue = string | number | null;
type Inserter = (table: string, columns: readonly string[]) => (...values: SqlValue[]) => void;

/** Genders, groups, brands, colours, sizes, shops and postal codes: the same for every seed. */
function seedReferenceData(inserter: Inserter): void {
  const gender = inserter('genders', ['id', 'name']);
  for (const g of genders) gender(g.id, g.name);

  const brand = inserter('brands', ['id', 'name']);
  brands.forEach((name, i) => brand(i + 1, name));
  const line = inserter('product_lines', ['id', 'name']);
  productLines.forEach((name, i) => line(i + 1, name));

  const main = inserter('main_groups', ['id', 'name', 'banner', 'banner_link', 'sort']);
  const group2 = inserter('groups2', ['id', 'main_group_id', 'name', 'custom']);
  const group3 = inserter('groups3', ['id', 'group2_id', 'name']);
  for (const m of mainGroups) {
    main(m.id, m.name, bannerPath('categories', m.id), null, m.sort);
    for (const g2 of m.groups2) {
      group2(g2.id, m.id, g2.name, g2.custom ? 1 : 0);
      for (const g3 of g2.groups) group3(g3.id, g2.id, g3.name);
    }
  }

  const colourGroup = inserter('color_groups', ['id', 'label', 'name', 'hex', 'color_id']);
  const colour = inserter('colors', ['id', 'name', 'hex', 'color_code', 'color_group_id']);
  for (const g of colorGroups) {
    colourGroup(g.id, g.label, g.name, g.hex, g.colors[0]?.id ?? 0);
    for (const c of g.colors) colour(c.id, c.name, c.hex, c.code, g.id);
  }

  const size = inserter('sizes', ['id', 'name', 'kind', 'sort']);
  for (const s of sizes) size(s.id, s.name, s.kind, s.sort);

  // Shop details come from their own fixed generator: they must not change with the seed.
  const shopRng = createPrng(55);
  const shop = inserter('shops', [
    'id',
    'no',
    'name',
    'full_name',
    'org_no',
    'description',
    'opening_hours',
    'map_link',
    'post_no',
    'post_place',
    'address',
    'email',
    'phone',
    'messenger_id',
    'chain',
    'latitude',
    'longitude',
    'is_web_shop',
  ]);
  for (const s of shops) {
    const key = slugify(s.name);
    const phone = s.phonePrefix
      ? `${s.phonePrefix}${shopRng.int(100000, 999999)}`
      : `${shopRng.pick(['4', '9'])}${shopRng.int(1000000, 9999999)}`;
    const { lat, lon } = { lat: s.latitude.toFixed(5), lon: s.longitude.toFixed(5) };
    shop(
      s.id,
      String(s.id).padStart(3, '0'),
      s.name,
      `Toppfart ${s.name}`,
      makeOrgNo(shopRng),
      s.description,
      s.openingHours,
      `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`,
      s.postNo,
      s.postPlace,
      s.address,
      `${key}@toppfart.no`,
      phone,
      s.messenger ? `toppfart.${key}` : null,
      1,
      s.latitude,
      s.longitude,
      s.isWebShop ? 1 : 0,
    );
  }

  const postal = inserter('postal_codes', ['code', 'place', 'lat', 'lon']);
  for (const p of postalCodes) postal(p.code, p.place, p.lat, p.lon);

  const shipping = inserter('shipping_methods', [
    'id',
    'name',
    'description',
    'price',
    'is_default',
    'requires_shop',
    'delivery_days_min',
    'delivery_days_max',
    'sort',
  ]);
  shippingMethods.forEach((m, i) =>
    shipping(
      m.id,
      m.name,
      m.description,
      m.price,
      m.isDefault ? 1 : 0,
      m.requiresShop ? 1 : 0,
      m.deliveryDays.min,
      m.deliveryDays.max,
      i + 1,
    ),
  );
}

/** A 9-digit organisation number starting with 9 that passes MOD11. */
function makeOrgNo(rng: Prng): string {
  for (;;) {
    const body = String(rng.int(91000000, 99999999));
    const check = orgNoCheckDigit(body);
    if (check !== null) return `${body}${check}`;
  }
}

/** Articles with their variants, stock rows, reviews and list-price histories. */
function seedArticles(
  inserter: Inserter,
  rng: Prng,
  total: number,
  nowMs: number,
  history: Prng,
): ArticleInfo[] {
  const article = inserter('articles', [
    'id',
    'article_no',
    'name',
    'description',
    'tech_description',
    'nutrient_content',
    'wash_label',
    'care_label',
    'price',
    'original_price',
    'pant',
    'brand_id',
    'gender_id',
    'main_group_id',
    'group2_id',
    'group3_id',
    'product_line_id',
    'purchasable_on_web',
    'custom_label',
    'featured',
    'web_purchase_limit',
    'only_cc',
    'season',
    'fright_price',
    'visible',
    'date_created',
    'image_kind',
    'image_color',
    'average_rating',
  ]);
  const listPrice = inserter('article_prices', ['article_id', 'valid_from', 'price']);
  const variant = inserter('variants', ['id', 'article_id', 'ean', 'size_id', 'color_id']);
  const stock = inserter('stock', ['variant_id', 'shop_id', 'qty']);
  const review = inserter('reviews', [
    'id',
    'article_id',
    'customer_id',
    'customer_name',
    'content',
    'reply',
    'rating',
    'approved',
    'created_at',
    'true_to_size',
    'size_color',
    'anonymous',
  ]);

  const names = new Set<string>();
  const eanCounters = new Map<number, number>();
  const adultBrandIds = brands.map((_, i) => i + 1).filter((id) => id !== 26 && id !== 27);
  const infos: ArticleInfo[] = [];
  let variantId = 0;
  let reviewId = 0;

  for (let id = 1; id <= total; id++) {
    const recipe = rng.weighted(recipeWeights);
    const genderId = rng.weighted(recipe.genders);
    const child = childGenders.has(genderId);
    const brandId = child && rng.chance(0.5) ? rng.pick([26, 27]) : rng.pick(adultBrandIds);
    const brandName = brands[brandId - 1] as string;
    const food = recipe.profile === 'drink' || recipe.profile === 'bar';
    const productLineId = food
      ? null
      : child && rng.chance(0.6)
        ? 4
        : rng.chance(0.75)
          ? rng.pick([1, 2, 3, 5, 6, 7, 8, 9, 10])
          : null;

    const model = food ? rng.pick(flavours) : rng.pick(modelNames);
    const suffix = genderSuffix[genderId] ?? '';
    let name = [brandName, model, recipe.noun, suffix].filter(Boolean).join(' ');
    // A second model with the same name gets a generation number, as brands do.
    for (let n = 2; names.has(name); n++) {
      name = [brandName, `${model} ${n}`, recipe.noun, suffix].filter(Boolean).join(' ');
    }
    names.add(name);

    const text = profileText[recipe.profile];
    const noun = recipe.noun.toLowerCase();
    const description = [
      rng.pick(text.intro).replace('{noun}', noun),
      ...rng.sample(text.features, 2),
      rng.pick(closings),
    ].join(' ');
    const techDescription = text.tech(child, rng.pick);

    const originalPrice = nicePrice(rng, recipe.price) * 100;
    const price = rng.chance(0.12) ? originalPrice * rng.weighted(discountFactors) : originalPrice;
    const visible = rng.chance(0.02) ? 0 : 1;
    const purchasable = rng.chance(0.03) ? 0 : 1;
    const onlyCc = rng.chance(0.03) ? 1 : 0;
    const customLabel = rng.chance(0.1) ? rng.weighted(customLabels) : null;
    const featured = rng.chance(0.05) ? 1 : 0;
    const limit = rng.weighted([
      [5, 5],
      [10, 3],
      [rng.int(1, 4), 2],
    ]);
    const frightPrice =
      recipe.frightPrice !== undefined && rng.chance(0.85) ? recipe.frightPrice : null;
    const createdMs = nowMs - rng.int(1, 720) * DAY - rng.int(0, 86_399) * 1000;

    const sizeIds = sizesFor(rng, recipe, genderId);
    const colourCount = rng.weighted([
      [1, 45],
      [2, 40],
      [3, 15],
    ] as const);
    const colours: Array<Colour> = [];
    const pool = child ? childColourWeights : adultColourWeights;
    while (colours.length < colourCount) {
      const c = rng.weighted(pool);
      if (!colours.includes(c)) colours.push(c);
    }
    const mainColour = colours[0] as Colour;

    // Reviews are drawn first: the article row carries their average.
    const reviews: SqlValue[][] = [];
    if (visible && rng.chance(0.35)) {
      const n = rng.int(1, 5);
      for (let r = 0; r < n; r++) {
        const rating = rng.weighted([
          [1, 5],
          [2, 7],
          [3, 15],
          [4, 35],
          [5, 38],
        ] as const);
        const anonymous = rng.chance(0.15) ? 1 : 0;
        const sized = recipe.sizing === 'apparel' || recipe.sizing === 'shoe';
        const trueToSize = sized
          ? rng.weighted<number | null>([
              [-1, 1],
              [0, 6],
              [1, 1],
              [null, 3],
            ])
          : null;
        const reviewedSize = sizeName.get(rng.pick(sizeIds)) ?? '';
        const reviewedColour = rng.pick(colours).name;
        reviews.push([
          ++reviewId,
          id,
          null,
          anonymous ? null : `${rng.pick(firstNames)} ${String.fromCharCode(65 + rng.int(0, 25))}.`,
          rng.pick(reviewTexts[rating - 1] ?? []),
          rng.chance(0.15) ? rng.pick(reviewReplies) : null,
          rating,
          rng.chance(0.95) ? 1 : 0,
          iso(rng.int(createdMs, nowMs - DAY)),
          trueToSize,
          `${reviewedSize} / ${reviewedColour}`,
          anonymous,
        ]);
      }
    }
    const approved = reviews.filter((r) => r[7] === 1).map((r) => r[6] as number);
    const averageRating = approved.length
      ? Math.round((approved.reduce((a, b) => a + b, 0) / approved.length) * 10) / 10
      : null;

    article(
      id,
      `${recipe.id}${String(id).padStart(6, '0')}`,
      name,
      description,
      techDescription,
      recipe.profile === 'drink' || recipe.profile === 'bar' ? nutrients[recipe.profile] : null,
      JSON.stringify(text.wash),
      JSON.stringify(text.care),
      price,
      originalPrice,
      recipe.pant ?? null,
      brandId,
      genderId,
      recipe.mainGroupId,
      recipe.group2Id,
      recipe.id,
      productLineId,
      purchasable,
      customLabel,
      featured,
      limit,
      onlyCc,
      rng.pick(recipe.seasons),
      frightPrice,
      visible,
      iso(createdMs),
      recipe.kind,
      mainColour.hex ?? multiColourHex,
      averageRating,
    );
    // Sold at the original price since it was created; a reduced one was cut on a day since.
    listPrice(id, iso(createdMs), originalPrice);
    if (price < originalPrice) {
      const days = history.int(1, Math.floor((nowMs - createdMs) / DAY));
      listPrice(id, iso(createdMs + days * DAY), price);
    }

    // Most articles are in the web shop; every variant is stocked (possibly 0) in at least
    // one of the article's shops, so a visible article always answers availability.
    const carriers = rng.sample(physicalShopIds, rng.int(3, 8));
    if (rng.chance(0.92)) carriers.unshift(webShopId);
    const company = 1000 + brandId * 7;
    for (const colour of colours) {
      for (const sizeId of sizeIds) {
        variantId++;
        const counter = (eanCounters.get(brandId) ?? 0) + 1;
        eanCounters.set(brandId, counter);
        variant(
          variantId,
          id,
          toEan13(`70${company}${String(counter).padStart(6, '0')}`),
          sizeId,
          colour.id,
        );
        let stocked = 0;
        for (const shopId of carriers) {
          if (stocked > 0 && shopId !== webShopId && rng.chance(0.25)) continue;
          const qty = rng.chance(0.18) ? 0 : Math.min(15, 1 + Math.floor(rng.next() ** 2 * 15));
          stock(variantId, shopId, qty);
          stocked++;
        }
      }
    }
    for (const r of reviews) review(...r);

    infos.push({
      id,
      price,
      genderId,
      mainGroupId: recipe.mainGroupId,
      group3Id: recipe.id,
      outerwear: recipe.outerwear === true,
      featured: featured === 1,
      purchasable: visible === 1 && purchasable === 1,
    });
    if (!visible) infos.pop();
  }
  return infos;
}

/**
 * The ended campaigns of `earlierCampaigns` (data/content.ts), which give the price history
 * its cases of § 9a: articles of a running campaign that were cheaper in an earlier one
 * within 30 days (so today's campaign price is no reduction), and articles whose price came
 * down in steps. Each takes every fourth article of the running campaign it leads into, so
 * any catalogue has some; item ids follow `lastItemId`.
 */
function seedEarlierCampaigns(
  campaign: (...values: SqlValue[]) => void,
  item: (...values: SqlValue[]) => void,
  history: Prng,
  visible: readonly ArticleInfo[],
  itemPrices: ReadonlyMap<number, ReadonlyMap<number, number>>,
  nowMs: number,
  lastItemId: number,
): void {
  const listPrices = new Map(visible.map((a) => [a.id, a.price]));
  const taken = new Set<number>();
  let itemId = lastItemId;
  for (const c of earlierCampaigns) {
    const running = [...(itemPrices.get(c.before) ?? new Map<number, number>())]
      .filter(([id]) => !taken.has(id))
      .sort(([a], [b]) => a - b)
      .filter((_, i) => i % 4 === 0);
    campaign(
      c.id,
      c.name,
      c.shortDescription,
      c.description,
      iso(nowMs + c.startDays * DAY),
      iso(nowMs + c.endDays * DAY),
      null,
      null,
      1,
      0,
      c.labelText,
      null,
    );
    for (const [articleId, runningPrice] of running) {
      taken.add(articleId);
      const discount = history.pick(c.discounts);
      const base = c.cheaper ? runningPrice : (listPrices.get(articleId) ?? runningPrice);
      const price = base * (1 - discount);
      const text = `-${Math.round((1 - price / (listPrices.get(articleId) ?? base)) * 100)}%`;
      item(++itemId, c.id, articleId, price, 'percent', JSON.stringify({ text, color: c.color }));
    }
  }
}

/** Campaigns, bestsellers, promo codes, blog, polls, tenants and social posts. */
function seedContent(
  inserter: Inserter,
  rng: Prng,
  visible: readonly ArticleInfo[],
  nowMs: number,
  history: Prng,
): void {
  const campaign = inserter('campaigns', [
    'id',
    'name',
    'short_description',
    'description',
    'start',
    'end',
    'image',
    'image_mobile',
    'show_label',
    'show_image',
    'label_text',
    'url',
  ]);
  const item = inserter('campaign_items', [
    'id',
    'campaign_id',
    'article_id',
    'price',
    'label_type',
    'label_data',
  ]);
  const winterGroups = new Set([101, 103, 114, 121, 131, 132, 133, 142, 221, 241, 301, 311, 343]);
  const summerGroups = new Set([105, 112, 113, 122, 151, 201, 202, 211, 242]);
  const candidates: Record<number, (a: ArticleInfo) => boolean> = {
    1: (a) => winterGroups.has(a.group3Id),
    2: () => true,
    3: (a) => a.purchasable,
    4: (a) => childGenders.has(a.genderId) && a.mainGroupId <= 2,
    5: (a) => summerGroups.has(a.group3Id),
  };
  const campaignArticles = new Map<number, number[]>();
  const itemPrices = new Map<number, Map<number, number>>();
  let itemId = 0;
  for (const c of campaigns) {
    const pool = visible.filter(candidates[c.id] ?? (() => true));
    const count = Math.min(c.maxItems, Math.max(3, Math.round(visible.length * c.share)));
    const chosen = rng.sample(pool, count).sort((a, b) => a.id - b.id);
    campaignArticles.set(
      c.id,
      chosen.map((a) => a.id),
    );
    const url =
      c.url === 'selection'
        ? `/utvalg/${chosen
            .slice(0, 20)
            .map((a) => a.id)
            .join('+')}`
        : c.url;
    campaign(
      c.id,
      c.name,
      c.shortDescription,
      c.description,
      iso(nowMs + c.startDays * DAY),
      iso(nowMs + c.endDays * DAY),
      bannerPath('campaigns', c.id),
      bannerPath('campaigns', c.id, true),
      c.showLabel ? 1 : 0,
      1,
      c.labelText,
      url,
    );
    for (const a of chosen) {
      const discount = rng.pick(c.discounts);
      const price = a.price * (1 - discount);
      const text =
        c.labelType === 'percent'
          ? `-${Math.round(discount * 100)}%`
          : c.labelType === 'price'
            ? `${Math.round(price / 100)},-`
            : c.labelText;
      item(++itemId, c.id, a.id, price, c.labelType, JSON.stringify({ text, color: c.color }));
      const prices = itemPrices.get(c.id) ?? new Map<number, number>();
      itemPrices.set(c.id, prices.set(a.id, price));
    }
  }
  seedEarlierCampaigns(campaign, item, history, visible, itemPrices, nowMs, itemId);

  const bestseller = inserter('bestsellers', ['article_id', 'qty_rank', 'turnover_rank']);
  const top = rng.sample(visible, Math.min(400, Math.max(10, Math.round(visible.length * 0.08))));
  // Turnover follows quantity loosely: expensive articles climb, cheap ones drop.
  const byTurnover = top
    .map((a, i) => ({
      a,
      key: i - Math.log(a.price / 10000) * top.length * 0.05 + rng.next() * top.length * 0.2,
    }))
    .sort((x, y) => x.key - y.key || x.a.id - y.a.id);
  const turnoverRank = new Map(byTurnover.map((x, i) => [x.a.id, i + 1]));
  top.forEach((a, i) => bestseller(a.id, i + 1, turnoverRank.get(a.id) ?? i + 1));

  const promo = inserter('promo_codes', [
    'id',
    'name',
    'valid_from',
    'valid_to',
    'fixed',
    'amount',
    'type',
  ]);
  promoCodes.forEach((p, i) =>
    promo(
      i + 1,
      p.name,
      iso(nowMs + p.fromDays * DAY),
      iso(nowMs + p.toDays * DAY),
      p.fixed ? 1 : 0,
      p.amount,
      p.type,
    ),
  );

  const category = inserter('blog_categories', ['id', 'slug', 'name']);
  for (const c of blogCategories) category(c.id, c.slug, c.name);
  const post = inserter('blog_posts', [
    'id',
    'title',
    'slug',
    'excerpt',
    'body',
    'featured_image',
    'main_article_id',
    'published_at',
  ]);
  const postCategory = inserter('blog_post_categories', ['post_id', 'category_id']);
  const postArticle = inserter('blog_post_articles', ['post_id', 'article_id', 'sort']);
  blogPosts.forEach((p, i) => {
    const id = i + 1;
    const pool = visible.filter((a) => p.groups3.includes(a.group3Id));
    const picked = rng.sample(pool.length ? pool : visible, 4);
    post(
      id,
      p.title,
      p.slug,
      p.excerpt,
      p.body,
      bannerPath('blog', id),
      picked[0]?.id ?? null,
      iso(nowMs - p.daysAgo * DAY),
    );
    for (const c of p.categories) postCategory(id, c);
    picked.slice(1).forEach((a, sort) => postArticle(id, a.id, sort + 1));
  });

  const poll = inserter('polls', [
    'id',
    'name',
    'description',
    'banner_desktop',
    'banner_mobile',
    'active',
  ]);
  const question = inserter('poll_questions', ['id', 'poll_id', 'question', 'sort']);
  const option = inserter('poll_options', ['id', 'question_id', 'text', 'correct', 'sort']);
  let questionId = 0;
  let optionId = 0;
  for (const p of polls) {
    poll(
      p.id,
      p.name,
      p.description,
      bannerPath('polls', p.id),
      bannerPath('polls', p.id, true),
      p.active ? 1 : 0,
    );
    p.questions.forEach((q, qi) => {
      question(++questionId, p.id, q.question, qi + 1);
      q.options.forEach((text, oi) =>
        option(++optionId, questionId, text, oi === q.correct ? 1 : 0, oi + 1),
      );
    });
  }

  const tenant = inserter('tenants', ['id', 'tenant', 'settings']);
  for (const t of tenants) {
    const { tenant: wire, settings } = buildTenant(t, rng, visible, campaignArticles);
    tenant(t.id, JSON.stringify(wire), JSON.stringify(settings));
  }

  const social = inserter('social_posts', ['id', 'image', 'caption', 'permalink', 'timestamp']);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  socialCaptions.forEach((caption, i) => {
    const n = i + 1;
    const code = Array.from({ length: 11 }, () => alphabet[rng.int(0, alphabet.length - 1)]).join(
      '',
    );
    social(
      String(17_900_000_000_000_000 + n * 7919),
      bannerPath('social', n),
      caption,
      `https://www.instagram.com/p/${code}/`,
      iso(nowMs - Math.round(i * 2.5 * DAY) - rng.int(3600, 40_000) * 1000),
    );
  });
}

/** The tenant document and its home layout, with article ids from this seed. */
function buildTenant(
  t: TenantData,
  rng: Prng,
  visible: readonly ArticleInfo[],
  campaignArticles: ReadonlyMap<number, number[]>,
): { tenant: ApiTenant; settings: ApiSettings } {
  const assortment = t.assortment;
  const inRange = visible.filter(
    (a) =>
      a.purchasable &&
      (!assortment ||
        (assortment.genderIds.includes(a.genderId) &&
          assortment.mainGroupIds.includes(a.mainGroupId))) &&
      t.menuCategories.includes(a.mainGroupId),
  );
  const ids = (count: number, pool: readonly ArticleInfo[] = inRange): number[] =>
    rng.sample(pool, count).map((a) => a.id);
  const featured = inRange.filter((a) => a.featured);
  const campaignId = { toppfart: 1, villmark: 2, smatroll: 4 }[t.id] ?? 1;
  const popular =
    {
      toppfart: [10, 11, 20, 40, 32, 13],
      villmark: [10, 11, 21, 32, 13, 34],
      smatroll: [10, 11, 12, 13],
    }[t.id] ?? [];
  const slot = (
    type: ApiHomeSlot['type'],
    title: string,
    slotIds: number[],
    link: string | null = null,
    image: string | null = null,
  ): ApiHomeSlot => ({
    type,
    title,
    ids: slotIds,
    link,
    image,
  });
  // The campaign slot is the page's carousel, first so that its first slide is the largest
  // image in view; it names the brand's own campaign, then the chain-wide one, then the summer
  // sale, which has ended and is not shown.
  const carousel = { toppfart: [1, 2, 5], villmark: [2, 1, 5], smatroll: [4, 1, 5] }[t.id] ?? [
    campaignId,
  ];
  const home: ApiHomeSlot[] = [
    slot('campaign', t.titles.campaign, carousel, null, bannerPath('campaigns', campaignId)),
    slot('generalPromo', t.titles.generalPromo, [], '/om-oss'),
    slot('newspaper', t.titles.newspaper, [3], null, bannerPath('campaigns', 3)),
    slot('productPromo', t.titles.productPromo, ids(8, featured.length >= 8 ? featured : inRange)),
    slot('storeSearch', t.titles.storeSearch, []),
    slot('popularCategories', t.titles.popularCategories, popular),
    slot('grid', t.titles.grid, ids(9)),
  ];
  const christmas = inRange.filter((a) => a.price <= 100_000);
  const jul: ApiHomeSlot[] = [
    slot('generalPromo', 'God jul fra oss!', [], '/kundeservice'),
    slot('productPromo', 'Julegaver under 1000 kr', ids(8, christmas.length ? christmas : inRange)),
    slot('campaign', t.titles.campaign, [campaignId], null, bannerPath('campaigns', campaignId)),
    slot('grid', 'Julegavetips', ids(9, christmas.length ? christmas : inRange)),
  ];
  const sale: ApiHomeSlot[] = [
    slot('campaign', 'Black Week', [2], null, bannerPath('campaigns', 2)),
    slot('grid', 'Ukens kupp', (campaignArticles.get(2) ?? []).slice(0, 9)),
  ];
  return {
    tenant: {
      id: t.id,
      chainId: 1,
      name: t.name,
      domain: t.domain,
      supportEmail: `kundeservice@${t.domain}`,
      company: t.company,
      orgNo: t.orgNo,
      companyAddress: { ...t.companyAddress },
      menuCategories: [...t.menuCategories],
      menuGenders: [...t.menuGenders],
      flags: { ...t.flags },
      assortment: assortment
        ? { genderIds: [...assortment.genderIds], mainGroupIds: [...assortment.mainGroupIds] }
        : null,
    },
    settings: {
      tenant: t.id,
      home,
      previews: { jul, ...(t.id === 'smatroll' ? {} : { salg: sale }) },
    },
  };
}
