/**
 * The førpris of prisopplysningsforskriften § 9a: «Førprisen er den laveste prisen som den
 * næringsdrivende har anvendt i minimum 30 dager før markedsføringen startet. […] Der
 * prisnedsettelsen øker gradvis, er førprisen den laveste prisen før første
 * prisnedsettelse.» One rule for the reference backend (which puts it on the wire) and the
 * shop's build (which reckons it from its own release records where an API has none), and
 * one for when a price is shown as reduced: the shop's pages and the build's price records.
 */

/** Days before a reduction whose lowest price is its førpris. */
export const PRIOR_PRICE_DAYS = 30;

const DAY_MS = 86_400_000;
const WINDOW_MS = PRIOR_PRICE_DAYS * DAY_MS;

/**
 * A price an article was offered at from `from` until `to` (ISO instants; `to` null while it
 * lasts): a list price, a campaign or member price. Where periods overlap, the lowest
 * applies, as it does at the till.
 */
export interface PricePeriod {
  /** Øre, possibly fractional, as the API's `price`. */
  price: number;
  from: string;
  to: string | null;
}

/** A stretch of time at one applied price; `to` is exclusive. */
interface Stretch {
  price: number;
  from: number;
  to: number;
}

/**
 * The applied price over time up to `now`: stretches in time order, neighbours at the same
 * price joined. Periods without a valid start, or that end before they start, are left out.
 */
function appliedStretches(periods: readonly PricePeriod[], now: number): Stretch[] {
  const spans = periods
    .map((p) => ({
      price: p.price,
      from: Date.parse(p.from),
      to: p.to === null ? Infinity : Date.parse(p.to),
    }))
    .filter((p) => Number.isFinite(p.price) && !Number.isNaN(p.from) && !Number.isNaN(p.to))
    .filter((p) => p.from < p.to && p.from <= now);
  const edges = [
    ...new Set(spans.flatMap((p) => [p.from, p.to]).filter((t) => t <= now)),
    now + 1,
  ].sort((a, b) => a - b);
  const stretches: Stretch[] = [];
  for (let i = 0; i + 1 < edges.length; i++) {
    const from = edges[i] as number;
    const to = edges[i + 1] as number;
    let price = Infinity;
    for (const p of spans) if (p.from <= from && from < p.to) price = Math.min(price, p.price);
    if (price === Infinity) continue;
    const last = stretches.at(-1);
    if (last !== undefined && last.to === from && last.price === price) last.to = to;
    else stretches.push({ price, from, to });
  }
  return stretches;
}

/**
 * The førpris of the price applied at `now`: the lowest price applied in the 30 days before
 * that price took effect. When the price came down step by step (each step lower than the
 * one before, and no step held for more than 30 days before the next), the 30 days are
 * counted back from the first step. Null when no price applies at `now` or none was applied
 * in those 30 days (an article's first price reduces nothing).
 *
 * The price at `now` is reduced exactly when it is below its førpris; a price that rose, or
 * one the article had already been cheaper at within the 30 days, never is.
 */
export function priorPrice(periods: readonly PricePeriod[], now: Date): number | null {
  const at = now.getTime();
  const stretches = appliedStretches(periods, at);
  const current = stretches.at(-1);
  if (current === undefined || current.to <= at) return null;
  let first = stretches.length - 1;
  // Walk back over a gradual reduction: while the step before was itself a reduction that
  // led straight into this one and did not stand for longer than the window.
  for (;;) {
    const step = stretches[first];
    const before = stretches[first - 1];
    const earlier = stretches[first - 2];
    if (step === undefined || before === undefined || earlier === undefined) break;
    const gradual =
      step.price < before.price &&
      before.price < earlier.price &&
      before.to === step.from &&
      earlier.to === before.from &&
      step.from - before.from <= WINDOW_MS;
    if (!gradual) break;
    first--;
  }
  const start = (stretches[first] as Stretch).from;
  let lowest: number | null = null;
  for (const s of stretches) {
    if (s.to > start - WINDOW_MS && s.from < start) {
      lowest = lowest === null ? s.price : Math.min(lowest, s.price);
    }
  }
  return lowest;
}

/** A price beside its førpris, øre; `priorPrice` null when none is documented. */
export interface PriceWithPrior {
  price: number;
  priorPrice: number | null;
}

/**
 * Whether a price is shown as reduced: only below a førpris that is documented (and above
 * 0), so nothing is shown as reduced that no record backs.
 */
export function isReduced<P extends PriceWithPrior>(
  prices: P,
): prices is P & { priorPrice: number } {
  return prices.priorPrice !== null && prices.priorPrice > 0 && prices.price < prices.priorPrice;
}
