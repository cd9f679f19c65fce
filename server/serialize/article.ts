import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { cachedStatement } from '../db/statement-cache.ts';
import { articlePicturePath, articlePictures } from '../seed/picture-paths.ts';
import { type CampaignItemRow, finalPriceSql, toApiCampaignItem } from './campaign.ts';
import { toApiFlag } from './flag.ts';
import { priorPrice } from '../../contract/prior-price.ts';
import type {
  ApiArticle,
  ApiArticleDetail,
  ApiAvailability,
  ApiColor,
  ApiColorGroup,
  ApiPricePeriod,
  ApiReview,
  ApiSize,
  ApiVariant,
} from '../../contract/index.ts';

/** Columns of an article row joined with the names of its brand, gender and groups. */
interface ArticleRow {
  id: number;
  article_no: string;
  name: string;
  description: string;
  tech_description: string;
  nutrient_content: string | null;
  wash_label: string;
  care_label: string;
  price: number;
  /** The article's own (list) price now, before campaigns. */
  own_price: number;
  original_price: number;
  pant: number | null;
  brand_id: number;
  brand_name: string;
  gender_id: number;
  gender_name: string;
  main_group_id: number;
  main_group_name: string;
  group2_id: number;
  group2_name: string;
  group3_id: number;
  group3_name: string;
  product_line_id: number | null;
  purchasable_on_web: number;
  custom_label: string | null;
  featured: number;
  web_purchase_limit: number;
  only_cc: number;
  season: string;
  fright_price: number | null;
  visible: number;
  date_created: string;
  average_rating: number | null;
  qty_rank: number | null;
  turnover_rank: number | null;
}

interface ColorRow {
  article_id: number;
  id: number;
  name: string;
  hex: string | null;
  color_code: string;
}

interface ColorGroupRow {
  article_id: number;
  id: number;
  label: string;
  name: string;
  hex: string | null;
  color_id: number;
}

interface ArticleShopRow {
  article_id: number;
  shop_id: number;
  in_stock: number;
}

interface VariantRow {
  id: number;
  ean: string;
  size_id: number;
  size_name: string;
  color_id: number;
  color_name: string;
  color_hex: string | null;
  color_code: string;
}

interface StockRow {
  variant_id: number;
  shop_id: number;
  qty: number;
}

interface ReviewRow {
  id: number;
  article_id: number;
  customer_name: string | null;
  content: string;
  reply: string | null;
  rating: number;
  approved: number;
  created_at: string;
  true_to_size: number | null;
  size_color: string | null;
  anonymous: number;
}

// Ids travel as one JSON array parameter: one statement whatever the page size, and no
// limit on bound variables.
const ID_SET = '(SELECT value FROM json_each(?))';

const ARTICLE_SQL = `
  SELECT a.id, a.article_no, a.name, a.description, a.tech_description, a.nutrient_content,
         a.wash_label, a.care_label, ${finalPriceSql('a')} AS price, a.price AS own_price,
         a.original_price, a.pant,
         a.brand_id, br.name AS brand_name, a.gender_id, g.name AS gender_name,
         a.main_group_id, mg.name AS main_group_name, a.group2_id, g2.name AS group2_name,
         a.group3_id, g3.name AS group3_name, a.product_line_id, a.purchasable_on_web,
         a.custom_label, a.featured, a.web_purchase_limit, a.only_cc, a.season, a.fright_price,
         a.visible, a.date_created, a.average_rating, b.qty_rank, b.turnover_rank
  FROM articles a
  JOIN brands br ON br.id = a.brand_id
  JOIN genders g ON g.id = a.gender_id
  JOIN main_groups mg ON mg.id = a.main_group_id
  JOIN groups2 g2 ON g2.id = a.group2_id
  JOIN groups3 g3 ON g3.id = a.group3_id
  LEFT JOIN bestsellers b ON b.article_id = a.id
  WHERE a.id IN ${ID_SET}`;

