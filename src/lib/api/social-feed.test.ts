import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSocialPosts, SOCIAL_FEED_BASE, SOCIAL_FEED_LIMIT } from './social-feed.ts';

const post = {
  id: '1',
  image: '/images/social/1.svg',
  caption: 'Fjell',
  permalink: 'https://www.instagram.com/p/1/',
  timestamp: '2025-01-10T08:00:00.000Z',
};

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('getSocialPosts', () => {
  it('asks the service for the newest posts and maps them', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => Response.json({ posts: [post] }));
    const posts = await getSocialPosts(undefined, fetchImpl);
    expect(fetchImpl).toHaveBeenCalledWith(
      `${SOCIAL_FEED_BASE}/getPosts?limit=${String(SOCIAL_FEED_LIMIT)}`,
      { headers: { Accept: 'application/json' } },
    );
    expect(posts.map((p) => p.caption)).toEqual(['Fjell']);
  });

  it('throws when the service fails or answers no feed', async () => {
    await expect(
      getSocialPosts(3, async () => new Response('Bad gateway', { status: 502 })),
    ).rejects.toThrow('502');
    await expect(getSocialPosts(3, async () => Response.json({ data: [] }))).rejects.toThrow(
      'not a feed',
    );
    await expect(
      getSocialPosts(3, async () => new Response('<html>', { status: 200 })),
    ).rejects.toThrow();
  });
});
