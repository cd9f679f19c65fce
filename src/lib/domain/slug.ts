/**
 * Names become path segments here, and only here. The folding and slug rule itself is the
 * one the server shares (contract/text.ts); this file makes slugs unique among the items
 * that share a path prefix, and keeps them stable.
 *
 * The segments it answers (ids are positive integers):
 * - `{slug}`: the item's name as a slug, when no item with a lower id has the same slug;
 * - `{slug}--{id}`: the name's slug is taken by a lower id, names only digits (a path of
 *   digits means an id, see {@link productPath}), or is a reserved segment;
 * - `{id}`: the name has no letter or digit to slug.
 * A slug never holds `--`, so a suffixed segment never equals a name's slug; the id makes
 * suffixed segments distinct; a bare id is never a name's slug, since all-digit slugs are
 * always suffixed. Every item therefore gets its own segment.
 */

import { slugify } from '../../../contract/text.ts';
import { buildSlot } from '../build-channel.ts';

export { slugify };

/** Something with an id and a display name, e.g. an article. */
export interface Nameable {
  id: number;
  name: string;
}

/** What kind of thing a name belongs to; named in the clash warning. */
export type SlugKind =
  | 'category'
  | 'subcategory'
  | 'group'
  | 'article'
  | 'blog post'
  | 'blog category'
  | 'preview'
  | 'shop';

const allDigits = /^\d+$/u;

// Every page of a build asks for the menu's paths; each clash is worth one warning.
const warned = new Set<string>();
function warnOnce(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(message);
}

const noSegments: ReadonlySet<string> = new Set();

// The slugs of the names slugged so far, in the build's channel (../build-channel.ts): the
// content sync's loaders and the server bundle each run their own copy of this module, anew
// for every build of a warm build process (builder/astro-child.ts), while the channel is one
// for the process. A build slugs each article's name twice (its page's path in the products
// loader, and the links' exceptions in the pages), every build the same 50,000 names, and a
// name's slug never changes: a lookup costs a tenth of folding the name.
const known = buildSlot<Map<string, string>>('slugs', new Map());
const KNOWN_SLUGS = 200_000;

/** {@link slugify}`(name)`, from {@link known} when slugged before. */
function slugOf(name: string): string {
  let slug = known.value.get(name);
  if (slug === undefined) {
    if (known.value.size >= KNOWN_SLUGS) known.value.clear();
    slug = slugify(name);
    known.value.set(name, slug);
  }
  return slug;
}

/** The segment of an item that no lower id shares its slug with. */
function ownSegment(slug: string, id: number, reserved: ReadonlySet<string>): string {
  if (slug === '') return String(id);
  return allDigits.test(slug) || reserved.has(slug) ? `${slug}--${id}` : slug;
}

/**
 * Gives every item a path segment no other item shares (the forms are in this file's
 * header). Among items whose names give one slug, the lowest id keeps the slug and the
 * others get `--{id}`; `reserved` segments (another page's path) are never given bare.
 * Every item that does not get its name's slug is named in a `console.warn` (once per clash
 * and build), so the build goes on and the data can be fixed.
 *
 * Stability: an item's segment depends only on its own name and id and on whether a lower
 * id has the same slug. Adding an item therefore changes no existing segment, except that
 * the one item that held the same bare slug becomes `{slug}--{id}` when the new item's id is
 * lower than its own.
 */
