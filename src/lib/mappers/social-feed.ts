/** Mapper for the social-posts service's `getPosts` (docs/spec.md §7: the answer field `posts`). */

import type { ApiSocialFeed, ApiSocialPost } from '../../../contract/index.ts';
import { safeImageSrc } from '../domain/picture-source.ts';
import { safeHref } from '../domain/safe-href.ts';
import type { SocialPost } from '../types.ts';
import { isNumber, isRecord } from '../../../contract/guards.ts';
import { mapList, missingData } from './common.ts';

/**
 * Maps a post; needs an id and a same-site image. The caption stays plain text (it is only
 * ever written as text); a permalink that fails safeHref leaves the post without a link.
 */
export function toSocialPost(wire: ApiSocialPost): SocialPost | null {
  const id: unknown = isRecord(wire) ? wire.id : undefined;
  const image = isRecord(wire) && typeof wire.image === 'string' ? safeImageSrc(wire.image) : null;
  if ((typeof id !== 'string' && !isNumber(id)) || image === null) {
    return missingData('social post', wire);
  }
  return {
    id: String(id),
    image,
    caption: typeof wire.caption === 'string' ? wire.caption : '',
    link: typeof wire.permalink === 'string' ? safeHref(wire.permalink) : null,
    publishedAt: typeof wire.timestamp === 'string' ? wire.timestamp : '',
  };
}

/** The posts of a feed answer; null when the answer has no list of posts at all. */
export function toSocialPosts(wire: ApiSocialFeed): SocialPost[] | null {
  if (!isRecord(wire) || !Array.isArray(wire.posts)) return missingData('social feed', wire);
  return mapList(wire.posts, toSocialPost);
}
