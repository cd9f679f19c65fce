import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestCatalogue, createTestCatalogue } from '../http/test-catalogue.ts';

let t: TestCatalogue;

beforeAll(() => {
  t = createTestCatalogue(60);
});
afterAll(() => {
  t.db.close();
});

function first<T>(sql: string): T {
  const [row] = t.rows<T>(sql);
  if (row === undefined) throw new Error(`No row for ${sql}`);
  return row;
}

describe('GET /images/...', () => {
  it('draws an article in its illustration colour, cached for a day and immutable', async () => {
    const article = first<{ id: number; image_color: string; name: string }>(
      'SELECT id, image_color, name FROM articles LIMIT 1',
    );
    const res = await t.app.request(`/images/articles/${String(article.id)}.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('Cache-Control')).toMatch(/max-age=86400, immutable$/);
    const svg = await res.text();
    expect(svg).toMatch(/^<svg /);
    expect(svg.toLowerCase()).toContain(article.image_color.toLowerCase());
  });

  it('draws a variant in the colour of the variant', async () => {
    const variant = first<{ id: number; hex: string }>(
      'SELECT v.id, c.hex FROM variants v JOIN colors c ON c.id = v.color_id WHERE c.hex IS NOT NULL LIMIT 1',
    );
    const res = await t.app.request(`/images/variants/${String(variant.id)}.svg`);
    expect(res.status).toBe(200);
    expect((await res.text()).toLowerCase()).toContain(variant.hex.toLowerCase());
  });

  it('draws banners for campaigns (and their mobile version), blog posts and social posts', async () => {
    const campaign = first<{ id: number }>('SELECT id FROM campaigns LIMIT 1');
    const blog = first<{ id: number }>('SELECT id FROM blog_posts LIMIT 1');
    const social = first<{ image: string }>('SELECT image FROM social_posts LIMIT 1');
    for (const path of [
      `/images/campaigns/${String(campaign.id)}.svg`,
      `/images/campaigns/${String(campaign.id)}-mobile.svg`,
      `/images/blog/${String(blog.id)}.svg`,
      social.image,
    ]) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('Content-Type')).toMatch(/^image\/svg\+xml/);
    }
  });

  it('serves every image path the seed stores', async () => {
    const paths = [
      ...t.rows<{ p: string }>('SELECT image AS p FROM campaigns WHERE image IS NOT NULL'),
      ...t.rows<{ p: string }>(
        'SELECT image_mobile AS p FROM campaigns WHERE image_mobile IS NOT NULL',
      ),
      ...t.rows<{ p: string }>(
        'SELECT featured_image AS p FROM blog_posts WHERE featured_image IS NOT NULL',
      ),
      ...t.rows<{ p: string }>('SELECT image AS p FROM social_posts'),
      ...t.rows<{ p: string }>('SELECT banner AS p FROM main_groups WHERE banner IS NOT NULL'),
    ]
      .map((r) => r.p)
      .filter((p) => p.startsWith('/images/'));
    expect(paths.length).toBeGreaterThan(0);
    paths.push(
      ...t
        .rows<{ p: string }>(
          'SELECT banner_desktop AS p FROM polls WHERE banner_desktop IS NOT NULL',
        )
        .map((r) => r.p),
    );
    paths.push(
      ...t
        .rows<{ p: string }>('SELECT banner_mobile AS p FROM polls WHERE banner_mobile IS NOT NULL')
        .map((r) => r.p),
    );
    for (const path of paths) expect((await t.app.request(path)).status, path).toBe(200);
  });

  it('answers 404 JSON for unknown ids and malformed names', async () => {
    for (const path of [
      '/images/articles/99999999.svg',
      '/images/articles/1.png',
      '/images/articles/abc.svg',
      '/images/articles/1-mobile.svg',
      '/images/variants/99999999.svg',
      '/images/campaigns/99999999.svg',
      '/images/blog/99999999.svg',
      '/images/social/nope.svg',
      '/images/social/..%2F1.svg',
      '/images/other/1.svg',
    ]) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('Content-Type')).toMatch(/json/);
      expect(((await res.json()) as { message: string }).message).toEqual(expect.any(String));
    }
  });
});
