import type { DatabaseSync } from 'node:sqlite';
import { type Context, Hono } from 'hono';
import { IMAGE_CACHE } from '../http/cache.ts';
import type { AppEnv } from '../http/env.ts';
import { notFound } from '../http/errors.ts';
import { articleSvg, bannerSvg, colourForId } from '../seed/images.ts';

const NUMBERED = /^(\d{1,15})(-mobile)?\.svg$/;
const NAMED = /^[A-Za-z0-9_-]{1,64}\.svg$/;
const SQUARE = { width: 600, height: 600 } as const;

function svg(c: Context<AppEnv>, body: string): Response {
  c.header('Content-Type', 'image/svg+xml; charset=utf-8');
  c.header('Cache-Control', IMAGE_CACHE);
  return c.body(body);
}

/** The id and mobile flag of `{id}.svg` / `{id}-mobile.svg`, or a 404. */
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
 * Generated SVG images (see server/seed/images.ts), mounted at `/images`: articles in their
 * main colour, variants in the variant's colour, and banners for campaigns (plus a square
 * `-mobile` one), blog posts, categories, polls and social posts. Cached for a day and
 * immutable, since an image never changes for its URL; unknown ones answer 404 JSON.
 */
export const imageRoutes = new Hono<AppEnv>();

imageRoutes.get('/articles/:file', (c) => {
  const { id } = numbered(c.req.param('file'), false);
  const row = c
    .get('db')
    .prepare('SELECT name, image_kind, image_color FROM articles WHERE id = ?')
    .get(id) as { name: string; image_kind: string; image_color: string } | undefined;
  if (row === undefined) throw notFound('Image');
  return svg(c, articleSvg(row.image_kind, row.image_color, { title: row.name }));
});

imageRoutes.get('/variants/:file', (c) => {
  const { id } = numbered(c.req.param('file'), false);
  const row = c
    .get('db')
    .prepare(
      `SELECT a.name, a.image_kind, a.image_color, c.name AS color_name, c.hex
       FROM variants v JOIN articles a ON a.id = v.article_id JOIN colors c ON c.id = v.color_id
       WHERE v.id = ?`,
    )
    .get(id) as
    | {
        name: string;
        image_kind: string;
        image_color: string;
        color_name: string;
        hex: string | null;
      }
    | undefined;
  if (row === undefined) throw notFound('Image');
  // A colour without a swatch (multi-coloured) keeps the article's own illustration colour.
  return svg(
    c,
    articleSvg(row.image_kind, row.hex ?? row.image_color, {
      title: `${row.name}, ${row.color_name}`,
    }),
  );
});

imageRoutes.get('/campaigns/:file', (c) => {
  const { id, mobile } = numbered(c.req.param('file'), true);
  const title = titleOf(c.get('db'), 'SELECT name AS title FROM campaigns WHERE id = ?', id);
  return svg(c, bannerSvg(title, colourForId(id), mobile ? SQUARE : {}));
});

imageRoutes.get('/polls/:file', (c) => {
  const { id, mobile } = numbered(c.req.param('file'), true);
  const title = titleOf(c.get('db'), 'SELECT name AS title FROM polls WHERE id = ?', id);
  return svg(c, bannerSvg(title, colourForId(id), mobile ? SQUARE : {}));
});

imageRoutes.get('/blog/:file', (c) => {
  const { id } = numbered(c.req.param('file'), false);
  const title = titleOf(c.get('db'), 'SELECT title FROM blog_posts WHERE id = ?', id);
  return svg(c, bannerSvg(title, colourForId(id)));
});

imageRoutes.get('/categories/:file', (c) => {
  const { id } = numbered(c.req.param('file'), false);
  const title = titleOf(c.get('db'), 'SELECT name AS title FROM main_groups WHERE id = ?', id);
  return svg(c, bannerSvg(title, colourForId(id)));
});

imageRoutes.get('/social/:file', (c) => {
  const file = c.req.param('file');
  if (!NAMED.test(file)) throw notFound('Image');
  // Feed ids are long external numbers; the seed names the image files by position instead,
  // so the post is found by the path it stores.
  const row = c
    .get('db')
    .prepare('SELECT rowid, caption FROM social_posts WHERE image = ?')
    .get(`/images/social/${file}`) as { rowid: number; caption: string } | undefined;
  if (row === undefined) throw notFound('Image');
  // A caption is a paragraph; its first words are title enough for an illustration.
  const title = row.caption.split(/\s+/).slice(0, 4).join(' ');
  return svg(c, bannerSvg(title, colourForId(row.rowid), SQUARE));
});
