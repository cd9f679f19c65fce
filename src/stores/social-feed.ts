/**
 * The social feed at the end of the home page: loaded once, when it scrolls into view, and
 * shown as loading, its posts, or docs/spec.md §8's failure.
 */

import { atom } from 'nanostores';
import { getSocialPosts } from '../lib/api/social-feed.ts';
import type { SocialPost } from '../lib/types.ts';

/** docs/spec.md §8: what the feed shows when the social-posts service fails, word for word. */
export const SOCIAL_FEED_ERROR = 'Error: Something went wrong';

/** Where the feed stands. */
export type SocialFeedState =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; posts: readonly SocialPost[] }
  | { state: 'error' };

/** The feed. */
export const $socialFeed = atom<SocialFeedState>({ state: 'idle' });

/**
 * Loads the feed unless it is loading or loaded (a failed load is tried again). Never
 * rejects; a failure is logged and shown.
 */
export async function loadSocialFeed(): Promise<void> {
  const { state } = $socialFeed.get();
  if (state === 'loading' || state === 'ready') return;
  $socialFeed.set({ state: 'loading' });
  try {
    $socialFeed.set({ state: 'ready', posts: await getSocialPosts() });
  } catch (error) {
    console.error('Could not load the social feed', error);
    $socialFeed.set({ state: 'error' });
  }
}
