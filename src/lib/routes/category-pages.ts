import type { Category } from '../types.ts';
import { categoryAliases, categoryPath } from './catalogue-routes.ts';

/** A link to a narrower listing. */
export interface CategoryLink {
  label: string;
  href: string;
  /** Articles behind the link, when the API tells (it does not for groups). */
  count: number | null;
}

/** One pre-rendered page of the category catch-all route. */
export interface CategoryPage {
  /** `/klaer`, `/klaer/jakker`, `/klaer/jakker/vinterjakker`, or an alias like `/goggles`. */
  path: string;
  title: string;
  count: number | null;
  /** What the listing shows: the main group and, when narrower, article groups 2 and 3. */
  scope: { mainGroupId: number; group2Id?: number; group3Id?: number };
  trail: Array<{ name: string; path: string }>;
  children: CategoryLink[];
}

/**
 * Every page of the category catch-all: one per category, subcategory and group that has
 * articles, plus SPEC's short aliases (`goggles`, `hjelmer`, `staver`) for the
 * winter-sports subcategories that exist. Paths are unique; a clash is a data error and
 * throws, naming both.
 */
export function categoryPages(categories: readonly Category[]): CategoryPage[] {
  const pages: CategoryPage[] = [];
  for (const category of categories) {
    if (category.count === 0) continue;
    const catPath = categoryPath(category.name);
    const subs = category.subcategories.filter((s) => s.articlesCount > 0);
    pages.push({
      path: catPath,
      title: category.name,
      count: category.count,
      scope: { mainGroupId: category.id },
      trail: [{ name: category.name, path: catPath }],
      children: subs.map((s) => ({
        label: s.Name,
        href: categoryPath(category.name, s.Name),
        count: s.articlesCount,
      })),
    });
    for (const sub of subs) {
      const subPath = categoryPath(category.name, sub.Name);
      const subTrail = [
        { name: category.name, path: catPath },
        { name: sub.Name, path: subPath },
      ];
      const subPage: CategoryPage = {
        path: subPath,
        title: sub.Name,
        count: sub.articlesCount,
        scope: { mainGroupId: category.id, group2Id: sub.ArticleGroup2ID },
        trail: subTrail,
        children: sub.groups.map((g) => ({
          label: g.name,
          href: categoryPath(category.name, sub.Name, g.name),
          count: null,
        })),
      };
      pages.push(subPage);
      for (const group of sub.groups) {
        const path = categoryPath(category.name, sub.Name, group.name);
        pages.push({
          path,
          title: group.name,
          count: null,
          scope: {
            mainGroupId: category.id,
            group2Id: sub.ArticleGroup2ID,
            group3Id: group.articleGroup3ID,
          },
          trail: [...subTrail, { name: group.name, path }],
          children: [],
        });
      }
      const alias = Object.entries(categoryAliases).find(([, name]) => name === sub.Name)?.[0];
      if (alias) pages.push({ ...subPage, path: `/${alias}` });
    }
  }
  const seen = new Map<string, string>();
  for (const page of pages) {
    const other = seen.get(page.path);
    if (other)
      throw new Error(`Two category pages want ${page.path}: "${other}" and "${page.title}".`);
    seen.set(page.path, page.title);
  }
  return pages;
}
