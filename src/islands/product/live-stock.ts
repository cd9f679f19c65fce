/**
 * The product page's first script. It loads live stock as soon as the page has loaded (the
 * HTML may be hours old) without React: the buy box island hydrates only when the shopper
 * reaches for it (`client:interaction`), unless live stock shows that its server HTML no
 * longer tells the truth, in which case it is asked to hydrate at once.
 */

import { $liveStock, loadLiveStock, type LiveStock } from '../../stores/product-stock.ts';
import { askToHydrate } from '../directives/hydrate-event.ts';

/** What the build knew of the buy box, as the page carries it on `[data-buy-box]`. */
export interface BuiltBuyBox {
  articleId: number;
  /** Whether each variant (by id) was in stock when the page was built. */
  inStock: Readonly<Record<string, boolean>>;
  /** Whether the server HTML shows a chosen variant, and so its shops and stock. */
  chosen: boolean;
}

/**
 * Whether the buy box's server HTML is out of date with live stock. The picker offers the
 * variants in stock, so it is out of date when one of them has come into or gone out of
 * stock. A chosen variant's shop list always needs the live figures.
 */
export function buyBoxOutdated(built: BuiltBuyBox, live: LiveStock): boolean {
  if (built.chosen) return true;
  if (live.state !== 'ready') return false;
  return live.variants.some((v) => {
    const before = built.inStock[String(v.id)];
    return before !== undefined && before !== v.availability > 0;
  });
}

/** Reads what the build wrote on the buy box's wrapper; null when it is not there. */
export function readBuiltBuyBox(box: HTMLElement): BuiltBuyBox | null {
  const articleId = Number(box.dataset['articleId']);
  if (!Number.isSafeInteger(articleId)) return null;
  try {
    const inStock = JSON.parse(box.dataset['inStock'] ?? '{}') as Record<string, boolean>;
    return { articleId, inStock, chosen: box.dataset['chosen'] !== undefined };
  } catch {
    return null;
  }
}

/** Loads live stock and asks the buy box to hydrate when its HTML is out of date. */
export async function startLiveStock(box: HTMLElement): Promise<void> {
  const built = readBuiltBuyBox(box);
  if (!built) return;
  const island = box.querySelector('astro-island');
  const loaded = loadLiveStock(built.articleId);
  // While loading, the HTML is out of date only where it shows a chosen variant, whose shops
  // need the island whatever the answer: no need to wait for it.
  if (buyBoxOutdated(built, $liveStock.get())) {
    askToHydrate(island);
    return;
  }
  await loaded;
  if (buyBoxOutdated(built, $liveStock.get())) askToHydrate(island);
}
