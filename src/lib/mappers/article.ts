/** Mappers for articles and what hangs off them: campaigns, variants, reviews, stock. */

import type {
  ApiArticle,
  ApiArticleDetail,
  ApiCampaign,
  ApiCampaignItem,
  ApiCampaignArticleIds,
  ApiCampaignWithArticles,
  ApiColorPictures,
  ApiReview,
  ApiVariant,
} from '../../../contract/index.ts';
import type {
  Article,
  ArticleDetail,
  Campaign,
  CampaignItem,
  CampaignWithArticleIds,
  CampaignWithArticles,
  ColorPictures,
  LabelData,
  Picture,
  PictureView,
  Review,
  Variant,
} from '../types.ts';
import { isNumber, isRecord } from '../../../contract/guards.ts';
import {
  flag,
  hasFields,
  list,
  mapList,
  missingData,
  money,
  priorPriceOf,
  text,
} from './common.ts';
import { picture } from './picture.ts';
import { MISSING_IMAGE } from '../domain/picture-source.ts';
import { hasStarted } from '../domain/campaign-phase.ts';
import { toAvailability } from './availability.ts';
import { displayCategoryName, toColor, toColorGroup, toGender } from './taxonomy.ts';

/** Shipping per line in øre when the article names none (docs/spec.md §9). */
export const DEFAULT_FRIGHT_PRICE = 9900;

/** Bestseller rank of an unranked article (docs/spec.md §9). */
export const UNRANKED = 9999;

/** The in-store campaign label that is renamed while pending (docs/spec.md §1, docs/spec.md §9). */
export const CLICK_AND_COLLECT_LABEL = 'Klikk & Hent';

/** What a pending Klikk & Hent campaign is displayed as. */
export const WEEKLY_AD_LABEL = 'Ukens annonse!';

/**
 * The picture an article without a usable image shows (public/): a missing image, or one
 * the brand's picture policy refuses (src/lib/domain/picture-source.ts).
 */
export { MISSING_IMAGE };

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * The label shown for a campaign: a pending `Klikk & Hent` (its start ahead, by the campaign
 * rule of lib/domain/campaign-phase.ts) reads `Ukens annonse!`.
 */
export function displayLabel(labelText: string, start: string, now: Date): string {
  return labelText.trim() === CLICK_AND_COLLECT_LABEL && !hasStarted(start, now)
    ? WEEKLY_AD_LABEL
    : labelText;
}

/**
 * Parses a campaign item's `labelData` JSON. Only a JSON object counts; empty text gives
 * null silently, anything else that is not an object is logged and gives null.
 */
export function parseLabelData(raw: unknown): LabelData | null {
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isRecord(parsed)) return parsed;
  } catch {
    // Logged below together with JSON that is valid but not an object.
  }
  console.warn('Invalid labelData', raw);
  return null;
}

/** Maps a campaign item; needs id, articleId and price. `now` decides the pending rule. */
export function toCampaignItem(wire: ApiCampaignItem, now: Date = new Date()): CampaignItem | null {
  if (!hasFields(wire, ['id', 'articleId', 'price'])) return missingData('campaign item', wire);
  const start = text(wire.start);
  return {
    id: wire.id,
    campaignId: isNumber(wire.campaignId) ? wire.campaignId : 0,
    articleId: wire.articleId,
    price: money(wire.price),
    labelType: text(wire.labelType),
    labelData: parseLabelData(wire.labelData),
    labelText: displayLabel(text(wire.labelText), start, now),
    start,
    end: text(wire.end),
  };
}

/** Maps a campaign; needs id and name. `now` decides the pending rule. */
export function toCampaign(wire: ApiCampaign, now: Date = new Date()): Campaign | null {
  if (!hasFields(wire, ['id'], ['name'])) return missingData('campaign', wire);
  const start = text(wire.start);
  return {
    id: wire.id,
    name: wire.name,
    shortDescription: text(wire.shortDescription),
    description: text(wire.description),
    start,
    end: text(wire.end),
    count: isNumber(wire.count) ? wire.count : 0,
    image: picture('campaign', wire, 'image', wire.image),
    imageMobile: picture('campaign', wire, 'imageMobile', wire.imageMobile),
    showLabel: flag(wire.showLabel),
    showImage: flag(wire.showImage),
    labelText: displayLabel(text(wire.labelText), start, now),
    url: textOrNull(wire.url),
    pending: !hasStarted(start, now),
  };
}

/** Maps a campaign with its items and articles; bad items or articles are dropped. */
export function toCampaignWithArticles(
  wire: ApiCampaignWithArticles,
  now: Date = new Date(),
): CampaignWithArticles | null {
  const campaign = toCampaign(wire, now);
  if (!campaign) return null;
  return {
    ...campaign,
    items: mapList(wire.items, (item) => toCampaignItem(item, now)),
    articles: mapList(wire.articles, (article) => toArticle(article, now)),
  };
}

