/**
 * URL slugs (SPEC 9): lowercase, spaces to hyphens, æ to ae, ø to o, å to a.
 * Beyond SPEC, so that a slug is always a safe path segment: other accented letters lose
 * their accent (é -> e), any character outside a-z, 0-9 and `-` is dropped, runs of
 * hyphens collapse to one and leading or trailing hyphens are trimmed.
 */

/** Turns a display name into a slug: `Fjellsko Ærlig Ø-Blå 2` -> `fjellsko-aerlig-o-bla-2`. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replaceAll('æ', 'ae')
    .replaceAll('ø', 'o')
    .replaceAll('å', 'a')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/\s+/gu, '-')
    .replace(/[^a-z0-9-]/gu, '')
    .replace(/-{2,}/gu, '-')
    .replace(/^-|-$/gu, '');
}

/** Something with an id and a display name, e.g. an article. */
export interface Nameable {
  id: number;
  name: string;
}

/**
 * The name-based product route of SPEC 2: `/product/{slug}`. Pages that must tell
 * same-named articles apart use {@link uniqueSlugs} instead; a name with no usable
 * character falls back to the id.
 */
export function productPath(article: Nameable): string {
  return `/product/${slugify(article.name) || String(article.id)}`;
}

/**
 * Gives every item a slug that no other item shares. A name whose slug is unique keeps it;
 * names that collide all get `-{id}` appended; an item whose slug still clashes (say
 * `Jakke 12` beside two `Jakke` of which one has id 12) gets its id appended again.
 * Empty slugs become the id. Deterministic: the answer depends only on the items, and
 * items are examined in the given order.
 */
export function uniqueSlugs(items: readonly Nameable[]): Map<number, string> {
  const base = items.map((item) => slugify(item.name) || String(item.id));
  const counts = new Map<string, number>();
  for (const slug of base) counts.set(slug, (counts.get(slug) ?? 0) + 1);

  const result = new Map<number, string>();
  const taken = new Set<string>();
  // Unique names first, so a suffixed slug never takes a name-only slug away.
  items.forEach((item, i) => {
    const slug = base[i] ?? '';
    if (counts.get(slug) === 1) {
      result.set(item.id, slug);
      taken.add(slug);
    }
  });
  items.forEach((item, i) => {
    if (result.has(item.id)) return;
    let slug = `${base[i] ?? ''}-${item.id}`;
    while (taken.has(slug)) slug = `${slug}-${item.id}`;
    result.set(item.id, slug);
    taken.add(slug);
  });
  return result;
}
