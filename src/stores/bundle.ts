import { atom } from 'nanostores';
import { getBundle } from '../lib/api/catalogue.ts';
import { parseBundleIds } from '../lib/domain/bundle-ids.ts';
import { withProductPaths } from '../lib/domain/slug.ts';
import type { Article } from '../lib/types.ts';
import { loadProductPaths } from './product-paths.ts';

/** What the bundle page shows: its articles, or why it has none. */
export type BundleState =
  | { status: 'loading' }
  /** The URL holds no valid id list. */
  | { status: 'invalid' }
  | { status: 'ready'; articles: Array<Article & { path?: string }> }
  | { status: 'error' };

/** The bundle page's selection (`/utvalg/{ids}`). */
export const $bundle = atom<BundleState>({ status: 'loading' });

let latest = 0;

/**
 * Loads the selection named by a bundle path (`/utvalg/1+2+3`) from `articles/bundle`, in
 * the order the path gives. Invalid ids answer at once without asking the server; a second
 * call made while one is under way wins.
 */
export async function loadBundle(path: string): Promise<void> {
  const call = ++latest;
  const ids = parseBundleIds(path);
  if (ids === null) {
    $bundle.set({ status: 'invalid' });
    return;
  }
  $bundle.set({ status: 'loading' });
  try {
    const [found, paths] = await Promise.all([getBundle(ids), loadProductPaths()]);
    if (call !== latest) return;
    const articles = withProductPaths(found, paths);
    // The API answers in the given order; sorting again keeps the URL's order whatever it does.
    const order = new Map(ids.map((id, i) => [id, i]));
    const sorted = articles.toSorted(
      (a, b) => (order.get(a.id) ?? Infinity) - (order.get(b.id) ?? Infinity),
    );
    $bundle.set({ status: 'ready', articles: sorted });
  } catch (error) {
    if (call !== latest) return;
    console.error('Could not load bundle', error);
    $bundle.set({ status: 'error' });
  }
}