export function uniqueSlugs(
  items: readonly Nameable[],
  kind: SlugKind,
  reserved: ReadonlySet<string> = new Set(),
): Map<number, string> {
  const result = new Map<number, string>();
  // An item alone with its slug, as nearly every article is, is kept without an array of its own.
  const bySlug = new Map<string, Nameable | Nameable[]>();
  for (const item of items) {
    const slug = slugOf(item.name);
    if (slug === '') {
      result.set(item.id, String(item.id));
      warnOnce(
        `Slug (${kind}): ${item.id} ${JSON.stringify(item.name)} has no letter or digit -> ${item.id}`,
      );
      continue;
    }
    const others = bySlug.get(slug);
    if (others === undefined) bySlug.set(slug, item);
    else if (Array.isArray(others)) others.push(item);
    else bySlug.set(slug, [others, item]);
  }
  for (const [slug, group] of bySlug) {
    const sorted = Array.isArray(group) ? group.sort((a, b) => a.id - b.id) : [group];
    sorted.forEach((item, i) =>
      result.set(item.id, i === 0 ? ownSegment(slug, item.id, reserved) : `${slug}--${item.id}`),
    );
    if (sorted.length > 1 || result.get(sorted[0]?.id ?? 0) !== slug) {
      const why = sorted.length > 1 ? 'shared' : 'digits only or reserved';
      const named = sorted.map(
        (it) => `${it.id} ${JSON.stringify(it.name)} -> ${result.get(it.id)}`,
      );
      warnOnce(`Slug clash (${kind}): "${slug}" is ${why}: ${named.join('; ')}`);
    }
  }
  return result;
}

/**
 * The name-based product route of docs/spec.md §2 for an article the build may not know, e.g. a
 * search hit: `/product/{slug}`, with the forms of {@link uniqueSlugs} for a name of digits
 * only (`/product/12--5`, never another article's id) or none (`/product/5`). It equals the
 * built page's path unless a lower id has the same slug; the build warns of that.
 */
export function productPath(article: Nameable): string {
  return `/product/${ownSegment(slugOf(article.name), article.id, noSegments)}`;
}

/** FNV-1a over UTF-16 code units: a small, stable number for a name, never 0. */
function nameHash(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i += 1) {
    hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193) >>> 0;
  }
  return hash || 1;
}

/**
 * {@link uniqueSlugs} for things known only by their name, such as home previews: each
 * name's id is a hash of it, so the suffix a clash needs stays the same across builds
 * (two names with one hash, a 1 in 4 billion chance, are told apart in sorted order).
 */
export function nameSlugs(names: readonly string[], kind: SlugKind): Map<string, string> {
  const ids = new Map<string, number>();
  const taken = new Set<number>();
  for (const name of [...new Set(names)].sort()) {
    let id = nameHash(name);
    while (taken.has(id)) id += 1;
    taken.add(id);
    ids.set(name, id);
  }
  const slugs = uniqueSlugs(
    [...ids].map(([name, id]) => ({ id, name })),
    kind,
  );
  return new Map([...ids].map(([name, id]) => [name, slugs.get(id) ?? String(id)]));
}

/**
 * Product page segments that differ from what {@link productPath} guesses from a name alone:
 * ids whose name's slug a lower id holds (`jakke--20`). Empty when names are unique, as they
 * are in the chain's data; the build publishes it (src/pages/product-paths.json.ts) so cards
 * drawn in the browser link to the right page too.
 */
export type ProductPathExceptions = ReadonlyMap<number, string>;

/** The {@link ProductPathExceptions} of articles whose built segments are `segments`. */
export function productPathExceptions(
  articles: readonly Nameable[],
  segments: ReadonlyMap<number, string>,
): Map<number, string> {
  const exceptions = new Map<number, string>();
  for (const article of articles) {
    const segment = segments.get(article.id);
    if (segment !== undefined && `/product/${segment}` !== productPath(article)) {
      exceptions.set(article.id, segment);
    }
  }
  return exceptions;
}

/** The path of an article's product page, knowing the build's exceptions. */
export function productHref(article: Nameable, exceptions: ProductPathExceptions): string {
  const segment = exceptions.get(article.id);
  return segment === undefined ? productPath(article) : `/product/${segment}`;
}

/**
 * The articles with `path` set where {@link productPath} would guess wrong, so a card links
 * to the article's own page; other articles are answered as they are.
 */
export function withProductPaths<T extends Nameable>(
  articles: readonly T[],
  exceptions: ProductPathExceptions,
): Array<T & { path?: string }> {
  return articles.map((article) =>
    exceptions.has(article.id) ? { ...article, path: productHref(article, exceptions) } : article,
  );
}
