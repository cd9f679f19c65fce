import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiSocialFeed, ApiSocialPost } from '../../contract/index.ts';
import { openDatabase } from '../db/database.ts';
import { createTestApp, expectNoServerErrors } from '../test-support/harness.ts';
import { SOCIAL_DEFAULT_LIMIT, SOCIAL_MAX_LIMIT, socialRoutes } from './social.ts';

const db = openDatabase(':memory:');
const app = createTestApp({ db }, [{ path: '/social', routes: socialRoutes }]);
const POSTS = 60;

/** Post n was published n hours after the start, so a higher n is newer. */
function post(n: number): ApiSocialPost {
  return {
    id: `post-${String(n).padStart(3, '0')}`,
    image: `/images/social/${n}.jpg`,
    caption: `Ut på tur #${n} #friluftsliv`,
    permalink: `https://social.example/p/${n}`,
    timestamp: new Date(Date.UTC(2025, 0, 1) + n * 3_600_000).toISOString(),
  };
}

async function feed(query = ''): Promise<{ status: number; body: ApiSocialFeed }> {
  const res = await app.request(`/social/getPosts${query}`);
  return { status: res.status, body: (await res.json()) as ApiSocialFeed };
}

beforeAll(() => {
  const insert = db.prepare(
    'INSERT INTO social_posts (id, image, caption, permalink, timestamp) VALUES (?, ?, ?, ?, ?)',
  );
  // Inserted in shuffled order so that the answer's order must come from the timestamps.
  const order = Array.from({ length: POSTS }, (_, i) => (i * 37) % POSTS);
  for (const n of order) {
    const p = post(n);
    insert.run(p.id, p.image, p.caption, p.permalink, p.timestamp);
  }
});

describe('social feed simulator', () => {
  it('answers the newest posts first, in the exact shape', async () => {
    const { status, body } = await feed();
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['posts']);
    expect(body.posts).toHaveLength(SOCIAL_DEFAULT_LIMIT);
    expect(body.posts[0]).toEqual(post(POSTS - 1));
    expect(body.posts.map((p) => p.id)).toEqual(
      Array.from({ length: SOCIAL_DEFAULT_LIMIT }, (_, i) => post(POSTS - 1 - i).id),
    );
  });

  it('honours limit from 1 to the maximum', async () => {
    expect((await feed('?limit=1')).body.posts.map((p) => p.id)).toEqual([post(POSTS - 1).id]);
    expect((await feed(`?limit=${SOCIAL_MAX_LIMIT}`)).body.posts).toHaveLength(SOCIAL_MAX_LIMIT);
  });

  it.each(['0', '51', '-3', 'abc', '2.5', '1e1'])('rejects limit=%s with 422', async (limit) => {
    const res = await app.request(`/social/getPosts?limit=${limit}`);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      message: expect.any(String),
      errors: { limit: [expect.any(String)] },
    });
  });

  it('answers an empty feed when there are no posts', async () => {
    const empty = createTestApp({ db: openDatabase(':memory:') }, [
      { path: '/social', routes: socialRoutes },
    ]);
    expect(await (await empty.request('/social/getPosts')).json()).toEqual({ posts: [] });
  });

  it('never answers 500, whatever the path and query', async () => {
    await expectNoServerErrors(app, ['/social/getPosts', '/social/']);
  });
});