/**
 * Maps a campaign with the ids of its articles; ids that are not integers are dropped, and
 * each is kept once, where it first stands.
 */
export function toCampaignWithArticleIds(
  wire: ApiCampaignArticleIds,
  now: Date = new Date(),
): CampaignWithArticleIds | null {
  const campaign = toCampaign(wire, now);
  if (!campaign) return null;
  const ids = Array.isArray(wire.articleIds) ? wire.articleIds : [];
  return { ...campaign, articleIds: [...new Set(ids.filter(Number.isSafeInteger))] };
}

function cheapest(items: readonly CampaignItem[]): CampaignItem | undefined {
  // reduce keeps the first of equally cheap items, so the result does not depend on sort.
  return items.reduce<CampaignItem | undefined>(
    (best, item) => (best === undefined || item.price < best.price ? item : best),
    undefined,
  );
}

/**
 * Maps an article in list shape (docs/spec.md §3); needs id, name and price. Rounds price, original
 * price and pant; canPurchase is purchasableOnWeb === 1; an empty customLabel is null;
 * campaignLabelType comes from the cheapest campaign; frightPrice defaults to 9900 and the
 * bestseller ranks to 9999. `now` decides the pending Klikk & Hent rule.
 */
export function toArticle(wire: ApiArticle, now: Date = new Date()): Article | null {
  if (!hasFields(wire, ['id', 'price'], ['name'])) return missingData('article', wire);
  const campaigns = mapList(wire.campaigns, (item) => toCampaignItem(item, now));
  const customLabel = textOrNull(wire.customLabel);
  return {
    id: wire.id,
    ArticleNo: text(wire.ArticleNo),
    name: wire.name,
    description: text(wire.description),
    price: money(wire.price),
    originalPrice: isNumber(wire.originalPrice) ? money(wire.originalPrice) : money(wire.price),
    priorPrice: priorPriceOf(wire),
    pant: money(wire.pant),
    brand: text(wire.brand),
    brandId: isNumber(wire.brandId) ? wire.brandId : 0,
    brands: list(wire.brands),
    colors: mapList(wire.colors, toColor),
    colorGroups: mapList(wire.colorGroups, toColorGroup),
    gender: text(wire.gender),
    genderId: isNumber(wire.genderId) ? wire.genderId : 0,
    genders: mapList(wire.genders, toGender),
    category: displayCategoryName(text(wire.category)),
    mainGroupId: isNumber(wire.mainGroupId) ? wire.mainGroupId : 0,
    categories: list(wire.categories).map(displayCategoryName),
    subcategories: list(wire.subcategories),
    articleGroup2ID: isNumber(wire.articleGroup2ID) ? wire.articleGroup2ID : 0,
    articleGroup3ID: isNumber(wire.articleGroup3ID) ? wire.articleGroup3ID : 0,
    group2: text(wire.group2),
    group3: text(wire.group3),
    productLineId: isNumber(wire.productLineId) ? wire.productLineId : null,
    canPurchase: wire.purchasableOnWeb === 1,
    customLabel: customLabel === '' ? null : customLabel,
    image: picture('article', wire, 'image', wire.image) ?? MISSING_IMAGE,
    shops: list(wire.shops),
    available: list(wire.available),
    featured: wire.featured === true,
    campaigns,
    averageRating: isNumber(wire.averageRating) ? wire.averageRating : null,
    campaignLabelType: cheapest(campaigns)?.labelType ?? null,
    webPurchaseLimit: isNumber(wire.webPurchaseLimit) ? wire.webPurchaseLimit : 0,
    bestsellerQty: isNumber(wire.bestsellerQty) ? wire.bestsellerQty : UNRANKED,
    bestsellerTurnover: isNumber(wire.bestsellerTurnover) ? wire.bestsellerTurnover : UNRANKED,
    onlyCC: flag(wire.onlyCC),
    season: text(wire.season),
    frightPrice: isNumber(wire.frightPrice) ? money(wire.frightPrice) : DEFAULT_FRIGHT_PRICE,
    // Only an explicit false hides an article; a missing flag keeps it on sale.
    visible: wire.visible !== false,
  };
}

/** Maps a variant; needs id, ean, size and colour. */
export function toVariant(wire: ApiVariant): Variant | null {
  if (!hasFields(wire, ['id'], ['ean']) || !isRecord(wire.size) || !isRecord(wire.color)) {
    return missingData('variant', wire);
  }
  const color = toColor(wire.color);
  if (!color) return null;
  return {
    id: wire.id,
    ean: wire.ean,
    availability: isNumber(wire.availability) ? wire.availability : 0,
    shops: list(wire.shops),
    size: { id: wire.size.id, name: wire.size.name },
    // A colour without an allowed picture is offered without its swatch picture.
    color: { ...color, image: picture('variant', wire, 'color.image', wire.color.image) ?? '' },
  };
}

