/**
 * The cart's arithmetic (docs/spec.md §3 and §4): the goods' sum with pant, a promo code's
 * discount, the shipping after a shipping code and the total. One rule for the shop, which
 * shows the total (src/lib/domain/cart.ts), and the reference backend, which charges it
 * (server/checkout/pricing.ts), so the two never disagree about an øre. Money in øre; unit
 * prices and pant come whole, as both sides round them.
 */

/** What the sums read of a line: unit price and unit pant, øre, and how many. */
export interface CountedLine {
  price: number;
  pant: number;
  count: number;
}

/** What a line costs, øre: (price + pant) × count. */
export function lineSum(line: CountedLine): number {
  return (line.price + line.pant) * line.count;
}

/** Σ (price + pant) × count over the lines, øre: the goods before any discount. */
export function cartSum(lines: readonly CountedLine[]): number {
  return lines.reduce((sum, line) => sum + lineSum(line), 0);
}

/**
 * Σ pant × count over the lines, øre: the floor of any discounted goods total, since pant is
 * a deposit the shopper gets back, not the shop's to discount.
 */
export function pantSum(lines: readonly CountedLine[]): number {
  return lines.reduce((sum, line) => sum + line.pant * line.count, 0);
}

/** What a discount takes off: `amount` in øre when `fixed`, else a fraction (0.2 = 20 %). */
export interface DiscountTerms {
  fixed: boolean;
  amount: number;
}

/**
 * A promo code's terms (docs/spec.md §3 and §9): a `cart` code discounts the goods, a
 * `shipping` code the shipping price.
 */
export interface PromoTerms extends DiscountTerms {
  type: 'cart' | 'shipping';
}

/**
 * Whether a discount can take anything off: its amount is a number and not negative. The
 * shop refuses a code without one; the arithmetic leaves a price as it is for it, so that
 * no code ever raises one.
 */
export function isUsableDiscount(terms: DiscountTerms): boolean {
  return Number.isFinite(terms.amount) && terms.amount >= 0;
}

/**
 * `price` less the discount, in whole øre and never below `floor`: for the goods, their
 * {@link cartSum} never below their {@link pantSum}; for the shipping, never below 0.
 */
export function afterDiscount(price: number, terms: DiscountTerms, floor = 0): number {
  if (!isUsableDiscount(terms)) return price;
  const off = terms.fixed ? terms.amount : price * terms.amount;
  return Math.max(floor, Math.round(price - off));
}

/**
 * The shipping price after a shipping promo code, øre, never below 0. Without a shipping
 * code (none, or a cart code), the price as it is.
 */
export function shippingAfterPromo(price: number, promo: PromoTerms | null): number {
  return promo?.type === 'shipping' ? afterDiscount(price, promo) : price;
}

/** An order's money, øre, as the checkout shows it and the server charges it. */
export interface OrderTotals {
  /** The goods before the discount: the {@link cartSum}. */
  subtotal: number;
  /** What a cart code took off the goods. */
  discount: number;
  /** The shipping after a shipping code. */
  shipping: number;
  /** What the shopper pays: the goods after the discount, and the shipping. */
  total: number;
}

/** The totals of `lines` shipped at `shippingPrice` (øre) with `promo`, or no code (null). */
export function orderTotals(
  lines: readonly CountedLine[],
  shippingPrice: number,
  promo: PromoTerms | null,
): OrderTotals {
  const subtotal = cartSum(lines);
  const goods = promo?.type === 'cart' ? afterDiscount(subtotal, promo, pantSum(lines)) : subtotal;
  const shipping = shippingAfterPromo(shippingPrice, promo);
  return { subtotal, discount: subtotal - goods, shipping, total: goods + shipping };
}
