import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRIOR_PRICE_DAYS, isReduced, priorPrice, type PricePeriod } from './prior-price.ts';

const DAY = 86_400_000;
const NOW = new Date('2026-11-01T12:00:00Z');
const at = (days: number): string => new Date(NOW.getTime() + days * DAY).toISOString();
const list = (price: number, from: number, to: number | null = null): PricePeriod => ({
  price,
  from: at(from),
  to: to === null ? null : at(to),
});

describe('priorPrice: examples', () => {
  it('is the list price before a campaign that started after 30 days at that price', () => {
    expect(priorPrice([list(100_000, -200), list(70_000, -2, 5)], NOW)).toBe(100_000);
  });

  it('is the earlier campaign price when the article was cheaper within the 30 days', () => {
    const periods = [list(100_000, -200), list(60_000, -36, -9), list(75_000, -2, 5)];
    expect(priorPrice(periods, NOW)).toBe(60_000);
  });

  it('ignores a campaign that ended more than 30 days before the reduction', () => {
    const periods = [list(100_000, -200), list(60_000, -90, -40), list(75_000, -2, 5)];
    expect(priorPrice(periods, NOW)).toBe(100_000);
  });

  it('counts back from the first step of a gradual reduction', () => {
    const periods = [list(100_000, -200), list(90_000, -24, -10), list(70_000, -10, 20)];
    // Without the stepwise rule the lowest price of the 30 days before -10 would be 90 000.
    expect(priorPrice(periods, NOW)).toBe(100_000);
  });

  it('treats a step held for longer than 30 days as the price the next one reduces', () => {
    const periods = [list(100_000, -200), list(90_000, -80, -10), list(70_000, -10, 20)];
    expect(priorPrice(periods, NOW)).toBe(90_000);
  });

  it('gives a price that rose back after a campaign a førpris below it', () => {
    const periods = [list(100_000, -200), list(60_000, -20, -5)];
    expect(priorPrice(periods, NOW)).toBe(60_000);
  });

  it('is null for an article that only ever had one price, or none now', () => {
    expect(priorPrice([list(100_000, -200)], NOW)).toBeNull();
    expect(priorPrice([list(100_000, -200, -1)], NOW)).toBeNull();
    expect(priorPrice([], NOW)).toBeNull();
  });

  it('applies the lowest of overlapping periods and ignores those not begun', () => {
    const periods = [list(100_000, -200), list(80_000, -3, 10), list(50_000, 2, 9)];
    expect(priorPrice(periods, NOW)).toBe(100_000);
  });
});

// A random history: a list price long enough to matter, then steps, each a price held for a
// number of days, ending now or later.
const price = fc.integer({ min: 1_000, max: 500_000 });
const step = fc.record({ price, days: fc.integer({ min: 1, max: 60 }) });
const history = fc.record({
  listPrice: price,
  listDays: fc.integer({ min: 0, max: 400 }),
  steps: fc.array(step, { maxLength: 6 }),
});

/** Consecutive periods, the last one open, ending at NOW + 1 day at the earliest. */
function periodsOf(h: {
  listPrice: number;
  listDays: number;
  steps: Array<{ price: number; days: number }>;
}): PricePeriod[] {
  const all = [{ price: h.listPrice, days: h.listDays + 1 }, ...h.steps];
  const total = all.reduce((sum, s) => sum + s.days, 0);
  let from = -total + 1;
  return all.map((s, i) => {
    const period = list(s.price, from, i === all.length - 1 ? null : from + s.days);
    from += s.days;
    return period;
  });
}

