import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiArticleDetail } from '../../contract/index.ts';
import { IMAGE_CACHE } from '../http/cache.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiHttpError } from '../http/errors.ts';
import { type TestCatalogue, createTestCatalogue } from '../test-support/catalogue.ts';
import { PictureCache } from '../seed/picture-cache.ts';
import type { PictureSpec } from '../seed/photos.ts';
import { imageRoutes } from './images.ts';

const KB = 1024;

let t: TestCatalogue;
// The real drawing goes to a folder of its own, so the first request in this file draws.
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pictures-'));
  t = createTestCatalogue(60, { pictureCacheDir: dir });
});
afterAll(() => {
  t.db.close();
  rmSync(dir, { recursive: true, force: true });
});

function first<T>(sql: string): T {
  const [row] = t.rows<T>(sql);
  if (row === undefined) throw new Error(`No row for ${sql}`);
  return row;
}

/** An article with two colours, and a colour it does not have. */
function articleWithColours(): { id: number; colors: number[]; other: number } {
  const { id } = first<{ id: number }>(
    `SELECT article_id AS id FROM variants GROUP BY article_id
     HAVING COUNT(DISTINCT color_id) >= 2 ORDER BY article_id LIMIT 1`,
  );
  const colors = t
    .rows<{ c: number }>('SELECT DISTINCT color_id AS c FROM variants WHERE article_id = ?', id)
    .map((r) => r.c);
  const { other } = first<{ other: number }>(
    `SELECT id AS other FROM colors WHERE id NOT IN
       (SELECT color_id FROM variants WHERE article_id = ${String(id)}) LIMIT 1`,
  );
  return { id, colors, other };
}

async function jpeg(
  path: string,
): Promise<{ res: Response; bytes: Buffer; width: number; height: number }> {
  const res = await t.app.request(path);
  expect(res.status, path).toBe(200);
  expect(res.headers.get('Content-Type'), path).toBe('image/jpeg');
  expect(res.headers.get('Cache-Control'), path).toBe(IMAGE_CACHE);
  expect(res.headers.get('ETag'), path).toMatch(/^"[0-9a-f]{32}"$/);
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(res.headers.get('Content-Length'), path).toBe(String(bytes.length));
  const meta = await sharp(bytes).metadata();
  expect(meta.format, path).toBe('jpeg');
  return { res, bytes, width: meta.width, height: meta.height };
}

