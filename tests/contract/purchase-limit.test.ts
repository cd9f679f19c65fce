/**
 * docs/spec.md §9's purchase limit (the lower of webPurchaseLimit and the first shop's stock) over
 * the reference backend's answers: the server lists the web shop first, so the shop's cart
 * rule (src/lib/domain/cart.ts) reads the web shop's stock. Articles 2000 and 500 of the
 * default seed are the cases issue 23 names: the web shop holds 14 of the one (a store with
 * none came first by id) and none of the other (a store with 7 came first). This file sits
 * outside src/ and server/ because it is the one place allowed to import both.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { serializeArticleDetail } from '../../server/serialize/article.ts';
import { seedDatabase, webShopId } from '../../server/seed/seed.ts';
import { emptyCart, purchaseLimit, type CartState } from '../../src/lib/domain/cart.ts';
import { addLine, cartLineFor } from '../../src/lib/domain/cart-lines.ts';
import { deliverability } from '../../src/lib/domain/deliverability.ts';
import { toArticleDetail } from '../../src/lib/mappers/article.ts';
import type { ArticleDetail } from '../../src/lib/types.ts';

const NOW = new Date('2026-01-15T10:00:00Z');
const db = openDatabase(':memory:');
beforeAll(() => {
  // The default seed (1), far enough to hold article 2000.
  seedDatabase(db, { articles: 2000, seed: 1, now: NOW });
});

function detail(id: number): ArticleDetail {
  const wire = serializeArticleDetail(db, id, NOW);
  const article = wire === null ? null : toArticleDetail(wire, NOW);
  if (article === null) throw new Error(`no article ${String(id)}`);
  return article;
}

/** The cart after the shopper adds `times` units of the variant with `ean`. */
function addTimes(article: ArticleDetail, ean: string, times: number): CartState {
  const variant = article.variants.find((v) => v.ean === ean);
  if (!variant) throw new Error(`no variant ${ean}`);
  const line = cartLineFor(article, variant);
  return Array.from({ length: times }).reduce<CartState>((s) => addLine(s, line), emptyCart());
}

describe('the purchase limit reads the web shop', () => {
  it('allows a second unit of article 2000, which the web shop holds 14 of', () => {
    const article = detail(2000);
    const [variant] = article.variants;
    expect(variant?.shops[0]).toEqual({ id: webShopId, qty: 14 });
    // A store with none of it has a lower id: listed by id, it capped the line at 0.
    expect(variant?.shops.slice(1).some((s) => s.qty === 0)).toBe(true);
    expect(
      purchaseLimit({ webPurchaseLimit: article.webPurchaseLimit, shops: variant?.shops ?? [] }),
    ).toBe(Math.min(article.webPurchaseLimit, 14));
    expect(addTimes(article, variant?.ean ?? '', 2).orders[0]?.count).toBe(2);
    expect(variant && deliverability(article, variant)).toBe('deliver');
  });

  it('refuses more of article 500 in a size the web shop holds none of', () => {
    const article = detail(500);
    const variant = article.variants.find((v) => v.ean === '7012030000816');
    expect(variant?.shops[0]).toEqual({ id: webShopId, qty: 0 });
    expect(variant?.shops.slice(1).map((s) => s.qty)).toContain(7);
    expect(purchaseLimit({ webPurchaseLimit: 5, shops: variant?.shops ?? [] })).toBe(0);
    // Five tries leave one line of one: it can be reserved in a shop, never raised.
    expect(addTimes(article, '7012030000816', 5).orders.map((o) => o.count)).toEqual([1]);
    expect(variant && deliverability(article, variant)).toBe('reserve');
  });
});
