import { slugify } from '../domain/slug.ts';

/** A gender route of SPEC section 2 and the gender ids its listing shows. */
export interface GenderRoute {
  slug: string;
  label: string;
  genderIds: number[];
}

/**
 * The gender routes. `voksen` is not here: SPEC maps it to `uni`, which the host does with
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
 * The label the menu shows for a gender: SPEC shows Unisex as 'Uni'; other names as the
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

/**
 * Category catch-all paths: `/{category}/{subcategory}/{group}`, each segment the slug of
 * the display name (so `Tekstil`, shown as Klær, lives at `/klaer`).
 */
export function categoryPath(...names: string[]): string {
  return `/${names.map(slugify).join('/')}`;
}

/**
 * SPEC's short aliases on the category route, all in the winter-sports main group:
 * `goggles` shows goggles under helmets and alpine goggles, `hjelmer` alpine helmets,
 * `staver` alpine poles. Values are the subcategory (article group 2) names they show.
 */
export const categoryAliases: Readonly<Record<string, string>> = {
  goggles: 'Goggles',
  hjelmer: 'Hjelmer',
  staver: 'Staver',
};
