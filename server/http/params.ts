import { validationError } from './errors.ts';

/** Bounds of an integer parameter. */
export interface IntBounds {
  min?: number;
  max?: number;
}

/**
 * Parses a whole number from a path or query value, or throws 422 naming `field`.
 * Only plain decimal digits are accepted, so `1e3`, `0x10`, ` 7` and `7abc` are rejected.
 */
export function parseIntParam(
  value: string | undefined,
  field: string,
  { min = 1, max = Number.MAX_SAFE_INTEGER }: IntBounds = {},
): number {
  if (value === undefined || !/^-?\d{1,15}$/.test(value)) {
    throw validationError({ [field]: [`The ${field} field must be an integer.`] });
  }
  const n = Number(value);
  if (n < min || n > max) {
    throw validationError({ [field]: [`The ${field} field must be between ${min} and ${max}.`] });
  }
  return n;
}

/** Like {@link parseIntParam}, but `fallback` when the value is absent or empty. */
export function optionalIntParam(
  value: string | undefined,
  field: string,
  fallback: number,
  bounds?: IntBounds,
): number {
  return value === undefined || value === '' ? fallback : parseIntParam(value, field, bounds);
}

/** Parses one of `allowed` or throws 422; `fallback` when absent. */
export function enumParam<T extends string>(
  value: string | undefined,
  field: string,
  allowed: readonly T[],
  fallback: T,
): T {
  if (value === undefined || value === '') return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw validationError({ [field]: [`The selected ${field} is invalid.`] });
}

// An instant with its zone, so that midnight means the same to marketing and the server.
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/u;

/** Whether `text` is an ISO 8601 instant with a zone on a day the calendar has. */
export function isInstant(text: string): boolean {
  const match = INSTANT.exec(text);
  if (match === null || Number.isNaN(Date.parse(text))) return false;
  const [year, month, day] = match.slice(1, 4).map(Number) as [number, number, number];
  // Date.parse moves 30 February to March rather than refusing it.
  return new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
}
