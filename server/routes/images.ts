import type { DatabaseSync } from 'node:sqlite';
import { type Context, Hono } from 'hono';
import { IMAGE_CACHE } from '../http/cache.ts';
import type { AppEnv } from '../http/env.ts';
import { notFound } from '../http/errors.ts';
import { multiColourHex } from '../seed/data/catalogue.ts';
import type { PictureCache } from '../seed/picture-cache.ts';
import { type BannerKind, isPictureView } from '../seed/picture-paths.ts';
import { type PictureSpec, colourForId, pictureDigest } from '../seed/photos.ts';

const ID = /^\d{1,15}$/;
const ARTICLE_FILE = /^(\d{1,15})-([a-z]{1,10})\.jpg$/;
const NUMBERED = /^(\d{1,15})(-mobile)?\.jpg$/;
const NAMED = /^[A-Za-z0-9_-]{1,64}\.jpg$/;

/** Whether `If-None-Match` names `etag` (a list, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * Answers a picture: JPEG, cached for a day and immutable, its digest as `ETag` (a matching
 * `If-None-Match` gets 304 without the picture being read or drawn).
 */
async function send(
  c: Context<AppEnv>,
  pictures: PictureCache,
  spec: PictureSpec,
): Promise<Response> {
  const etag = `"${pictureDigest(spec)}"`;
  if (matches(c.req.header('If-None-Match'), etag)) {
    c.header('ETag', etag);
    c.header('Cache-Control', IMAGE_CACHE);
    return c.body(null, 304);
  }
  const picture = await pictures.get(spec);
  // Headers are set once the picture is in hand, so a failure never inherits them.
  c.header('Content-Type', 'image/jpeg');
  c.header('Content-Length', String(picture.bytes.length));
  c.header('Cache-Control', IMAGE_CACHE);
  c.header('ETag', etag);
  // Node's file reads and sharp hand back Buffers over plain ArrayBuffers, never shared ones.
  return c.body(picture.bytes as Uint8Array<ArrayBuffer>);
}

/** The id and mobile flag of `{id}.jpg` / `{id}-mobile.jpg`, or a 404. */
function numbered(file: string, allowMobile: boolean): { id: number; mobile: boolean } {
  const match = NUMBERED.exec(file);
  if (match === null || (match[2] !== undefined && !allowMobile)) throw notFound('Image');
  return { id: Number(match[1]), mobile: match[2] !== undefined };
}

function titleOf(db: DatabaseSync, sql: string, id: number | string): string {
  const row = db.prepare(sql).get(id) as { title: string } | undefined;
  if (row === undefined) throw notFound('Image');
  return row.title;
}

/**
 * Generated photographs (see server/seed/photos.ts), mounted at `/images`:
 *
 * - `/images/articles/{articleId}/{colorId}-{front|back|detail}.jpg`: an article in one of
 *   its variants' colours, 1500 × 1500;
 * - `/images/{campaigns|polls}/{id}.jpg` (1600 × 800) and `{id}-mobile.jpg` (1600 × 1600),
 *   `/images/{blog|categories}/{id}.jpg` (1600 × 800) and `/images/social/{n}.jpg`
 *   (1600 × 1600, found by the path the seed stores): banners.
 *
 * Each is drawn on its first request and then read from `pictures`; unknown ones (an article
 * or colour that is not there, a view or name that does not exist) answer 404 JSON.
 */
export function imageRoutes(pictures: PictureCache): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/articles/:article/:file', async (c) => {
    const article = c.req.param('article');
    const file = ARTICLE_FILE.exec(c.req.param('file'));
    const view = file?.[2] ?? '';
    if (!ID.test(article) || file === null || !isPictureView(view)) throw notFound('Image');
    // The colour must be one the article is sold in.
    const row = c
      .get('db')
      .prepare(
        `SELECT a.image_kind, c.hex
         FROM variants v JOIN articles a ON a.id = v.article_id JOIN colors c ON c.id = v.color_id
         WHERE v.article_id = ? AND v.color_id = ? LIMIT 1`,
      )
      .get(Number(article), Number(file[1])) as
      { image_kind: string; hex: string | null } | undefined;
    if (row === undefined) throw notFound('Image');
    // A colour without a swatch (multi-coloured, camouflage) is drawn in the seed's neutral.
    return send(c, pictures, {
      type: 'article',
      kind: row.image_kind,
      hex: row.hex ?? multiColourHex,
      view,
    });
  });

  const banner = (kind: BannerKind, title: string, id: number, mobile: boolean): PictureSpec => ({
    type: 'banner',
    kind,
    shape: mobile ? 'square' : 'wide',
    title,
    hex: colourForId(id),
  });

  routes.get('/campaigns/:file', async (c) => {
    const { id, mobile } = numbered(c.req.param('file'), true);
    const title = titleOf(c.get('db'), 'SELECT name AS title FROM campaigns WHERE id = ?', id);
    return send(c, pictures, banner('campaigns', title, id, mobile));
  });

  routes.get('/polls/:file', async (c) => {
    const { id, mobile } = numbered(c.req.param('file'), true);
    const title = titleOf(c.get('db'), 'SELECT name AS title FROM polls WHERE id = ?', id);
    return send(c, pictures, banner('polls', title, id, mobile));
  });

  routes.get('/blog/:file', async (c) => {
    const { id } = numbered(c.req.param('file'), false);
    const title = titleOf(c.get('db'), 'SELECT title FROM blog_posts WHERE id = ?', id);
    return send(c, pictures, banner('blog', title, id, false));
  });

  routes.get('/categories/:file', async (c) => {
    const { id } = numbered(c.req.param('file'), false);
    const title = titleOf(c.get('db'), 'SELECT name AS title FROM main_groups WHERE id = ?', id);
    return send(c, pictures, banner('categories', title, id, false));
  });

  routes.get('/social/:file', async (c) => {
    const file = c.req.param('file');
    if (!NAMED.test(file)) throw notFound('Image');
    // Feed ids are long external numbers; the seed names the pictures by position instead,
    // so the post is found by the path it stores.
    const row = c
      .get('db')
      .prepare('SELECT rowid, caption FROM social_posts WHERE image = ?')
      .get(`/images/social/${file}`) as { rowid: number; caption: string } | undefined;
    if (row === undefined) throw notFound('Image');
    return send(c, pictures, banner('social', row.caption, row.rowid, true));
  });

  return routes;
}
