/**
 * The anti-forgery token the API hands out with its session, read where no API client is
 * loaded yet (the header asks whether a session exists at all) as well as by the client.
 */

import { readCookie } from '../domain/cookies.ts';

/** What the client needs from a document to find the anti-forgery token. */
export interface TokenSource {
  cookie: string;
  querySelector(selector: string): { getAttribute(name: string): string | null } | null;
}

/**
 * Reads the anti-forgery token: the `XSRF-TOKEN` cookie (URL-decoded, as Laravel sets it
 * percent-encoded) or else `<meta name="csrf-token" content>`. Null when there is neither,
 * or no document (build time).
 */
export function readXsrfToken(doc: TokenSource | undefined = globalThis.document): string | null {
  if (!doc) return null;
  const cookie = readCookie(doc.cookie, 'XSRF-TOKEN');
  if (cookie !== null) return cookie;
  const meta = doc.querySelector('meta[name="csrf-token"]')?.getAttribute('content');
  return meta ? meta : null;
}
