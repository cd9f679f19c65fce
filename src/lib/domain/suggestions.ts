/**
 * Matching rules of the header search suggestions: names are compared folded (case,
 * Norwegian letters and accents ignored), so `jakke` finds `Vinterjakker` and `bla` finds
 * `Blå`. The article suggestions come from the search engine; this file only ranks the
 * categories, which the page already knows.
 */

import { foldNorwegian } from '../../../contract/text.ts';

/** A listing the suggestions can point to. */
export interface CategorySuggestion {
  /** The listing's own name, e.g. `Jakker`. */
  label: string;
  /** Where it sits, e.g. `Klær › Jakker`, so same-named listings can be told apart. */
  context: string;
  /** The listing's path, e.g. `/klaer/jakker`. */
  href: string;
}

/** Category suggestions shown at most (the rest of the list is for articles). */
export const CATEGORY_SUGGESTION_LIMIT = 4;

/** Article suggestions asked for. */
export const ARTICLE_SUGGESTION_LIMIT = 6;

/** Milliseconds the field waits after the last keystroke before it asks the server. */
export const SUGGESTION_DEBOUNCE_MS = 200;

/**
 * Folds a name for comparison: the project's one folding rule (contract/text.ts: case, æøå,
 * accents), then every run of whitespace or punctuation made one space.
 */
export function foldName(text: string): string {
  return foldNorwegian(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The categories whose folded label contains the folded query, best first: a label that
 * starts with the query, then one with a word that does, then any other match; ties keep
 * the given order. Same paths are listed once. A query that folds to nothing matches none.
 */
export function matchCategories(
  query: string,
  categories: readonly CategorySuggestion[],
  limit: number = CATEGORY_SUGGESTION_LIMIT,
): CategorySuggestion[] {
  const wanted = foldName(query);
  if (wanted === '') return [];
  const ranked: Array<{ rank: number; index: number; item: CategorySuggestion }> = [];
  const seen = new Set<string>();
  categories.forEach((item, index) => {
    if (seen.has(item.href)) return;
    const label = foldName(item.label);
    const at = label.indexOf(wanted);
    if (at < 0) return;
    seen.add(item.href);
    const rank = at === 0 ? 0 : label.includes(` ${wanted}`) ? 1 : 2;
    ranked.push({ rank, index, item });
  });
  return ranked
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, Math.max(0, limit))
    .map((r) => r.item);
}

/** Whether a value read from the category file has the shape of a {@link CategorySuggestion}. */
export function isCategorySuggestion(value: unknown): value is CategorySuggestion {
  const v = value as CategorySuggestion;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.label === 'string' &&
    typeof v.context === 'string' &&
    typeof v.href === 'string' &&
    v.href.startsWith('/')
  );
}

/** What {@link toCategorySuggestions} reads of a pre-rendered listing page. */
export interface ListingPage {
  path: string;
  title: string;
  trail: ReadonlyArray<{ name: string; path: string }>;
}

/**
 * The suggestion entries of the build's listing pages, broadest first as given. Short
 * aliases (a page whose path is not the end of its own trail) are left out, so a listing
 * is suggested once, under its real path.
 */
export function toCategorySuggestions(pages: readonly ListingPage[]): CategorySuggestion[] {
  return pages
    .filter((page) => page.trail.at(-1)?.path === page.path)
    .map((page) => ({
      label: page.title,
      context: page.trail.map((t) => t.name).join(' › '),
      href: page.path,
    }));
}
