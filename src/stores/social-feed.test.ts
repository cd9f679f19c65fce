import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $socialFeed, loadSocialFeed } from './social-feed.ts';

const fetchMock = vi.fn<typeof fetch>();
const post = {
  id: '1',
  image: '/images/social/1.svg',
  caption: 'Fjell',
  permalink: 'https://www.instagram.com/p/1/',
  timestamp: '2025-01-10T08:00:00.000Z',
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  $socialFeed.set({ state: 'idle' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
});

describe('loadSocialFeed', () => {
  it('loads once, showing loading and then the posts', async () => {
    fetchMock.mockImplementation(async () => Response.json({ posts: [post] }));
    const first = loadSocialFeed();
    expect($socialFeed.get()).toEqual({ state: 'loading' });
    await Promise.all([first, loadSocialFeed()]);
    await loadSocialFeed();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect($socialFeed.get()).toMatchObject({ state: 'ready', posts: [{ id: '1' }] });
  });

  it('shows a failure, and tries again on the next load', async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }));
    await loadSocialFeed();
    expect($socialFeed.get()).toEqual({ state: 'error' });
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await loadSocialFeed();
    expect($socialFeed.get()).toEqual({ state: 'error' });
    fetchMock.mockResolvedValueOnce(Response.json({ posts: [] }));
    await loadSocialFeed();
    expect($socialFeed.get()).toEqual({ state: 'ready', posts: [] });
  });
});
