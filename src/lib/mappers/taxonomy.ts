/** Mappers for the catalogue's structure: categories, groups, colours, genders, brands. */

import type {
  ApiBestseller,
  ApiBrand,
  ApiCategory,
  ApiColor,
  ApiColorGroup,
  ApiGender,
  ApiGroup,
  ApiProductLine,
  ApiSubcategory,
} from '../../../contract/index.ts';
import type {
  Bestseller,
  Brand,
  Category,
  Color,
  ColorGroup,
  Gender,
  Group,
  ProductLine,
  Subcategory,
} from '../types.ts';
import { safeHref } from '../domain/safe-href.ts';
import { isNumber } from '../../../contract/guards.ts';
import { flag, hasFields, mapList, missingData, money, text } from './common.ts';
import { picture } from './picture.ts';

const SHOWN_NAMES: Readonly<Record<string, string>> = { Tekstil: 'Klær' };

/** The name the shop shows for a main group: the server word `Tekstil` is shown as `Klær`. */
export function displayCategoryName(name: string): string {
  return SHOWN_NAMES[name] ?? name;
}

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Maps a colour; needs id and name. */
export function toColor(wire: ApiColor): Color | null {
  if (!hasFields(wire, ['id'], ['name'])) return missingData('color', wire);
  return {
    id: wire.id,
    name: wire.name,
    hex: textOrNull(wire.hex),
    colorCode: text(wire.colorCode),
  };
}

/** Maps a colour group; needs id and name. */
export function toColorGroup(wire: ApiColorGroup): ColorGroup | null {
  if (!hasFields(wire, ['id'], ['name'])) return missingData('color group', wire);
  return {
    id: wire.id,
    label: text(wire.label) || wire.name,
    name: wire.name,
    hex: textOrNull(wire.hex),
    colorId: isNumber(wire.colorId) ? wire.colorId : 0,
  };
}

/** Maps a gender; needs id and name. */
export function toGender(wire: ApiGender): Gender | null {
  if (!hasFields(wire, ['id'], ['name'])) return missingData('gender', wire);
  return { id: wire.id, name: wire.name };
}

/** Maps a brand; needs id and name. `count` defaults to 0. */
export function toBrand(wire: ApiBrand): Brand | null {
  if (!hasFields(wire, ['id'], ['name'])) return missingData('brand', wire);
  return { id: wire.id, name: wire.name, count: isNumber(wire.count) ? wire.count : 0 };
}

/** Maps a product line; needs ProductLineID and Name. */
export function toProductLine(wire: ApiProductLine): ProductLine | null {
  if (!hasFields(wire, ['ProductLineID'], ['Name'])) return missingData('product line', wire);
  return { ProductLineID: wire.ProductLineID, Name: wire.Name };
}

/** Maps an article group 3; needs id, name and both group ids. */
export function toGroup(wire: ApiGroup): Group | null {
  if (!hasFields(wire, ['id', 'articleGroup2ID', 'articleGroup3ID'], ['name'])) {
    return missingData('group', wire);
  }
  return {
    id: wire.id,
    name: wire.name,
    articleGroup2ID: wire.articleGroup2ID,
    articleGroup3ID: wire.articleGroup3ID,
  };
}

/** Maps a subcategory (article group 2); needs its ids and Name. Prices rounded, øre. */
export function toSubcategory(wire: ApiSubcategory): Subcategory | null {
  if (!hasFields(wire, ['ArticleGroup2ID', 'MainGroupID'], ['Name'])) {
    return missingData('subcategory', wire);
  }
  return {
    ArticleGroup2ID: wire.ArticleGroup2ID,
    MainGroupID: wire.MainGroupID,
    Name: wire.Name,
    minPrice: money(wire.minPrice),
    maxPrice: money(wire.maxPrice),
    articlesCount: isNumber(wire.articlesCount) ? wire.articlesCount : 0,
    custom: flag(wire.custom),
    groups: mapList(wire.groups, toGroup),
  };
}

/** Maps a main group; needs id and name. `Tekstil` is shown as `Klær`. */
export function toCategory(wire: ApiCategory): Category | null {
  if (!hasFields(wire, ['id'], ['name'])) return missingData('category', wire);
  return {
    id: wire.id,
    name: displayCategoryName(wire.name),
    count: isNumber(wire.count) ? wire.count : 0,
    banner: picture('category', wire, 'banner', wire.banner),
    // Only a link safeHref passes reaches a page; another is dropped, not linked.
    bannerLink: safeHref(textOrNull(wire.bannerLink))?.href ?? null,
    current_page: isNumber(wire.current_page) ? wire.current_page : 1,
    last_page: isNumber(wire.last_page) ? wire.last_page : 1,
    minPrice: money(wire.minPrice),
    maxPrice: money(wire.maxPrice),
    subcategories: mapList(wire.subcategories, toSubcategory),
    availableProductlines: mapList(wire.availableProductlines, toProductLine),
  };
}

/** Maps a bestseller rank; needs all three numbers. */
export function toBestseller(wire: ApiBestseller): Bestseller | null {
  if (!hasFields(wire, ['article_id', 'qty_rank', 'turnover_rank'])) {
    return missingData('bestseller', wire);
  }
  return {
    article_id: wire.article_id,
    qty_rank: wire.qty_rank,
    turnover_rank: wire.turnover_rank,
  };
}
