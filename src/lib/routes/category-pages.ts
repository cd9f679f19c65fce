import type { Category } from '../types.ts';
import { categoryAliases, categoryRoutes } from './catalogue-routes.ts';

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
  scope: { mainGroupId: number; group2Id?: number; group3Ids?: number[] };
  trail: Array<{ name: string; path: string }>;
  children: CategoryLink[];
}

/**
 * Every page of the category catch-all: one per category, subcategory and group that has
 * articles, plus the spec's short aliases (`goggles`, `hjelmer`, `staver`), each scoped to
 * exactly the groups it names within its subcategory (the first one with the name that
 * has any of them). An alias is a copy of the page that shows the same groups (the
 * subcategory when it names them all, the group when it names one), its trail ending
 * there; naming some of several, it is the subcategory's page narrowed to them. Paths
 * come from {@link categoryRoutes}, so they are unique: names that give one slug are told
 * apart with a warning, never a failed build. `all` is every category the API knows: paths
 * are settled among all of them, so a brand's menu choice never moves a page.
 */
export function categoryPages(
  categories: readonly Category[],
  all: readonly Category[] = categories,
): CategoryPage[] {
  const routes = categoryRoutes(all);
  const pathOf = (path: string | null): string => path ?? '/';
  const aliased = new Set<string>();
  const pages: CategoryPage[] = [];
  for (const category of categories) {
    if (category.count === 0) continue;
    const catPath = pathOf(routes.category(category.id));
    const subs = category.subcategories.filter((s) => s.articlesCount > 0);
    pages.push({
      path: catPath,
      title: category.name,
      count: category.count,
      scope: { mainGroupId: category.id },
      trail: [{ name: category.name, path: catPath }],
      children: subs.map((s) => ({
        label: s.Name,
        href: pathOf(routes.subcategory(category.id, s.ArticleGroup2ID)),
        count: s.articlesCount,
      })),
    });
    for (const sub of subs) {
      const subPath = pathOf(routes.subcategory(category.id, sub.ArticleGroup2ID));
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
          href: pathOf(routes.group(category.id, sub.ArticleGroup2ID, g.articleGroup3ID)),
          count: null,
        })),
      };
      pages.push(subPage);
      for (const group of sub.groups) {
        const path = pathOf(routes.group(category.id, sub.ArticleGroup2ID, group.articleGroup3ID));
        pages.push({
          path,
          title: group.name,
          count: null,
          scope: {
            mainGroupId: category.id,
            group2Id: sub.ArticleGroup2ID,
            group3Ids: [group.articleGroup3ID],
          },
          trail: [...subTrail, { name: group.name, path }],
          children: [],
        });
      }
      for (const [alias, { subcategory, groups }] of Object.entries(categoryAliases)) {
        if (subcategory !== sub.Name || aliased.has(alias)) continue;
        const named = sub.groups.filter((g) => groups.includes(g.name));
        if (named.length === 0) continue;
        aliased.add(alias);
        const group3Ids = named.map((g) => g.articleGroup3ID);
        const paths = named.map((g) =>
          pathOf(routes.group(category.id, sub.ArticleGroup2ID, g.articleGroup3ID)),
        );
        const target =
          named.length === sub.groups.length
            ? subPage
            : named.length === 1
              ? pages.find((p) => p.path === paths[0])
              : {
                  ...subPage,
                  count: null,
                  children: subPage.children.filter((c) => paths.includes(c.href)),
                };
        if (target) {
          pages.push({ ...target, path: `/${alias}`, scope: { ...target.scope, group3Ids } });
        }
      }
    }
  }
  return pages;
}
