/**
 * The bearer-token check of the calls that change what the shops show: the API's campaign
 * administration (server/http/bearer-auth.ts) and the builder's build hooks
 * (builder/releases/hook.ts), so both read the `Authorization` header alike and compare
 * in constant time. Node's `crypto` (and Cloudflare's, with `nodejs_compat`): the server and
 * the builder import it, never the shop's browser code.
 */

import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * Whether `given` is `expected`, in a time that tells nothing about either: both are hashed
 * with SHA-256 first, so `timingSafeEqual` always compares 32 bytes and not even the
 * secret's length leaks.
 */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** `Bearer <token>`: the scheme in any case, one or more spaces, nothing after the token. */
const BEARER = /^Bearer +(\S+) *$/iu;

/**
 * Whether the `Authorization` header carries `expected` as its bearer token. With no token
 * configured (null, undefined or '') it refuses everything. Neither is logged or echoed.
 */
export function bearerMatches(
  header: string | null | undefined,
  expected: string | null | undefined,
): boolean {
  if (expected === null || expected === undefined || expected === '') return false;
  const given = BEARER.exec(header ?? '')?.[1];
  return given !== undefined && sameSecret(given, expected);
}
