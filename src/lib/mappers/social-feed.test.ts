import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiSocialFeed, ApiSocialPost } from '../../../contract/index.ts';
import { toSocialPost, toSocialPosts } from './social-feed.ts';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const wire: ApiSocialPost = {
  id: '17900000000007919',
  image: '/images/social/1.svg',
  caption: 'Tidlig morgen på fjellet <script>alert(1)</script>',
  permalink: 'https://www.instagram.com/p/AbC123/',
  timestamp: '2025-01-10T08:00:00.000Z',
};

describe('toSocialPost', () => {
  it('keeps the caption as text and marks the permalink external', () => {
    expect(toSocialPost(wire)).toEqual({
      id: '17900000000007919',
      image: '/images/social/1.svg',
      caption: 'Tidlig morgen på fjellet <script>alert(1)</script>',
      link: { href: 'https://www.instagram.com/p/AbC123/', external: true },
      publishedAt: '2025-01-10T08:00:00.000Z',
    });
  });

  it('takes a numeric id as text', () => {
    expect(toSocialPost({ ...wire, id: 42 } as unknown as ApiSocialPost)?.id).toBe('42');
  });

  it.each(['javascript:alert(1)', '//evil.example/p/1', 'data:text/html,x', ' java\tscript:x'])(
    'shows the post without a link for the permalink %j',
    (permalink) => {
      const post = toSocialPost({ ...wire, permalink });
      expect(post?.link).toBeNull();
      expect(post?.caption).toBe(wire.caption);
    },
  );

  it.each([
    ['no id', { ...wire, id: undefined }],
    ['no image', { ...wire, image: undefined }],
    ['an image of another site', { ...wire, image: 'https://evil.example/x.png' }],
    ['a script image', { ...wire, image: 'javascript:alert(1)' }],
    ['not an object', 'post'],
  ])('skips a post with %s', (_name, post) => {
    expect(toSocialPost(post as unknown as ApiSocialPost)).toBeNull();
  });

  it('defaults a missing caption and timestamp to empty text', () => {
    const post = toSocialPost({ ...wire, caption: null, timestamp: 5 } as unknown as ApiSocialPost);
    expect(post).toMatchObject({ caption: '', publishedAt: '' });
  });
});

describe('toSocialPosts', () => {
  it('keeps the good posts in order', () => {
    const feed = { posts: [wire, { id: 'x' }, { ...wire, id: '2' }] } as ApiSocialFeed;
    expect(toSocialPosts(feed)?.map((p) => p.id)).toEqual(['17900000000007919', '2']);
  });

  it('is null for an answer without a list of posts', () => {
    expect(toSocialPosts({} as ApiSocialFeed)).toBeNull();
    expect(toSocialPosts({ posts: 'x' } as unknown as ApiSocialFeed)).toBeNull();
    expect(toSocialPosts([] as unknown as ApiSocialFeed)).toBeNull();
  });
});
