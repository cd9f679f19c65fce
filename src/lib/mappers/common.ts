/**
 * Boundary helpers shared by the mappers. A wire object that lacks what the shop needs is
 * logged as 'Missing data' (SPEC 8: logged only) and dropped, never a crash.
 */

import type { ApiPageMeta } from '../../../contract/index.ts';
import type { PageInfo } from '../types.ts';

/** Whether a value is a non-null, non-array object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a value is a finite number. */
export function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Logs a wire object that cannot be mapped as 'Missing data' and gives null. */
export function missingData(kind: string, wire: unknown): null {
  console.warn('Missing data', kind, wire);
  return null;
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

/** A copy of the array, or [] when the wire value is not an array. */
export function list<T>(value: readonly T[] | null | undefined): T[] {
  return Array.isArray(value) ? [...(value as readonly T[])] : [];
}

/** Rounds money to whole øre; a missing amount counts as 0. */
export function money(value: unknown): number {
  return isNumber(value) ? Math.round(value) : 0;
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