// Colours in the order their first variant was created (how the seed lists them).
const COLORS_SQL = `
  SELECT v.article_id, c.id, c.name, c.hex, c.color_code
  FROM variants v JOIN colors c ON c.id = v.color_id
  WHERE v.article_id IN ${ID_SET}
  GROUP BY v.article_id, c.id
  ORDER BY v.article_id, MIN(v.id)`;

const COLOR_GROUPS_SQL = `
  SELECT acg.article_id, cg.id, cg.label, cg.name, cg.hex, cg.color_id
  FROM article_color_groups acg JOIN color_groups cg ON cg.id = acg.color_group_id
  WHERE acg.article_id IN ${ID_SET}
  ORDER BY acg.article_id, cg.id`;

const SHOPS_SQL = `
  SELECT article_id, shop_id, in_stock FROM article_shops
  WHERE article_id IN ${ID_SET}
  ORDER BY article_id, shop_id`;

// Items of campaigns not yet ended: pending ones too, since the shop shows a pending
// Klikk & Hent campaign as 'Ukens annonse!'. Items taken out of their campaign are left out.
const CAMPAIGN_ITEMS_SQL = `
  SELECT ci.id, ci.campaign_id, ci.article_id, ci.price, ci.label_type, ci.label_data,
         c.label_text, c.start, c.end
  FROM campaign_items ci JOIN campaigns c ON c.id = ci.campaign_id
  WHERE ci.article_id IN ${ID_SET} AND ci.removed_at IS NULL AND c.end > ?
  ORDER BY ci.article_id, ci.price, ci.id`;

// The price history in one statement: list-price changes (`campaign_id` null, each until the
// next), and every campaign item begun by `now`, from its campaign's start until the campaign
// ended or the item was taken out of it.
const PRICE_HISTORY_SQL = `
  SELECT article_id, NULL AS campaign_id, price, valid_from AS start, NULL AS end
  FROM article_prices WHERE article_id IN ${ID_SET}
  UNION ALL
  SELECT ci.article_id, ci.campaign_id, ci.price, c.start,
         CASE WHEN ci.removed_at IS NOT NULL AND ci.removed_at < c.end THEN ci.removed_at
              ELSE c.end END
  FROM campaign_items ci JOIN campaigns c ON c.id = ci.campaign_id
  WHERE ci.article_id IN ${ID_SET} AND c.start <= ?
  ORDER BY 1, 4, 2`;

interface PriceHistoryRow {
  article_id: number;
  campaign_id: number | null;
  price: number;
  start: string;
  end: string | null;
}

/**
 * One article's price history, oldest first. An article without list-price rows (one
 * written before they were kept) counts as sold at its own price since it was created.
 */
function priceHistoryOf(row: ArticleRow, rows: readonly PriceHistoryRow[]): ApiPricePeriod[] {
  const listRows = rows.filter((r) => r.campaign_id === null);
  const list: ApiPricePeriod[] =
    listRows.length === 0
      ? [{ price: row.own_price, from: row.date_created, to: null, campaignId: null }]
      : listRows.map((p, i) => ({
          price: p.price,
          from: p.start,
          to: listRows[i + 1]?.start ?? null,
          campaignId: null,
        }));
  const offers = rows
    .filter((r) => r.campaign_id !== null && r.end !== null && r.start < r.end)
    .map((r) => ({ price: r.price, from: r.start, to: r.end, campaignId: r.campaign_id }));
  return [...list, ...offers].sort((a, b) => a.from.localeCompare(b.from));
}

function groupBy<T extends { article_id: number }>(rows: T[]): Map<number, T[]> {
  return Map.groupBy(rows, (row) => row.article_id);
}

// Preparing these joins costs several times what running them does, and a build asks for
// thousands of articles, so statements are prepared once per connection.
function all<T>(db: DatabaseSync, sql: string, ...params: SQLInputValue[]): T[] {
  return cachedStatement(db, sql).all(...params) as T[];
}

