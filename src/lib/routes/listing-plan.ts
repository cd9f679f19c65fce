/**
 * Which listings the build pre-renders and how it fetches the first page of each: every
 * category, subcategory and group page of the catch-all route, the same pages scoped to each
 * gender route (`/herre/klaer/jakker`), and each gender's own page (`/herre`). The loader
 * (src/content/loaders/listings.ts) fetches parents before children and skips the children of
 * a listing with no articles, so an empty branch costs one request.
 */

import type { ListingScope } from '../domain/listing-query.ts';
import type { PriceRange } from '../domain/price-slider.ts';
import type { Category, ProductLine } from '../types.ts';
import type { GenderRoute } from './catalogue-routes.ts';
import { categoryPages } from './category-pages.ts';

/** One listing the build may pre-render. */
export interface ListingPlan {
  /** `/klaer/jakker`, `/herre/klaer/jakker`, `/herre` or an alias like `/goggles`. */
  path: string;
  title: string;
  /** The listing one level up, fetched first; null for categories and gender pages. */
  parent: string | null;
  trail: Array<{ name: string; path: string }>;
  /** Narrower listings, linked from this one when they have articles. */
  children: Array<{ label: string; path: string }>;
  scope: ListingScope;
  /**
   * Where page one comes from: a main group's own endpoint, a search with the scope's filter
   * string, or (for the spec's short aliases) the listing at another path.
   */
  source: { kind: 'category'; id: number } | { kind: 'search' } | { kind: 'alias'; of: string };
  /** Articles the API already counted (categories, subcategories); null when unknown. */
  knownCount: number | null;
  /** The price slider's range in kroner. */
  priceRange: PriceRange;
  productLines: ProductLine[];
}

/** A price range in øre as whole kroner that still contain it. */
export function kronerRange(minOre: number, maxOre: number): PriceRange {
  const min = Math.floor(Math.min(minOre, maxOre) / 100);
  const max = Math.ceil(Math.max(minOre, maxOre) / 100);
  return { min: Math.max(0, min), max: Math.max(0, min, max) };
}

/** A category path scoped to a gender route: `herre`, `/klaer/jakker` -> `/herre/klaer/jakker`. */
export function genderScopedPath(genderSlug: string, categoryPathname: string): string {
  return `/${genderSlug}${categoryPathname === '/' ? '' : categoryPathname}`;
}

/** The title of a gender-scoped listing: `Jakker`, `Barn og junior` -> `Jakker for barn og junior`. */
export function genderScopedTitle(title: string, genderLabel: string): string {
  return `${title} for ${genderLabel.toLocaleLowerCase('nb')}`;
}

function uniqueLines(lines: readonly ProductLine[]): ProductLine[] {
  const byId = new Map(lines.map((l) => [l.ProductLineID, l]));
  return [...byId.values()].sort((a, b) => a.Name.localeCompare(b.Name, 'nb'));
}

/**
 * Plans every listing for `categories` (the brand's menu categories) and `genders` (the
 * brand's gender routes); `all` is every category, among which paths are settled (see
 * categoryPages). Paths are unique; parents come before their children.
 */
export function planListings(
  categories: readonly Category[],
  genders: readonly GenderRoute[],
  all: readonly Category[] = categories,
): ListingPlan[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const base: ListingPlan[] = [];
  for (const page of categoryPages(categories, all)) {
    const category = byId.get(page.scope.mainGroupId);
    if (!category) continue;
    const sub = category.subcategories.find((s) => s.ArticleGroup2ID === page.scope.group2Id);
    const group3 =
      page.scope.group3Ids ??
      (sub ? [sub] : category.subcategories).flatMap((s) => s.groups.map((g) => g.articleGroup3ID));
    const parentTrail = page.trail.at(-2);
    // categoryPages copies a page to its alias path; the trail still ends at that page's own
    // path, which tells the alias apart. Page one is that page's when it shows the same groups.
    const aliasOf = page.trail.at(-1)?.path !== page.path ? page.trail.at(-1)?.path : undefined;
    const target = aliasOf === undefined ? undefined : base.find((p) => p.path === aliasOf);
    const sameAsTarget = target?.scope.group3?.join() === group3.join();
    base.push({
      path: page.path,
      title: page.title,
      parent: aliasOf ?? parentTrail?.path ?? null,
      trail: page.trail,
      children: page.children.map((c) => ({ label: c.label, path: c.href })),
      scope: { group3 },
      source:
        aliasOf !== undefined && sameAsTarget
          ? { kind: 'alias', of: aliasOf }
          : page.scope.group2Id === undefined
            ? { kind: 'category', id: category.id }
            : { kind: 'search' },
      knownCount: page.count,
      priceRange: sub
        ? kronerRange(sub.minPrice, sub.maxPrice)
        : kronerRange(category.minPrice, category.maxPrice),
      productLines: uniqueLines(category.availableProductlines),
    });
  }

  const allGroups = categories.flatMap((c) =>
    c.subcategories.flatMap((s) => s.groups.map((g) => g.articleGroup3ID)),
  );
  const withArticles = categories.filter((c) => c.count > 0);
  const wholeRange = withArticles.length
    ? kronerRange(
        Math.min(...withArticles.map((c) => c.minPrice)),
        Math.max(...withArticles.map((c) => c.maxPrice)),
      )
    : { min: 0, max: 0 };
  const allLines = uniqueLines(categories.flatMap((c) => c.availableProductlines));

  const scoped = genders.flatMap((gender): ListingPlan[] => {
    const root = `/${gender.slug}`;
    const scope = (plan: ListingPlan): ListingScope => ({
      ...plan.scope,
      genders: gender.genderIds,
    });
    const own = base.filter((plan) => plan.trail.at(-1)?.path === plan.path);
    return [
      {
        path: root,
        title: gender.label,
        parent: null,
        trail: [{ name: gender.label, path: root }],
        children: own
          .filter((plan) => plan.parent === null)
          .map((plan) => ({ label: plan.title, path: genderScopedPath(gender.slug, plan.path) })),
        scope: { genders: gender.genderIds, group3: allGroups },
        source: { kind: 'search' },
        knownCount: null,
        priceRange: wholeRange,
        productLines: allLines,
      },
      ...own.map((plan) => ({
        ...plan,
        path: genderScopedPath(gender.slug, plan.path),
        title: genderScopedTitle(plan.title, gender.label),
        parent: genderScopedPath(gender.slug, plan.parent ?? ''),
        trail: [
          { name: gender.label, path: root },
          ...plan.trail.map((t) => ({ ...t, path: genderScopedPath(gender.slug, t.path) })),
        ],
        children: plan.children.map((c) => ({
          ...c,
          path: genderScopedPath(gender.slug, c.path),
        })),
        scope: scope(plan),
        source: { kind: 'search' as const },
        knownCount: null,
      })),
    ];
  });

  const plans = [...base, ...scoped];
  const seen = new Set<string>();
  for (const plan of plans) {
    if (seen.has(plan.path)) throw new Error(`Two listings want ${plan.path}.`);
    seen.add(plan.path);
  }
  return plans;
}

/** How many ancestors a plan has (0 for top listings), to fetch level by level. */
export function planDepth(plan: ListingPlan, byPath: ReadonlyMap<string, ListingPlan>): number {
  let depth = 0;
  for (let at = plan.parent; at !== null; at = byPath.get(at)?.parent ?? null) depth += 1;
  return depth;
}
