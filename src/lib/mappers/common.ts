/**
 * Boundary helpers shared by the mappers. A wire object that lacks what the shop needs is
 * logged as 'Missing data' (docs/spec.md §8: logged only) and dropped, never a crash. (A picture the
 * brand does not allow is logged and counted the same way by `picture()` in ./picture.ts.)
 */

import { isNumber, isRecord } from '../../../contract/guards.ts';
import type { ApiPageMeta } from '../../../contract/index.ts';
import type { PageInfo } from '../types.ts';
import { buildSlot } from '../build-channel.ts';

/** The wire object's own id, when it has one (`id`, or a list article's `_source.id`). */
export function wireId(wire: unknown): string | number | undefined {
  if (!isRecord(wire)) return undefined;
  for (const key of ['id', 'article_id', 'ArticleGroup2ID', 'ProductLineID', 'code', 'tenant']) {
    const value = wire[key];
    if (typeof value === 'string' || isNumber(value)) return value;
  }
  return isRecord(wire['_source']) ? wireId(wire['_source']) : undefined;
}

// One tally per build process, in the build's channel (../build-channel.ts): the content
// loaders, the pages and the build's end hook (builder/storefront-build.ts) each hold their own
// copy of this module.
const tally = buildSlot('skipped', new Map<string, number>());

/** Counts one more item skipped as 'Missing data' of `kind`, for {@link skippedSummary}. */
export function countMissing(kind: string): void {
  tally.value.set(kind, (tally.value.get(kind) ?? 0) + 1);
}

/**
 * Logs a wire object that cannot be mapped as 'Missing data' with its kind and id (and, when
 * a schema found it, the path of the first bad field), counts it per kind and gives null.
 */
export function missingData(kind: string, wire: unknown, problem?: string): null {
  const id = wireId(wire);
  const what = id === undefined ? `${kind} without id` : `${kind} ${String(id)}`;
  console.warn('Missing data', problem === undefined ? what : `${what} (${problem})`, wire);
  countMissing(kind);
  return null;
}

/** How many wire objects were skipped as 'Missing data' so far, per kind. */
export function skippedCounts(): Record<string, number> {
  return Object.fromEntries([...tally.value].sort(([a], [b]) => a.localeCompare(b)));
}

/** One line for the end of a build: what it skipped as 'Missing data', per kind. */
export function skippedSummary(): string {
  const counts = Object.entries(skippedCounts());
  return counts.length === 0
    ? "Skipped as 'Missing data': nothing"
    : `Skipped as 'Missing data': ${counts.map(([kind, n]) => `${kind} ${String(n)}`).join(', ')}`;
}

/** Forgets the tally: in tests, and in a render worker when a build ends. */
export function resetSkipped(): void {
  tally.value.clear();
}

/** Whether `wire` is an object with finite numbers at `numbers` and strings at `strings`. */
export function hasFields(
  wire: unknown,
  numbers: readonly string[],
  strings: readonly string[] = [],
): wire is Record<string, unknown> {
  return (
    isRecord(wire) &&
    numbers.every((key) => isNumber(wire[key])) &&
    strings.every((key) => typeof wire[key] === 'string')
  );
}

/** A 0/1 wire flag (or a boolean) as a boolean. */
export function flag(value: unknown): boolean {
  return value === 1 || value === true;
}

/** A wire string as sent; anything else as ''. */
export function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A copy of the array, or [] when the wire value is not an array. */
export function list<T>(value: readonly T[] | null | undefined): T[] {
  return Array.isArray(value) ? [...(value as readonly T[])] : [];
}

/** Rounds money to whole øre; a missing amount counts as 0. */
export function money(value: unknown): number {
  return isNumber(value) ? Math.round(value) : 0;
}

/**
 * An article's førpris (`priorPrice`), rounded like its price; null when the wire has none,
 * so nothing is shown as reduced that the API does not document.
 */
export function priorPriceOf(wire: { priorPrice?: unknown }): number | null {
  return isNumber(wire.priorPrice) ? money(wire.priorPrice) : null;
}

/**
 * Maps every item and drops the ones the mapper rejects (null), so one bad row never
 * spoils a list. A non-array wire value gives [].
 */
export function mapList<W, A>(
  items: readonly W[] | null | undefined,
  mapper: (item: W) => A | null,
): A[] {
  return list(items).flatMap((item) => {
    const mapped = mapper(item);
    return mapped === null ? [] : [mapped];
  });
}

/** Converts Laravel's paginator metadata. */
export function toPageInfo(meta: ApiPageMeta | null | undefined): PageInfo {
  return {
    currentPage: isNumber(meta?.current_page) ? meta.current_page : 1,
    lastPage: isNumber(meta?.last_page) ? meta.last_page : 1,
    perPage: isNumber(meta?.per_page) ? meta.per_page : 0,
    total: isNumber(meta?.total) ? meta.total : 0,
  };
}