function toColor(row: {
  id: number;
  name: string;
  hex: string | null;
  color_code: string;
}): ApiColor {
  return { id: row.id, name: row.name, hex: row.hex, colorCode: row.color_code };
}

function toColorGroup(row: ColorGroupRow): ApiColorGroup {
  return { id: row.id, label: row.label, name: row.name, hex: row.hex, colorId: row.color_id };
}

/**
 * The front photograph of the article's main colour (its first, as `colors` lists them).
 * An article without variants has no colour to show: empty, which the shop replaces with
 * its picture of a missing image.
 */
function mainPicture(articleId: number, colors: readonly ColorRow[]): string {
  const main = colors[0];
  return main === undefined ? '' : articlePicturePath(articleId, main.id, 'front');
}

function toArticle(
  row: ArticleRow,
  related: {
    colors: ColorRow[];
    colorGroups: ColorGroupRow[];
    shops: ArticleShopRow[];
    campaigns: CampaignItemRow[];
    priorPrice: number | null;
  },
): ApiArticle {
  return {
    id: row.id,
    ArticleNo: row.article_no,
    name: row.name,
    description: row.description,
    price: row.price,
    originalPrice: row.original_price,
    priorPrice: related.priorPrice,
    pant: row.pant,
    brand: row.brand_name,
    brandId: row.brand_id,
    brands: [{ id: row.brand_id, name: row.brand_name }],
    colors: related.colors.map(toColor),
    colorGroups: related.colorGroups.map(toColorGroup),
    gender: row.gender_name,
    genderId: row.gender_id,
    genders: [{ id: row.gender_id, name: row.gender_name }],
    category: row.main_group_name,
    mainGroupId: row.main_group_id,
    categories: [row.main_group_name],
    subcategories: [row.group2_name],
    articleGroup2ID: row.group2_id,
    articleGroup3ID: row.group3_id,
    group2: row.group2_name,
    group3: row.group3_name,
    productLineId: row.product_line_id,
    purchasableOnWeb: toApiFlag(row.purchasable_on_web),
    customLabel: row.custom_label,
    image: mainPicture(row.id, related.colors),
    shops: related.shops.map((s) => s.shop_id),
    available: related.shops.filter((s) => s.in_stock === 1).map((s) => s.shop_id),
    featured: row.featured === 1,
    campaigns: related.campaigns.map(toApiCampaignItem),
    averageRating: row.average_rating,
    webPurchaseLimit: row.web_purchase_limit,
    bestsellerQty: row.qty_rank,
    bestsellerTurnover: row.turnover_rank,
    onlyCC: toApiFlag(row.only_cc),
    season: row.season,
    frightPrice: row.fright_price,
    visible: row.visible === 1,
  };
}

interface LoadedArticles {
  rows: Map<number, ArticleRow>;
  articles: Map<number, ApiArticle>;
  histories: Map<number, ApiPricePeriod[]>;
}

function loadArticles(db: DatabaseSync, ids: readonly number[], now: Date): LoadedArticles {
  const rows = new Map<number, ArticleRow>();
  const articles = new Map<number, ApiArticle>();
  const histories = new Map<number, ApiPricePeriod[]>();
  if (ids.length === 0) return { rows, articles, histories };
  const idJson = JSON.stringify(ids);
  for (const row of all<ArticleRow>(db, ARTICLE_SQL, idJson)) rows.set(row.id, row);
  const colors = groupBy(all<ColorRow>(db, COLORS_SQL, idJson));
  const colorGroups = groupBy(all<ColorGroupRow>(db, COLOR_GROUPS_SQL, idJson));
  const shops = groupBy(all<ArticleShopRow>(db, SHOPS_SQL, idJson));
  const campaigns = groupBy(
    all<CampaignItemRow>(db, CAMPAIGN_ITEMS_SQL, idJson, now.toISOString()),
  );
  const pastPrices = groupBy(
    all<PriceHistoryRow>(db, PRICE_HISTORY_SQL, idJson, idJson, now.toISOString()),
  );
  for (const [id, row] of rows) {
    const history = priceHistoryOf(row, pastPrices.get(id) ?? []);
    histories.set(id, history);
    articles.set(
      id,
      toArticle(row, {
        colors: colors.get(id) ?? [],
        colorGroups: colorGroups.get(id) ?? [],
        shops: shops.get(id) ?? [],
        campaigns: campaigns.get(id) ?? [],
        priorPrice: priorPrice(history, now),
      }),
    );
  }
  return { rows, articles, histories };
}

