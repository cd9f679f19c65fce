import { Hono } from 'hono';
import type { ApiSocialFeed, ApiSocialPost } from '../../contract/index.ts';
import { CATALOGUE_CACHE } from '../http/cache.ts';
import type { AppEnv } from '../http/env.ts';
import { optionalIntParam } from '../http/params.ts';

/** Posts returned when `?limit=` is absent: one row of the shop's feed grid. */
export const SOCIAL_DEFAULT_LIMIT = 12;
/** Most posts one request may ask for. */
export const SOCIAL_MAX_LIMIT = 50;

/** Social feed simulator, mounted at /social: `GET /getPosts?limit=`, newest first. */
export const socialRoutes = new Hono<AppEnv>();

socialRoutes.get('/getPosts', (c) => {
  const limit = optionalIntParam(c.req.query('limit'), 'limit', SOCIAL_DEFAULT_LIMIT, {
    min: 1,
    max: SOCIAL_MAX_LIMIT,
  });
  const posts = c
    .get('db')
    .prepare(
      `SELECT id, image, caption, permalink, timestamp FROM social_posts
        ORDER BY julianday(timestamp) DESC, id DESC LIMIT ?`,
    )
    .all(limit) as unknown as ApiSocialPost[];
  c.header('Cache-Control', CATALOGUE_CACHE);
  return c.json<ApiSocialFeed>({ posts });
});
