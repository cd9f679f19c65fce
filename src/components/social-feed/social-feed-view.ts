/**
 * Draws the social feed's state into the section SocialFeed.astro renders: posts fill the
 * reserved slots, so nothing below moves; captions are written as text, never as HTML. The
 * page loads this module (with the store, the service call and the mapper) only when the
 * section comes into view.
 */

import { EXTERNAL_REL } from '../../lib/domain/safe-href.ts';
import type { SocialPost } from '../../lib/types.ts';
import {
  $socialFeed,
  loadSocialFeed,
  SOCIAL_FEED_ERROR,
  type SocialFeedState,
} from '../../stores/social-feed.ts';

function postContent(post: SocialPost): HTMLElement {
  const image = document.createElement('img');
  image.src = post.image;
  // The caption beside it says what the picture shows.
  image.alt = '';
  image.width = 600;
  image.height = 600;
  image.loading = 'lazy';
  image.decoding = 'async';
  image.className = 'aspect-square w-full rounded-md object-cover';
  const caption = document.createElement('span');
  caption.textContent = post.caption;
  // Exactly the three lines its slot reserves: longer captions are cut, shorter ones padded.
  caption.className = 'line-clamp-3 h-[3lh]';
  const box = document.createElement(post.link ? 'a' : 'div');
  box.className = 'grid gap-2';
  box.append(image, caption);
  if (post.link && box instanceof HTMLAnchorElement) {
    box.href = post.link.href;
    if (post.link.external) box.rel = EXTERNAL_REL;
  }
  return box;
}

/** Shows `state` in `section`, the feed's `[data-social-feed]` element. */
function showSocialFeed(section: HTMLElement, state: SocialFeedState): void {
  const list = section.querySelector<HTMLElement>('[data-social-feed-posts]');
  const status = section.querySelector<HTMLElement>('[data-social-feed-status]');
  const alert = section.querySelector<HTMLElement>('[data-social-feed-error]');
  if (!list || !status || !alert) return;
  const done = state.state === 'ready' || state.state === 'error';
  list.setAttribute('aria-busy', String(!done));
  status.textContent =
    state.state === 'loading'
      ? 'Laster innlegg …'
      : state.state === 'ready' && state.posts.length === 0
        ? 'Ingen innlegg å vise akkurat nå.'
        : '';
  alert.textContent = state.state === 'error' ? SOCIAL_FEED_ERROR : '';
  // A failed feed keeps its slots' room (invisible), so the page below stays where it was.
  list.classList.toggle('invisible', state.state === 'error');
  if (state.state !== 'ready') return;
  list.querySelectorAll<HTMLElement>('[data-social-feed-slot]').forEach((slot, i) => {
    const post = state.posts[i];
    // A slot without a post keeps its placeholder (hidden from screen readers) and its room.
    if (!post) return;
    slot.replaceChildren(postContent(post));
    slot.removeAttribute('aria-hidden');
    slot.setAttribute('data-social-post', post.id);
  });
}

/** Loads the feed and shows it, and whatever becomes of it, in `section`. */
export function startSocialFeed(section: HTMLElement): void {
  $socialFeed.subscribe((state) => {
    showSocialFeed(section, state);
  });
  void loadSocialFeed();
}
