/**
 * The social-posts service (docs/spec.md §7: a feed path ending `getPosts`, answer field `posts`). Its
 * base is configuration, so a deployment can point it at the real service; the reference
 * backend simulates it on the same origin.
 *
 * One GET of an outside service needs none of the API client's session, token or retry
 * handling, so it uses `fetch` itself: the feed's script stays within its 2 KB on the home
 * page, which ofetch alone would fill.
 */

import type { ApiSocialFeed } from '../../../contract/index.ts';
import { whenShown } from '../html/when-shown.ts';
import { toSocialPosts } from '../mappers/social-feed.ts';
import type { SocialPost } from '../types.ts';

/** Base URL of the social-posts service (same origin in the reference setup). */
export const SOCIAL_FEED_BASE = '/social';

/** Posts the home page shows: two rows of four on a desktop, four of two on a phone. */
export const SOCIAL_FEED_LIMIT = 8;

/**
 * The newest `limit` posts. Throws when the service fails or answers something that is not
 * a feed (no `posts` list); posts lacking what the feed shows are left out.
 */
export async function getSocialPosts(
  limit = SOCIAL_FEED_LIMIT,
  fetchImpl: typeof globalThis.fetch = (...args) => globalThis.fetch(...args),
): Promise<SocialPost[]> {
  const url = `${SOCIAL_FEED_BASE}/getPosts?limit=${String(limit)}`;
  // The outside service hears of a prerendered page only once the shopper opens it.
  await new Promise<void>(whenShown);
  const response = await fetchImpl(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${url}: ${String(response.status)}`);
  const posts = toSocialPosts((await response.json()) as ApiSocialFeed);
  if (posts === null) throw new Error(`GET ${url}: not a feed`);
  return posts;
}
