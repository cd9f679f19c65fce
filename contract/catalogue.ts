import type { ApiFlag, ApiPageQuery } from './common.ts';
import type { PricePeriod } from './prior-price.ts';

/** A gender. Known ids: 1 Herre, 2 Dame, 4 Barn, 10 Uni, 11 Junior. */
export interface ApiGender {
  id: number;
  name: string;
}

/** A colour of a variant. `hex` is `#rrggbb`, or null for colours without a swatch. */
export interface ApiColor {
  id: number;
  name: string;
  hex: string | null;
  colorCode: string;
}

/** A colour group (what the colour filter offers). Search field: `colorGroups.ColorGroupID`. */
export interface ApiColorGroup {
  id: number;
  label: string;
  name: string;
  hex: string | null;
  /** The representative colour of the group. */
  colorId: number;
}

/** A brand with the number of visible articles it has (`GET articles/brand`). */
export interface ApiBrand {
  id: number;
  name: string;
  count: number;
}

/** A product line (`GET productlines`). Search field: `ProductLineID`. */
export interface ApiProductLine {
  ProductLineID: number;
  Name: string;
}

/** An article group 3 (`GET subcategories/{id}/groups`). Search field: `ArticleGroup3ID`. */
export interface ApiGroup {
  id: number;
  name: string;
  articleGroup2ID: number;
  articleGroup3ID: number;
}

/** A subcategory (article group 2) of a main group. Prices in øre. */
export interface ApiSubcategory {
  ArticleGroup2ID: number;
  MainGroupID: number;
  Name: string;
  minPrice: number;
  maxPrice: number;
  articlesCount: number;
  /** 1 for groups curated by marketing rather than taken from the ERP. */
  custom: ApiFlag;
  groups: ApiGroup[];
}

/**
 * A main group (`GET categories`). The server word `Tekstil` is shown as Klær by the shop.
 * `current_page`/`last_page` describe the article list of the category at 20 per page.
 */
export interface ApiCategory {
  id: number;
  name: string;
  count: number;
  banner: string | null;
  bannerLink: string | null;
  current_page: number;
  last_page: number;
  minPrice: number;
  maxPrice: number;
  subcategories: ApiSubcategory[];
  availableProductlines: ApiProductLine[];
}

/** A campaign price of one article (`campaigns` on an article, items of a campaign). */
export interface ApiCampaignItem {
  id: number;
  campaignId: number;
  articleId: number;
  /** Campaign price in øre, unrounded. */
  price: number;
  labelType: string;
  /** JSON text, e.g. `{"text":"-30%","color":"#c00"}`; the shop parses it. */
  labelData: string;
  /** The campaign's label text, e.g. `Klikk & Hent`. */
  labelText: string;
  start: string;
  end: string;
}

/** A campaign (`GET campaigns/`). A campaign whose `start` lies ahead is pending. */
export interface ApiCampaign {
  id: number;
  name: string;
  shortDescription: string;
  description: string;
  start: string;
  end: string;
  /** Number of articles in the campaign. */
  count: number;
  image: string | null;
  imageMobile: string | null;
  showLabel: ApiFlag;
  showImage: ApiFlag;
  labelText: string;
  url: string | null;
}

/** A campaign with its articles (`GET campaigns/combined/articles`). */
export interface ApiCampaignWithArticles extends ApiCampaign {
  items: ApiCampaignItem[];
  articles: ApiArticle[];
}

/**
 * A campaign with the ids of its articles a shopper of the brand may see, in the order of its
 * items, each once (`GET campaigns/combined/articleids`, an addition: README.md).
 */
export interface ApiCampaignArticleIds extends ApiCampaign {
  articleIds: number[];
}

/** Stock of one variant in one shop. */
export interface ApiShopStock {
  id: number;
  qty: number;
}

/**
 * An article in list shape: category pages, search `_source`, bundles.
 * Raw values: the shop rounds `price`/`pant`, derives `canPurchase` from `purchasableOnWeb`,
 * `campaignLabelType` from the cheapest campaign and applies the defaults of docs/spec.md §3.
 */
export interface ApiArticle {
  id: number;
  ArticleNo: string;
  name: string;
  description: string;
  /** Final suggested price in øre, possibly fractional after campaign maths. */
  price: number;
  /** Price before campaigns, in øre. */
  originalPrice: number;
  /**
   * The førpris of `price` in øre, raw like it (prisopplysningsforskriften § 9a; the rule is
   * `priorPrice` in contract/prior-price.ts): the lowest price applied in the 30 days before
   * `price` took effect, counted from the first step of a reduction made in steps. `price`
   * is reduced only when below it. Null when the article had no other price before (nothing
   * is reduced). An addition the spec does not have: a chain's API may leave it out, and the shop
   * then reckons it from its own release records (contract/README.md, Førpris).
   */
  priorPrice?: number | null;
  /** Deposit in øre, or null. */
  pant: number | null;
  brand: string;
  brandId: number;
  brands: Array<{ id: number; name: string }>;
  colors: ApiColor[];
  colorGroups: ApiColorGroup[];
  gender: string;
  genderId: number;
  genders: ApiGender[];
  category: string;
  mainGroupId: number;
  categories: string[];
  subcategories: string[];
  articleGroup2ID: number;
  articleGroup3ID: number;
  group2: string;
  group3: string;
  productLineId: number | null;
  purchasableOnWeb: ApiFlag;
  customLabel: string | null;
  /**
   * Absolute path of the article image on the API host, e.g. `/images/articles/12/8-front.jpg`
   * (the reference backend: its main colour's front photograph).
   */
  image: string;
  /** Shops that carry the article. */
  shops: number[];
  /** Shops with stock above 0 of at least one variant. Search field: `available.ShopID`. */
  available: number[];
  featured: boolean;
  campaigns: ApiCampaignItem[];
  averageRating: number | null;
  webPurchaseLimit: number;
  bestsellerQty: number | null;
  bestsellerTurnover: number | null;
  onlyCC: ApiFlag;
  season: string;
  /** Shipping per line in øre; null means the default (9900). */
  frightPrice: number | null;
  visible: boolean;
}