describe('priorPrice: properties', () => {
  it('is a price applied before the current one, or null', () => {
    fc.assert(
      fc.property(history, (h) => {
        const periods = periodsOf(h);
        const result = priorPrice(periods, NOW);
        if (result !== null) {
          expect(periods.slice(0, -1).map((p) => p.price)).toContain(result);
        } else {
          expect(periods.length === 1 || periods.at(-1)?.price === periods.at(-2)?.price).toBe(
            true,
          );
        }
      }),
    );
  });

  it('takes a price that goes on in a second period as one price, from the first', () => {
    // fast-check's counterexample: 10.02 from day -1 and again from day 0, 10.03 for the 30
    // days before. The price took effect on day -1, so 10.03 is its førpris and 10.02 is a
    // reduction, though a campaign at 10.02 ran within the 30 days before day 0.
    const periods = [
      list(1000, -32, -31),
      list(1003, -31, -1),
      list(1002, -1, 0),
      list(1002, 0),
      list(1002, -1, -0.5),
    ];
    expect(priorPrice(periods, NOW)).toBe(1003);
  });

  it('never makes a price a reduction when a price at or below it applied in the 30 days', () => {
    fc.assert(
      fc.property(history, fc.integer({ min: 1, max: PRIOR_PRICE_DAYS }), (h, daysBack) => {
        const periods = periodsOf(h);
        const current = periods.at(-1) as PricePeriod;
        // Today's price took effect where the run of periods at that price began: two periods
        // at one price in a row are one price, not a change.
        let first = periods.length - 1;
        while (first > 0 && periods[first - 1]?.price === current.price) first--;
        const start = (Date.parse((periods[first] as PricePeriod).from) - NOW.getTime()) / DAY;
        // An earlier campaign at or below today's price, within 30 days of today's price.
        const cheaper = list(current.price, start - daysBack, start - daysBack + 0.5);
        const result = priorPrice([...periods, cheaper], NOW);
        expect(result === null || !(current.price < result)).toBe(true);
      }),
    );
  });

  it('is the list price of a reduction after 30 days or more at that price', () => {
    fc.assert(
      fc.property(price, price, fc.integer({ min: 30, max: 400 }), (listPrice, cut, days) => {
        fc.pre(cut < listPrice);
        const periods = [list(listPrice, -days - 1, -1), list(cut, -1, 10)];
        expect(priorPrice(periods, NOW)).toBe(listPrice);
      }),
    );
  });

  it('is the price before the first step of any gradual reduction', () => {
    const steps = fc.array(fc.integer({ min: 1, max: PRIOR_PRICE_DAYS }), {
      minLength: 1,
      maxLength: 5,
    });
    fc.assert(
      fc.property(price, steps, (listPrice, stepDays) => {
        // Each step lowers the price by a tenth of the list price or so, down to at least 1.
        const drop = Math.max(1, Math.floor(listPrice / (stepDays.length + 2)));
        const periods = periodsOf({
          listPrice,
          listDays: 40,
          steps: stepDays.map((days, i) => ({ price: listPrice - drop * (i + 1), days })),
        });
        expect(priorPrice(periods, NOW)).toBe(listPrice);
      }),
    );
  });

  it('does not depend on when the history happened, only on its shape', () => {
    fc.assert(
      fc.property(history, fc.integer({ min: -5_000, max: 5_000 }), (h, shiftDays) => {
        const periods = periodsOf(h);
        const shift = (iso: string): string =>
          new Date(Date.parse(iso) + shiftDays * DAY).toISOString();
        const moved = periods.map((p) => ({
          ...p,
          from: shift(p.from),
          to: p.to === null ? null : shift(p.to),
        }));
        const later = new Date(NOW.getTime() + shiftDays * DAY);
        expect(priorPrice(moved, later)).toBe(priorPrice(periods, NOW));
      }),
    );
  });

  it('is not changed by prices from before the 30 days ahead of a reduction', () => {
    fc.assert(
      fc.property(price, price, price, (old, listPrice, cut) => {
        fc.pre(cut < listPrice);
        const base = [list(listPrice, -60, -1), list(cut, -1, 10)];
        const withOld = [list(old, -400, -60), ...base];
        expect(priorPrice(withOld, NOW)).toBe(priorPrice(base, NOW));
      }),
    );
  });
});

describe('isReduced', () => {
  it.each([
    [70_000, 100_000, true],
    [100_000, 100_000, false],
    [80_000, 60_000, false],
    [80_000, null, false],
    [0, 0, false],
    [-1, 0, false],
  ])('%i beside førpris %s is reduced: %s', (price, prior, expected) => {
    expect(isReduced({ price, priorPrice: prior })).toBe(expected);
  });
});