/**
 * The articles with the given ids in list shape, in the order of `ids`; unknown ids are
 * skipped. One query per related table for the whole batch, whatever its size.
 * `now` decides which campaigns have ended.
 */
export function serializeArticles(
  db: DatabaseSync,
  ids: readonly number[],
  now: Date,
): ApiArticle[] {
  const { articles } = loadArticles(db, ids, now);
  const result: ApiArticle[] = [];
  for (const id of ids) {
    const article = articles.get(id);
    if (article !== undefined) result.push(article);
  }
  return result;
}

function parseStringList(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function trueToSize(value: number | null): -1 | 0 | 1 | null {
  return value === -1 || value === 0 || value === 1 ? value : null;
}

function toReview(row: ReviewRow): ApiReview {
  const anonymous = toApiFlag(row.anonymous);
  return {
    id: row.id,
    content: row.content,
    reply: row.reply,
    customer: anonymous === 1 ? null : row.customer_name,
    rating: row.rating,
    approved: toApiFlag(row.approved),
    created_at: row.created_at,
    reviewable_id: row.article_id,
    reviewable_type: 'article',
    true_to_size: trueToSize(row.true_to_size),
    size_color: row.size_color,
    anonymous,
  };
}

function loadVariants(db: DatabaseSync, articleId: number): VariantRow[] {
  return all<VariantRow>(
    db,
    `SELECT v.id, v.ean, v.size_id, s.name AS size_name, v.color_id, c.name AS color_name,
            c.hex AS color_hex, c.color_code
     FROM variants v JOIN sizes s ON s.id = v.size_id JOIN colors c ON c.id = v.color_id
     WHERE v.article_id = ?
     ORDER BY s.sort, v.color_id, v.id`,
    articleId,
  );
}

// docs/spec.md §9 limits a purchase by the first shop's stock and means the web shop, which
// delivered goods come from: it leads every variant's list, with 0 where it does not carry
// the variant; the stores follow by id.
const STOCK_SQL = `
  SELECT st.variant_id, st.shop_id, st.qty, sh.is_web_shop AS web
  FROM stock st JOIN variants v ON v.id = st.variant_id JOIN shops sh ON sh.id = st.shop_id
  WHERE v.article_id = ?
  UNION ALL
  SELECT v.id, sh.id, 0, 1
  FROM variants v JOIN shops sh ON sh.is_web_shop = 1
  WHERE v.article_id = ?
    AND NOT EXISTS (SELECT 1 FROM stock st WHERE st.variant_id = v.id AND st.shop_id = sh.id)
  ORDER BY variant_id, web DESC, shop_id`;

function stockByVariant(db: DatabaseSync, articleId: number): Map<number, StockRow[]> {
  const rows = all<StockRow>(db, STOCK_SQL, articleId, articleId);
  const byVariant = new Map<number, StockRow[]>();
  for (const row of rows) {
    const list = byVariant.get(row.variant_id);
    if (list === undefined) byVariant.set(row.variant_id, [row]);
    else list.push(row);
  }
  return byVariant;
}

function availabilityOf(
  articleId: number,
  variants: VariantRow[],
  stock: Map<number, StockRow[]>,
): ApiAvailability {
  return {
    articleId,
    variants: variants.map((v) => {
      const shops = stock.get(v.id) ?? [];
      return {
        id: v.id,
        ean: v.ean,
        availability: shops.filter((s) => s.qty > 0).length,
        shops: shops.map((s) => ({ id: s.shop_id, qty: s.qty })),
      };
    }),
  };
}

/**
 * Live stock of one article: per variant the web shop first (0 when it does not carry the
 * variant), then the shops that carry it by id (quantity 0 included, since a row means the
 * shop carries the variant), and how many of them have it in stock.
 * Null when the article does not exist.
 */
export function serializeAvailability(db: DatabaseSync, articleId: number): ApiAvailability | null {
  const exists = db.prepare('SELECT 1 FROM articles WHERE id = ?').get(articleId);
  if (exists === undefined) return null;
  return availabilityOf(articleId, loadVariants(db, articleId), stockByVariant(db, articleId));
}

/**
 * One article with everything its product page shows (the photographs of each colour too),
 * or null when it does not exist.
 * An invisible article is still returned (with `visible: false`): the shop redirects on it.
 * Only approved reviews are included, newest first.
 */
export function serializeArticleDetail(
  db: DatabaseSync,
  id: number,
  now: Date,
): ApiArticleDetail | null {
  return serializeArticleDetails(db, [id], now)[0] ?? null;
}

/**
 * The details of the articles with the given ids (each as {@link serializeArticleDetail}
 * answers it), in the order of `ids`; unknown ids are skipped. The article rows and their
 * lists are read once for the whole batch.
 */
export function serializeArticleDetails(
  db: DatabaseSync,
  ids: readonly number[],
  now: Date,
): ApiArticleDetail[] {
  const loaded = loadArticles(db, ids, now);
  return ids.flatMap((id) => {
    const detail = articleDetail(db, loaded, id);
    return detail === null ? [] : [detail];
  });
}

function articleDetail(
  db: DatabaseSync,
  { rows, articles, histories }: LoadedArticles,
  id: number,
): ApiArticleDetail | null {
  const row = rows.get(id);
  const article = articles.get(id);
  if (row === undefined || article === undefined) return null;

  const variantRows = loadVariants(db, id);
  const availability = availabilityOf(id, variantRows, stockByVariant(db, id));
  const variants: ApiVariant[] = variantRows.map((v, i) => {
    const stock = availability.variants[i];
    return {
      id: v.id,
      ean: v.ean,
      availability: stock?.availability ?? 0,
      shops: stock?.shops ?? [],
      size: { id: v.size_id, name: v.size_name },
      color: {
        id: v.color_id,
        name: v.color_name,
        hex: v.color_hex,
        colorCode: v.color_code,
        image: articlePicturePath(id, v.color_id, 'front'),
      },
    };
  });

  const sizes: ApiSize[] = [];
  const sizeColors: Record<string, number[]> = {};
  for (const v of variantRows) {
    const key = String(v.size_id);
    const colors = sizeColors[key];
    if (colors === undefined) {
      sizes.push({ id: v.size_id, name: v.size_name });
      sizeColors[key] = [v.color_id];
    } else if (!colors.includes(v.color_id)) {
      colors.push(v.color_id);
    }
  }

  const reviews = all<ReviewRow>(
    db,
    `SELECT id, article_id, customer_name, content, reply, rating, approved, created_at,
            true_to_size, size_color, anonymous
     FROM reviews WHERE article_id = ? AND approved = 1
     ORDER BY created_at DESC, id DESC`,
    id,
  ).map(toReview);

  return {
    ...article,
    articleId: row.id,
    articleNo: row.article_no,
    techDescription: row.tech_description,
    nutrientContent: row.nutrient_content,
    washLabel: parseStringList(row.wash_label),
    careLabel: parseStringList(row.care_label),
    dateCreated: row.date_created,
    variants,
    reviews,
    sizes,
    size_colors: sizeColors,
    availability,
    pictures: article.colors.map((color) => ({
      colorId: color.id,
      pictures: articlePictures(id, color.id),
    })),
    priceHistory: histories.get(id) ?? [],
  };
}