describe('GET /images/articles/{articleId}/{colorId}-{view}.jpg', () => {
  it('draws each view of each colour as a 1500 × 1500 JPEG of 100–250 KB, each different', async () => {
    const { id, colors } = articleWithColours();
    const digests = new Set<string>();
    for (const color of colors.slice(0, 2)) {
      for (const view of ['front', 'back', 'detail']) {
        const path = `/images/articles/${String(id)}/${String(color)}-${view}.jpg`;
        const { res, bytes, width, height } = await jpeg(path);
        expect([width, height], path).toEqual([1500, 1500]);
        expect(bytes.length, path).toBeGreaterThanOrEqual(100 * KB);
        expect(bytes.length, path).toBeLessThanOrEqual(250 * KB);
        digests.add(res.headers.get('ETag') ?? '');
      }
    }
    expect(digests.size).toBe(6);
  });

  it('serves every picture the detail lists, and the list shape and variants name them', async () => {
    const { id } = articleWithColours();
    const detail = (await (
      await t.app.request(`/api/v1/articles/${String(id)}`)
    ).json()) as ApiArticleDetail;
    const listed = (detail.pictures ?? []).flatMap((c) => c.pictures.map((p) => p.src));
    expect(listed).toContain(detail.image);
    for (const v of detail.variants) expect(listed).toContain(v.color.image);
    for (const src of listed) expect((await t.app.request(src)).status, src).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const { id, colors } = articleWithColours();
    const res = await t.app.request(
      `/images/articles/${String(id)}/${String(colors[0])}-front.jpg`,
      {
        method: 'HEAD',
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/jpeg');
    expect(res.headers.get('ETag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(Number(res.headers.get('Content-Length'))).toBeGreaterThan(100 * KB);
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const { id, colors } = articleWithColours();
    const path = `/images/articles/${String(id)}/${String(colors[0])}-back.jpg`;
    const etag = (await t.app.request(path, { method: 'HEAD' })).headers.get('ETag') ?? '';
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const res = await t.app.request(path, { headers: { 'If-None-Match': header } });
      expect(res.status, header).toBe(304);
      expect(res.headers.get('ETag')).toBe(etag);
      expect(res.headers.get('Cache-Control')).toBe(IMAGE_CACHE);
    }
    expect((await t.app.request(path, { headers: { 'If-None-Match': '"other"' } })).status).toBe(
      200,
    );
  });

  it('answers 404 JSON for an unknown article, a colour it does not have, an unknown view', async () => {
    const { id, colors, other } = articleWithColours();
    const color = String(colors[0]);
    for (const path of [
      `/images/articles/99999999/${color}-front.jpg`,
      `/images/articles/${String(id)}/${String(other)}-front.jpg`,
      `/images/articles/${String(id)}/99999999-front.jpg`,
      `/images/articles/${String(id)}/${color}-side.jpg`,
      `/images/articles/${String(id)}/${color}-front.png`,
      `/images/articles/${String(id)}/${color}.jpg`,
      `/images/articles/abc/${color}-front.jpg`,
      // The illustrations of before: such databases are made anew (schemaVersion 10).
      `/images/articles/${String(id)}.svg`,
      '/images/variants/1.svg',
      '/images/other/1.jpg',
    ]) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('Content-Type'), path).toMatch(/json/);
      expect(((await res.json()) as { message: string }).message).toEqual(expect.any(String));
    }
  });
});

describe('GET /images/{campaigns,polls,blog,categories,social}/...', () => {
  it('draws wide banners at 1600 × 800 and square ones at 1600 × 1600, 80–200 KB', async () => {
    const campaign = first<{ id: number }>('SELECT id FROM campaigns LIMIT 1');
    const social = first<{ image: string }>('SELECT image FROM social_posts LIMIT 1');
    for (const [path, size] of [
      [`/images/campaigns/${String(campaign.id)}.jpg`, [1600, 800]],
      [`/images/campaigns/${String(campaign.id)}-mobile.jpg`, [1600, 1600]],
      [social.image, [1600, 1600]],
    ] as const) {
      const { bytes, width, height } = await jpeg(path);
      expect([width, height], path).toEqual(size);
      expect(bytes.length, path).toBeGreaterThanOrEqual(80 * KB);
      expect(bytes.length, path).toBeLessThanOrEqual(200 * KB);
    }
  });
});

// Routing and caching without the cost of drawing: the routes over a cache whose drawing is a
// tiny stand-in JPEG, counted.
describe('image routes over a picture cache', () => {
  let stub: Buffer;
  let cacheDir: string;
  const cacheDirs: string[] = [];
  let drawn: PictureSpec[];
  let app: Hono<AppEnv>;
  let cache: PictureCache;

  beforeAll(async () => {
    stub = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#777' } })
      .jpeg()
      .toBuffer();
  });

  function freshApp(): void {
    cacheDir = mkdtempSync(join(tmpdir(), 'pictures-'));
    cacheDirs.push(cacheDir);
    drawn = [];
    cache = new PictureCache(cacheDir, {
      draw: async (spec) => {
        drawn.push(spec);
        await new Promise((resolve) => setTimeout(resolve, 20));
        return stub;
      },
    });
    app = new Hono<AppEnv>();
    app.use(async (c, next) => {
      c.set('db', t.db);
      await next();
    });
    app.route('/images', imageRoutes(cache));
    app.onError((error, c) =>
      error instanceof ApiHttpError ? c.json(error.body, error.status) : c.json({}, 500),
    );
  }

  afterAll(() => {
    for (const folder of cacheDirs) rmSync(folder, { recursive: true, force: true });
  });

  it('serves every picture path the seed stores', async () => {
    freshApp();
    const paths = [
      'SELECT image AS p FROM campaigns',
      'SELECT image_mobile AS p FROM campaigns',
      'SELECT featured_image AS p FROM blog_posts',
      'SELECT image AS p FROM social_posts',
      'SELECT banner AS p FROM main_groups',
      'SELECT banner_desktop AS p FROM polls',
      'SELECT banner_mobile AS p FROM polls',
      // An ended campaign kept for its prices' history (Høstkupp, Vinterforsalg) has no picture.
    ].flatMap((sql) =>
      t.rows<{ p: string | null }>(sql).flatMap((r) => (r.p === null ? [] : [r.p])),
    );
    // The home slots of every tenant and the pictures in blog posts' bodies too.
    for (const { settings } of t.rows<{ settings: string }>('SELECT settings FROM tenants')) {
      paths.push(...(settings.match(/\/images\/[^"]+/g) ?? []));
    }
    for (const { body } of t.rows<{ body: string }>('SELECT body FROM blog_posts')) {
      paths.push(...(body.match(/\/images\/[^"]+/g) ?? []));
    }
    expect(paths.length).toBeGreaterThan(40);
    for (const path of paths) {
      expect(path).toMatch(/^\/images\/\w+\/[\w-]+\.jpg$/);
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('Content-Type'), path).toBe('image/jpeg');
    }
  });

  it('answers 404 JSON for unknown ids and malformed names', async () => {
    freshApp();
    for (const path of [
      '/images/campaigns/99999999.jpg',
      '/images/campaigns/1.svg',
      '/images/campaigns/1-wide.jpg',
      '/images/polls/99999999-mobile.jpg',
      '/images/blog/1-mobile.jpg',
      '/images/blog/99999999.jpg',
      '/images/categories/99999999.jpg',
      '/images/social/nope.jpg',
      '/images/social/..%2F1.jpg',
    ]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('Content-Type'), path).toMatch(/json/);
    }
    expect(drawn).toEqual([]);
  });

  it('draws a picture once, keeps it on disk and reads it from there afterwards', async () => {
    freshApp();
    const path = '/images/campaigns/1.jpg';
    const answer = await app.request(path);
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(stub);
    expect(drawn).toHaveLength(1);
    const digest = (answer.headers.get('ETag') ?? '').replaceAll('"', '');
    const file = cache.pathOf(digest);
    expect(file.startsWith(cacheDir)).toBe(true);
    // No temporary file is left behind.
    expect(readdirSync(dirname(file))).toEqual([`${digest}.jpg`]);

    // What the file holds is what the next request gets: nothing is drawn or written again.
    const marked = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
      .jpeg()
      .toBuffer();
    writeFileSync(file, marked);
    const written = statSync(file).mtimeMs;
    const again = await app.request(path);
    expect(Buffer.from(await again.arrayBuffer())).toEqual(marked);
    expect(again.headers.get('ETag')).toBe(`"${digest}"`);
    expect(drawn).toHaveLength(1);
    expect(statSync(file).mtimeMs).toBe(written);
  });

  it('never serves a leftover .tmp file and draws again over a cut-short one', async () => {
    freshApp();
    const path = '/images/campaigns/2-mobile.jpg';
    const digest = (
      (await app.request(path, { method: 'HEAD' })).headers.get('ETag') ?? ''
    ).replaceAll('"', '');
    expect(drawn).toHaveLength(1);
    rmSync(cacheDir, { recursive: true, force: true });
    drawn = [];
    const file = cache.pathOf(digest);
    await mkdir(dirname(file), { recursive: true });
    // A process killed while writing leaves its temporary file, whole or not.
    writeFileSync(`${file}.tmp`, stub.subarray(0, 100));
    writeFileSync(`${file}.1234.abcdef.tmp`, stub);
    const res = await app.request(path);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(stub);
    expect(drawn).toHaveLength(1);

    // A file cut short (no JPEG end marker) is drawn again and replaced.
    writeFileSync(file, stub.subarray(0, stub.length - 10));
    const redrawn = await app.request(path);
    expect(Buffer.from(await redrawn.arrayBuffer())).toEqual(stub);
    expect(drawn).toHaveLength(2);
  });

  it('shares one drawing between concurrent first requests', async () => {
    freshApp();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => app.request('/images/blog/1.jpg')),
    );
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(stub);
    }
    expect(drawn).toHaveLength(1);
  });

  it('draws at most maxDrawing pictures at a time', async () => {
    let running = 0;
    let most = 0;
    const limited = new PictureCache(mkdtempSync(join(tmpdir(), 'pictures-')), {
      maxDrawing: 2,
      draw: async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 10));
        running--;
        return stub;
      },
    });
    const specs: PictureSpec[] = Array.from({ length: 7 }, (_, i) => ({
      type: 'banner',
      kind: 'blog',
      shape: 'wide',
      title: `Innlegg ${String(i)}`,
      hex: '#1d4ed8',
    }));
    const pictures = await Promise.all(specs.map((spec) => limited.get(spec)));
    expect(new Set(pictures.map((p) => p.digest)).size).toBe(7);
    expect(most).toBe(2);
    rmSync(limited.dir, { recursive: true, force: true });
  });
});
