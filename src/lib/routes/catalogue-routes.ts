import { routedPageIds } from '../content/pages.ts';
import { uniqueSlugs } from '../domain/slug.ts';
import { fixedRedirects } from './redirects.ts';

/** A gender route of docs/spec.md §2 and the gender ids its listing shows. */
export interface GenderRoute {
  slug: string;
  label: string;
  genderIds: number[];
}

/**
 * The gender routes. `voksen` is not here: the spec maps it to `uni`, which the host does with
 * a 301 (see redirects.ts) so one listing has one URL. `barn-junior` shows both.
 */
export const genderRoutes: readonly GenderRoute[] = [
  { slug: 'herre', label: 'Herre', genderIds: [1] },
  { slug: 'dame', label: 'Dame', genderIds: [2] },
  { slug: 'junior', label: 'Junior', genderIds: [11] },
  { slug: 'barn', label: 'Barn', genderIds: [4] },
  { slug: 'uni', label: 'Uni', genderIds: [10] },
  { slug: 'barn-junior', label: 'Barn og junior', genderIds: [4, 11] },
];

/**
 * The label the menu shows for a gender: the spec shows Unisex as 'Uni'; other names as the
 * server gives them.
 */
export function genderLabel(name: string): string {
  return name === 'Unisex' ? 'Uni' : name;
}

/** The route of a single gender id, e.g. 1 -> `/herre`, or null for an unknown id. */
export function genderPath(genderId: number): string | null {
  const route = genderRoutes.find((r) => r.genderIds.length === 1 && r.genderIds[0] === genderId);
  return route ? `/${route.slug}` : null;
}

/** What a short alias shows: named article groups 3 of one subcategory (article group 2). */
export interface CategoryAlias {
  subcategory: string;
  groups: readonly string[];
}

/**
 * the spec's short aliases on the category route, all in the winter-sports main group:
 * `goggles` shows goggles under helmets and alpine goggles, `hjelmer` alpine helmets,
 * `staver` alpine poles. Each names its groups, so visor helmets and telescopic poles, in
 * the same subcategories, stay out.
 */
export const categoryAliases: Readonly<Record<string, CategoryAlias>> = {
  goggles: { subcategory: 'Goggles', groups: ['Goggles til hjelm', 'Alpinbriller'] },
  hjelmer: { subcategory: 'Hjelmer', groups: ['Alpinhjelmer'] },
  staver: { subcategory: 'Staver', groups: ['Alpinstaver'] },
};

/**
 * First path segments a category may not take bare, as another page has them: the gender
 * routes, the spec's aliases, the fixed pages and redirects, the URL-driven shells, the blog
 * and the public folder `brands`. (A category's slug never holds `_` or `.`, so host files and
 * `_astro` are safe anyway.)
 */
export const reservedCategorySegments: ReadonlySet<string> = new Set([
  ...genderRoutes.map((r) => r.slug),
  'voksen',
  ...Object.keys(categoryAliases),
  ...routedPageIds,
  ...fixedRedirects.map((r) => r.from.slice(1)),
  'kundeservice',
  'checkout',
  'search',
  'utvalg',
  'product',
  'article',
  'preview',
  'brands',
  'blogg',
]);

/** A category tree as far as its paths need it. */
export interface CategoryNames {
  id: number;
  name: string;
  subcategories?: ReadonlyArray<{
    ArticleGroup2ID: number;
    Name: string;
    groups?: ReadonlyArray<{ articleGroup3ID: number; name: string }>;
  }>;
}

/** The paths of the category catch-all route, looked up by ids; null for an unknown one. */
export interface CategoryRoutes {
  category(categoryId: number): string | null;
  subcategory(categoryId: number, subcategoryId: number): string | null;
  group(categoryId: number, subcategoryId: number, group3Id: number): string | null;
}

/** The paths of frozen category lists, which cannot change: a build's (startupList). */
const routesOfFrozen = new WeakMap<readonly CategoryNames[], CategoryRoutes>();

/**
 * Category catch-all paths: `/{category}/{subcategory}/{group}`, each segment the slug of
 * the display name (so `Tekstil`, shown as Klær, lives at `/klaer`), unique among its
 * siblings by {@link uniqueSlugs}; a category never takes a reserved segment bare. Every
 * page and link to a listing takes its path from here, so they always agree. Made once for
 * a frozen list: every page of a build asks for its menu's and trail's paths (40 µs each).
 */
export function categoryRoutes(categories: readonly CategoryNames[]): CategoryRoutes {
  if (!Object.isFrozen(categories)) return makeCategoryRoutes(categories);
  let routes = routesOfFrozen.get(categories);
  if (!routes) {
    routes = makeCategoryRoutes(categories);
    routesOfFrozen.set(categories, routes);
  }
  return routes;
}

function makeCategoryRoutes(categories: readonly CategoryNames[]): CategoryRoutes {
  const paths = new Map<string, string>();
  const top = uniqueSlugs(categories, 'category', reservedCategorySegments);
  for (const category of categories) {
    const catPath = `/${top.get(category.id) ?? category.id}`;
    paths.set(`${category.id}`, catPath);
    const subs = category.subcategories ?? [];
    const subSlugs = uniqueSlugs(
      subs.map((s) => ({ id: s.ArticleGroup2ID, name: s.Name })),
      'subcategory',
    );
    for (const sub of subs) {
      const subPath = `${catPath}/${subSlugs.get(sub.ArticleGroup2ID) ?? sub.ArticleGroup2ID}`;
      paths.set(`${category.id}/${sub.ArticleGroup2ID}`, subPath);
      const groups = sub.groups ?? [];
      const groupSlugs = uniqueSlugs(
        groups.map((g) => ({ id: g.articleGroup3ID, name: g.name })),
        'group',
      );
      for (const group of groups) {
        paths.set(
          `${category.id}/${sub.ArticleGroup2ID}/${group.articleGroup3ID}`,
          `${subPath}/${groupSlugs.get(group.articleGroup3ID) ?? group.articleGroup3ID}`,
        );
      }
    }
  }
  return {
    category: (c) => paths.get(`${c}`) ?? null,
    subcategory: (c, s) => paths.get(`${c}/${s}`) ?? null,
    group: (c, s, g) => paths.get(`${c}/${s}/${g}`) ?? null,
  };
}
