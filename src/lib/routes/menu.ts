import type { Brand } from '../../brands/schema.ts';
import { categoryRoutes, genderLabel, genderPath } from './catalogue-routes.ts';

/** One menu entry. `group` lets the header lay the three kinds out apart. */
export interface MenuEntry {
  label: string;
  href: string;
  group: 'gender' | 'category' | 'service';
}

/** The entries whose flag is on, as service links. */
function shown(entries: ReadonlyArray<[boolean, string, string]>): MenuEntry[] {
  return entries.filter(([on]) => on).map(([, label, href]) => ({ label, href, group: 'service' }));
}

/** The brand pages that a menu or footer may link to, in menu order. */
export function servicePages(brand: Brand): MenuEntry[] {
  return shown([
    [brand.pages.support, 'Kundeservice', '/kundeservice'],
    [brand.pages.maintenance, 'Vedlikehold', '/vedlikehold'],
    [brand.pages.about, 'Om', '/om-oss'],
    [brand.pages.info, 'Informasjon', '/informasjon'],
  ]);
}

/** The footer's links to the shop finder, the blog and polls, on the brands that have them. */
export function contentPages(brand: Brand): MenuEntry[] {
  return shown([
    [brand.pages.shops, 'Butikker', '/butikker'],
    [brand.pages.blog, 'Blogg', '/blogg'],
    [brand.pages.polls, 'Avstemning', '/avstemning'],
  ]);
}

/**
 * the spec's menu: gender entries (Unisex shown as 'Uni'), the configured categories (already
 * carrying display names, so the server word Tekstil arrives as Klær), then the brand's
 * Kundeservice, Vedlikehold, Om and Informasjon. Ids the brand configures but the API does
 * not know are left out rather than linked to a page that does not exist.
 */
export function buildMenu(
  brand: Brand,
  genders: ReadonlyArray<{ id: number; name: string }>,
  categories: ReadonlyArray<{ id: number; name: string }>,
): MenuEntry[] {
  const genderEntries = brand.menu.genders.flatMap((id) => {
    const gender = genders.find((g) => g.id === id);
    const href = genderPath(id);
    return gender && href
      ? [{ label: genderLabel(gender.name), href, group: 'gender' as const }]
      : [];
  });
  const routes = categoryRoutes(categories);
  const categoryEntries = brand.menu.categories.flatMap((id) => {
    const category = categories.find((c) => c.id === id);
    const href = routes.category(id);
    return category && href ? [{ label: category.name, href, group: 'category' as const }] : [];
  });
  return [...genderEntries, ...categoryEntries, ...servicePages(brand)];
}
