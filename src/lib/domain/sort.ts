/**
 * Sorting as docs/spec.md §9 states it: numbers ascending, strings by nb-NO collation (so æ, ø, å
 * come after z), booleans true first. Values of different kinds order as numbers, strings,
 * booleans, and missing values (null/undefined/NaN) always go last.
 */

/** A value {@link compareValues} knows how to order. */
export type Sortable = number | string | boolean | null | undefined;

// Made on first use, as the number formats are (src/lib/format/number.ts says why).
let collator: Intl.Collator | undefined;

function rank(value: Sortable): number {
  if (typeof value === 'number') return Number.isNaN(value) ? 3 : 0;
  if (typeof value === 'string') return 1;
  if (typeof value === 'boolean') return 2;
  return 3;
}

/** Comparator for `Array.prototype.sort` implementing the the spec order (see module doc). */
export function compareValues(a: Sortable, b: Sortable): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (typeof a === 'number' && typeof b === 'number' && ra === 0) return a - b;
  if (typeof a === 'string' && typeof b === 'string')
    return (collator ??= new Intl.Collator('nb')).compare(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(b) - Number(a);
  return 0;
}

/** Keys of `T` whose values {@link compareValues} can order. */
export type SortableKey<T> = {
  [K in keyof T]-?: T[K] extends Sortable ? K : never;
}[keyof T];

/**
 * A sorted copy of `items` by `key`, stable (equal items keep their order). `reverse`
 * flips the order of unequal items only, so it stays stable; missing values stay last.
 */
export function sortBy<T>(items: readonly T[], key: SortableKey<T>, reverse = false): T[] {
  return items.toSorted((x, y) => {
    const a = x[key] as Sortable;
    const b = y[key] as Sortable;
    const missing = rank(a) === 3 || rank(b) === 3;
    const order = compareValues(a, b);
    return reverse && !missing ? -order : order;
  });
}