/** Maps a review; needs id and rating. */
export function toReview(wire: ApiReview): Review | null {
  if (!hasFields(wire, ['id', 'rating'])) return missingData('review', wire);
  return {
    id: wire.id,
    content: text(wire.content),
    reply: textOrNull(wire.reply),
    customer: textOrNull(wire.customer),
    rating: wire.rating,
    approved: flag(wire.approved),
    created_at: text(wire.created_at),
    reviewable_id: isNumber(wire.reviewable_id) ? wire.reviewable_id : 0,
    reviewable_type: 'article',
    true_to_size: wire.true_to_size ?? null,
    size_color: textOrNull(wire.size_color),
    anonymous: flag(wire.anonymous),
  };
}

/** The sides a picture may show (`ApiPicture.view`). */
const PICTURE_VIEWS: readonly PictureView[] = ['front', 'back', 'detail'];

/** A picture's own size in pixels: a positive number, rounded, or null. */
const pixels = (value: unknown): number | null =>
  isNumber(value) && value >= 1 ? Math.round(value) : null;

/** What a colour entry of `pictures` is counted under when it, or a picture in it, is bad. */
export const COLOR_PICTURES_KIND = 'color pictures';

/**
 * The photographs of one colour (`pictures[i]` of `article`, the detail on the wire, which
 * the log names). A source the brand's picture policy refuses becomes the placeholder and is
 * counted as a 'Missing data' picture; an entry without a source is dropped and counted as a
 * bad colour entry. Null when the entry is not a colour with a list of pictures, or has none.
 */
function toColorPictures(wire: unknown, i: number, article: unknown): ColorPictures | null {
  const at = `pictures[${String(i)}]`;
  if (!isRecord(wire) || !isNumber(wire['colorId']) || !Array.isArray(wire['pictures'])) {
    return missingData(COLOR_PICTURES_KIND, article, `${at}: expected {colorId, pictures[]}`);
  }
  const pictures = (wire['pictures'] as unknown[]).flatMap((item, j): Picture[] => {
    const field = `${at}.pictures[${String(j)}]`;
    if (!isRecord(item) || typeof item['src'] !== 'string' || item['src'].trim() === '') {
      missingData(COLOR_PICTURES_KIND, article, `${field}: expected a picture with a src`);
      return [];
    }
    const view = PICTURE_VIEWS.find((v) => v === item['view']) ?? null;
    return [
      {
        src: picture('article', article, `${field}.src`, item['src']) ?? MISSING_IMAGE,
        width: pixels(item['width']),
        height: pixels(item['height']),
        view,
      },
    ];
  });
  return pictures.length > 0 ? { colorId: wire['colorId'], pictures } : null;
}

/**
 * An article's pictures per colour: the API's `pictures` (an addition the spec does not have) in
 * their order, the main colour first; a colour of the variants they leave out (all of them,
 * from an API without the field) gets one picture, its variants' colour image, or the
 * placeholder where that is missing or refused.
 */
export function toArticlePictures(
  wire: Pick<ApiArticleDetail, 'pictures'>,
  variants: readonly Variant[],
): ColorPictures[] {
  const given: unknown = wire.pictures;
  let listed: ColorPictures[] = [];
  if (Array.isArray(given)) {
    listed = (given as ApiColorPictures[]).flatMap((entry, i) => {
      const mapped = toColorPictures(entry, i, wire);
      return mapped ? [mapped] : [];
    });
  } else if (given !== undefined && given !== null) {
    missingData(COLOR_PICTURES_KIND, wire, 'pictures: expected Array');
  }
  const known = new Set(listed.map((c) => c.colorId));
  const fromVariants: ColorPictures[] = [];
  for (const { color } of variants) {
    if (known.has(color.id)) continue;
    known.add(color.id);
    fromVariants.push({
      colorId: color.id,
      pictures: [{ src: color.image || MISSING_IMAGE, width: null, height: null, view: null }],
    });
  }
  return [...listed, ...fromVariants];
}

/** Maps an article with its product-page data: the list shape plus docs/spec.md §3's detail fields. */
export function toArticleDetail(
  wire: ApiArticleDetail,
  now: Date = new Date(),
): ArticleDetail | null {
  const article = toArticle(wire, now);
  if (!article) return null;
  const variants = mapList(wire.variants, toVariant);
  return {
    ...article,
    articleId: isNumber(wire.articleId) ? wire.articleId : article.id,
    articleNo: text(wire.articleNo) || article.ArticleNo,
    techDescription: text(wire.techDescription),
    nutrientContent: textOrNull(wire.nutrientContent),
    washLabel: list(wire.washLabel),
    careLabel: list(wire.careLabel),
    dateCreated: text(wire.dateCreated),
    variants,
    reviews: mapList(wire.reviews, toReview),
    sizes: list(wire.sizes),
    size_colors: isRecord(wire.size_colors) ? wire.size_colors : {},
    availability: (isRecord(wire.availability) ? toAvailability(wire.availability) : null) ?? {
      articleId: article.id,
      variants: [],
    },
    pictures: toArticlePictures(wire, variants),
  };
}
