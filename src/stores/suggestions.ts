import { atom } from 'nanostores';
import { searchArticles } from '../lib/api/catalogue.ts';
import { productHref } from '../lib/domain/slug.ts';
import {
  ARTICLE_SUGGESTION_LIMIT,
  isCategorySuggestion,
  matchCategories,
  SUGGESTION_DEBOUNCE_MS,
  type CategorySuggestion,
} from '../lib/domain/suggestions.ts';
import { normaliseSearchQuery } from '../lib/domain/search-query.ts';
import { loadProductPaths } from './product-paths.ts';
import { siteFile } from '../lib/site-file.ts';

/** Where the build writes the listings the suggestions may point to (src/pages). */
export const CATEGORY_SUGGESTIONS_URL = '/search-categories.json';

/** An article suggestion: enough to show and open it. */
export interface ArticleSuggestion {
  id: number;
  name: string;
  /** Øre. */
  price: number;
  href: string;
}

/** The suggestions for what the shopper has typed. */
export interface Suggestions {
  /** The normalised query they answer; empty when there is none. */
  query: string;
  /** `loading` while the server is asked; `error` when it could not answer. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  categories: CategorySuggestion[];
  articles: ArticleSuggestion[];
}

const none: Suggestions = { query: '', status: 'idle', categories: [], articles: [] };

/** The header field's current suggestions. */
export const $suggestions = atom<Suggestions>(none);

let timer: ReturnType<typeof setTimeout> | undefined;
let inFlight: AbortController | undefined;

/** The build's listing list, read once per page; a failure gives none and is tried again. */
const loadCategories = siteFile(
  CATEGORY_SUGGESTIONS_URL,
  (data): CategorySuggestion[] => (Array.isArray(data) ? data.filter(isCategorySuggestion) : []),
  () => [],
  'Could not load category suggestions',
);

function stopPending(): void {
  clearTimeout(timer);
  timer = undefined;
  inFlight?.abort();
  inFlight = undefined;
}

async function fetchSuggestions(query: string, controller: AbortController): Promise<void> {
  const [categories, paths, found] = await Promise.all([
    loadCategories(),
    loadProductPaths(),
    searchArticles({ query, take: ARTICLE_SUGGESTION_LIMIT, signal: controller.signal }).then(
      (answer) => answer.articles,
      (error: unknown) => (controller.signal.aborted ? [] : Promise.reject(error)),
    ),
  ]);
  // A newer keystroke took over while this was on its way: its answer is stale.
  if (controller.signal.aborted) return;
  $suggestions.set({
    query,
    status: 'ready',
    categories: matchCategories(query, categories),
    articles: found.slice(0, ARTICLE_SUGGESTION_LIMIT).map((a) => ({
      id: a.id,
      name: a.name,
      price: a.price,
      href: productHref(a, paths),
    })),
  });
}

/**
 * Asks for suggestions for what the field holds, once typing pauses for
 * {@link SUGGESTION_DEBOUNCE_MS}; a newer call cancels the wait and any request still on its
 * way. A query that normalises to nothing clears the suggestions at once.
 */
export function suggest(raw: string): void {
  stopPending();
  const query = normaliseSearchQuery(raw);
  if (query === null) {
    $suggestions.set(none);
    return;
  }
  if ($suggestions.get().query !== query)
    $suggestions.set({ ...$suggestions.get(), status: 'loading' });
  timer = setTimeout(() => {
    const controller = new AbortController();
    inFlight = controller;
    fetchSuggestions(query, controller).catch((error: unknown) => {
      if (controller.signal.aborted) return;
      console.error('Could not load search suggestions', error);
      $suggestions.set({ ...none, query, status: 'error' });
    });
  }, SUGGESTION_DEBOUNCE_MS);
}

/** Drops the suggestions and cancels what is pending (the field was left or emptied). */
export function clearSuggestions(): void {
  stopPending();
  $suggestions.set(none);
}
