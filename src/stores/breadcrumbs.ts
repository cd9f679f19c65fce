import { atom } from 'nanostores';

/** A visited page (docs/spec.md §3: name, params, title, scrollPosition). */
export interface BreadcrumbEntry {
  /** Route name, e.g. `category`, `product`, `home`. */
  name: string;
  /** The path and query of the page. */
  params: string;
  title: string;
  scrollPosition: number;
}

/** The spec: breadcrumb history keeps the last 10 entries. */
export const breadcrumbLimit = 10;
const storageKey = 'breadcrumbs';

function isEntry(value: unknown): value is BreadcrumbEntry {
  const v = value as BreadcrumbEntry;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.name === 'string' &&
    typeof v.params === 'string' &&
    typeof v.title === 'string' &&
    typeof v.scrollPosition === 'number'
  );
}

/** Reads the history from sessionStorage; a corrupt or foreign value counts as empty. */
function load(): BreadcrumbEntry[] {
  try {
    const parsed: unknown = JSON.parse(globalThis.sessionStorage?.getItem(storageKey) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isEntry).slice(-breadcrumbLimit) : [];
  } catch {
    return [];
  }
}

/** The visited pages of this tab, oldest first (the spec: kept in session storage). */
export const $breadcrumbs = atom<BreadcrumbEntry[]>(load());

$breadcrumbs.listen((entries) => {
  try {
    globalThis.sessionStorage?.setItem(storageKey, JSON.stringify(entries));
  } catch {
    // Storage full or blocked (private mode): the history then lives for this page only.
  }
});

/**
 * Records a visit. Revisiting the page on top (a reload) updates it instead of stacking a
 * duplicate; arriving at the page below the top (going back) drops the top, so the back
 * crumb never bounces between two pages. Only the last 10 entries are kept.
 */
export function pushBreadcrumb(entry: BreadcrumbEntry): void {
  const all = $breadcrumbs.get();
  const entries = all.at(-2)?.params === entry.params ? all.slice(0, -1) : all;
  const top = entries.at(-1);
  const next =
    top?.params === entry.params ? [...entries.slice(0, -1), entry] : [...entries, entry];
  $breadcrumbs.set(next.slice(-breadcrumbLimit));
}

/** Clears the history (the spec: home, search, bundle and category routes reset it). */
export function resetBreadcrumbs(): void {
  $breadcrumbs.set([]);
}

/** Where the back crumb leads from the page on top: the page before it, else home. */
export function backTarget(entries: readonly BreadcrumbEntry[]): string {
  return entries.at(-2)?.params ?? '/';
}