/**
 * One period of an article's price history (`priceHistory` of the detail): its list price
 * (`campaignId` null) from one change to the next, or one campaign's price from its start
 * until it ended or the article was taken out of it.
 */
export interface ApiPricePeriod extends PricePeriod {
  campaignId: number | null;
}

/** A size. */
export interface ApiSize {
  id: number;
  name: string;
}

/**
 * One photograph of an article in one colour. An addition the spec does not have (see
 * contract/README.md, Pictures): `src` is an absolute path on the API host, like `image`.
 */
export interface ApiPicture {
  src: string;
  /** Size in pixels. */
  width: number;
  height: number;
  view: 'front' | 'back' | 'detail';
}

/** The photographs of one colour; the first stands for the colour. */
export interface ApiColorPictures {
  colorId: number;
  pictures: ApiPicture[];
}

/** A variant (size × colour) of an article. `availability` counts shops holding stock. */
export interface ApiVariant {
  id: number;
  ean: string;
  availability: number;
  /** The web shop first (qty 0 when it does not carry the variant), then the others by id. */
  shops: ApiShopStock[];
  size: ApiSize;
  color: ApiColor & { image: string };
}

/** A review. `true_to_size`: -1 small, 0 true to size, 1 large, null not answered. */
export interface ApiReview {
  id: number;
  content: string;
  reply: string | null;
  /** Display name; null when `anonymous` is 1. */
  customer: string | null;
  rating: number;
  approved: ApiFlag;
  created_at: string;
  reviewable_id: number;
  reviewable_type: 'article';
  true_to_size: -1 | 0 | 1 | null;
  size_color: string | null;
  anonymous: ApiFlag;
}

/** Live stock of an article (`GET articles/availability/{id}`). */
export interface ApiAvailability {
  articleId: number;
  variants: Array<{ id: number; ean: string; availability: number; shops: ApiShopStock[] }>;
}

/** Most ids one `GET articles/details?ids=` call takes (contract/README.md). */
export const ARTICLE_DETAILS_MAX = 100;

/**
 * An article with everything its product page shows (`GET articles/{id}`, and a batch of them
 * in `GET articles/details?ids=`).
 */
export interface ApiArticleDetail extends ApiArticle {
  articleId: number;
  articleNo: string;
  techDescription: string;
  nutrientContent: string | null;
  washLabel: string[];
  careLabel: string[];
  dateCreated: string;
  variants: ApiVariant[];
  reviews: ApiReview[];
  sizes: ApiSize[];
  /** Size id to the colour ids offered in that size. */
  size_colors: Record<string, number[]>;
  availability: ApiAvailability;
  /**
   * The photographs of each colour the article has, in the order of `colors` (the main colour
   * first). An addition the spec does not have: a chain's API may leave it out, and the shop then
   * shows `image` and each variant's `color.image`.
   */
  pictures?: ApiColorPictures[];
  /**
   * The article's prices over time that `priorPrice` was reckoned from, oldest first (list
   * prices and campaigns begun; see contract/README.md, Førpris). An addition the spec does not
   * have, like `priorPrice`.
   */
  priceHistory?: ApiPricePeriod[];
}

/** Sort fields of `GET categories/{id}/articles`. */
export type ApiArticleOrderBy = 'Name' | 'Price' | 'Bestseller' | 'DateCreated';

/** Query of `GET categories/{id}/articles`. `genders` is a comma list of gender ids. */
export interface ApiCategoryArticlesQuery extends ApiPageQuery {
  orderBy?: ApiArticleOrderBy;
  order?: 'asc' | 'desc';
  genders?: string;
}

/**
 * Body of `POST articles/search` and `POST articles/searchids`.
 * `filters` is a Meilisearch filter expression over the fields listed in contract/README.md.
 */
export interface ApiSearchRequest {
  query: string;
  /** Page size, 1..1000. */
  take: number;
  /** Zero-based page. */
  page: number;
  filters?: string;
  /** Sort: `field:asc|desc`, field one of name, price, bestseller, dateCreated. Default relevance. */
  sort?: string;
}

/** One hit in Elasticsearch's shape. */
export interface ApiSearchHit {
  _id: string;
  _score: number;
  _source: ApiArticle;
}

/** Answer of `POST articles/search`, in Elasticsearch's shape. */
export interface ApiSearchResponse {
  hits: {
    total: { value: number; relation: 'eq' };
    hits: ApiSearchHit[];
  };
}

/** Answer of `POST articles/searchids`: the ids of every match, in rank order, no paging. */
export interface ApiSearchIdsResponse {
  ids: number[];
  total: number;
}

/**
 * Answer of `GET articles/changes?since={cursor}`: the ids of the articles whose detail
 * (`GET articles/{id}`) or search hit may have changed since the answer that gave `cursor`,
 * in any brand, or null when the API cannot tell (no or unknown cursor, or a change every
 * article shows), and the cursor to ask with next time.
 */
export interface ApiArticleChanges {
  cursor: string;
  articleIds: number[] | null;
}

/** A bestseller rank (`GET bestsellers`). Lower is better. */
export interface ApiBestseller {
  article_id: number;
  qty_rank: number;
  turnover_rank: number;
}
