import type { PersistentEncoder } from '@nanostores/persistent';

/**
 * A JSON codec for `persistentAtom` that tolerates what other code, other tabs or a
 * shopper's devtools may have left in localStorage: a value that does not parse or does not
 * pass `isValid` decodes to `fallback` instead of breaking the page.
 */
export function safeJson<T>(
  isValid: (value: unknown) => value is T,
  fallback: T,
): PersistentEncoder<T> {
  return {
    encode: (value) => JSON.stringify(value),
    decode: (encoded) => {
      try {
        const value: unknown = JSON.parse(encoded);
        return isValid(value) ? value : fallback;
      } catch {
        return fallback;
      }
    },
  };
}

/** Whether `value` is a whole number of at least 0. */
export function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
