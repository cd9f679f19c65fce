import type { ApiArticleDetail } from '../../contract/index.ts';
import type { CartLine } from '../../src/lib/domain/cart.ts';
import { cartLineFor } from '../../src/lib/domain/cart-lines.ts';
import { toArticleDetail } from '../../src/lib/mappers/article.ts';

/** The web shop, whose stock delivered goods come from (contract/README.md, Reservations). */
const WEB_SHOP_ID = 55;

/**
 * A filled cart for the benchmarks: `count` lines as the shop stores them, of articles
 * `origin`'s API sells online for delivery with at least two in stock and a purchase limit
 * of at least two, so the checkout shows its whole form and '+' in the cart modal works.
 */
export async function benchCart(origin: string, count = 2): Promise<CartLine[]> {
  const lines: CartLine[] = [];
  for (let id = 1; id < 600 && lines.length < count; id++) {
    const response = await fetch(`${origin}/api/v1/articles/${String(id)}`);
    if (!response.ok) continue;
    const wire = (await response.json()) as ApiArticleDetail;
    const wireVariant = wire.visible
      ? wire.variants.find(
          (v) =>
            wire.purchasableOnWeb === 1 &&
            wire.onlyCC === 0 &&
            wire.webPurchaseLimit >= 2 &&
            (v.shops[0]?.qty ?? 0) >= 2 &&
            (v.shops.find((s) => s.id === WEB_SHOP_ID)?.qty ?? 0) >= 2,
        )
      : undefined;
    const article = wireVariant ? toArticleDetail(wire) : null;
    const variant = article?.variants.find((v) => v.id === wireVariant?.id);
    if (article && variant) lines.push({ ...cartLineFor(article, variant), count: 1 });
  }
  if (lines.length < count)
    throw new Error(`Found ${String(lines.length)} cart lines of ${String(count)}`);
  return lines;
}

/**
 * Stores `lines` under the spec's localStorage keys `orders` and `count`, as the shop does; run
 * in the page (Playwright's addInitScript or evaluate), so it must not close over anything.
 */
export function storeCart(lines: CartLine[]): void {
  localStorage.setItem('orders', JSON.stringify(lines));
  localStorage.setItem('count', JSON.stringify(lines.reduce((n, l) => n + l.count, 0)));
}
