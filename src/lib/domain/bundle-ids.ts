/**
 * The ids of a bundle page, `/utvalg/{ids}` (docs/spec.md §2: ids separated by `+`). The API answers
 * at most 100 ids per bundle, so a longer list is refused rather than cut short.
 */

/** Most ids one bundle may hold (the `articles/bundle` limit). */
export const MAX_BUNDLE_IDS = 100;

const POSITIVE_INTEGER = /^[1-9]\d{0,14}$/u;

/**
 * Reads the ids from a bundle path or its last segment: `/utvalg/12+7+30` gives
 * `[12, 7, 30]`. A trailing slash and a percent-encoded `+` are accepted; a repeated id is
 * kept once, at its first place. Null when the list is empty, longer than
 * {@link MAX_BUNDLE_IDS}, or any part is not a positive integer.
 */
export function parseBundleIds(path: string): number[] | null {
  const segment = path.replace(/\/+$/u, '').split('/').at(-1) ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return null;
  }
  const parts = decoded.split('+');
  if (!parts.every((p) => POSITIVE_INTEGER.test(p))) return null;
  const ids = [...new Set(parts.map(Number))];
  return ids.length > 0 && ids.length <= MAX_BUNDLE_IDS ? ids : null;
}

/** The bundle page of `ids`: `/utvalg/1+2+3`, at most {@link MAX_BUNDLE_IDS} of them. */
export function bundlePath(ids: readonly number[]): string {
  return `/utvalg/${ids.slice(0, MAX_BUNDLE_IDS).join('+')}`;
}
