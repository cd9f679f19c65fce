import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  type ArticlePhotoSpec,
  type BannerSpec,
  colourForId,
  drawArticlePhoto,
  drawBanner,
  normalizeHex,
  pictureDigest,
  pictureSize,
} from './photos.ts';

const KB = 1024;
const sha = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

async function measure(bytes: Buffer): Promise<[number, number]> {
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe('jpeg');
  return [meta.width, meta.height];
}

describe('drawArticlePhoto', () => {
  it('draws the same bytes for the same spec', async () => {
    const spec: ArticlePhotoSpec = {
      type: 'article',
      kind: 'jacket',
      hex: '#c8102e',
      view: 'front',
    };
    const [a, b] = await Promise.all([drawArticlePhoto(spec), drawArticlePhoto(spec)]);
    expect(sha(a)).toBe(sha(b));
    expect(sha(await drawArticlePhoto({ ...spec, view: 'detail' }))).toBe(
      sha(await drawArticlePhoto({ ...spec, view: 'detail' })),
    );
  });

  // The largest and smallest silhouettes, a knit, a ring and hard goods, in the colours that
  // strain the grain most (white, near black) and one in between.
  it.each([
    ['jacket', '#ffffff'],
    ['sweater', '#1b1b1b'],
    ['pole', '#1f4fbf'],
    ['bottle', '#f2c500'],
    ['headband', '#f4a6c0'],
    ['goggles', '#1b1b1b'],
    ['backpack', '#6b3fa0'],
  ])(
    'draws a %s in %s as 1500 × 1500 JPEGs of 100–250 KB, three different views',
    async (kind, hex) => {
      const digests = new Set<string>();
      for (const view of ['front', 'back', 'detail'] as const) {
        const bytes = await drawArticlePhoto({ type: 'article', kind, hex, view });
        expect(await measure(bytes), view).toEqual([1500, 1500]);
        expect(bytes.length, view).toBeGreaterThanOrEqual(100 * KB);
        expect(bytes.length, view).toBeLessThanOrEqual(250 * KB);
        digests.add(sha(bytes));
      }
      expect(digests.size).toBe(3);
    },
  );

  it('draws an unknown kind as a jacket and a bad colour in the neutral slate', async () => {
    const kayak = await drawArticlePhoto({
      type: 'article',
      kind: 'kayak',
      hex: 'nonsense',
      view: 'back',
    });
    const jacket = await drawArticlePhoto({
      type: 'article',
      kind: 'jacket',
      hex: '#5b6b7a',
      view: 'back',
    });
    // The noise is seeded by the spec, so the pictures differ in grain but not in size.
    expect(await measure(kayak)).toEqual(await measure(jacket));
    expect(Math.abs(kayak.length - jacket.length)).toBeLessThan(5 * KB);
  });
});

describe('drawBanner', () => {
  it('draws the same bytes for the same spec, another landscape for another title', async () => {
    const spec: BannerSpec = {
      type: 'banner',
      kind: 'campaigns',
      shape: 'wide',
      title: 'Vintersalg',
      hex: colourForId(1),
    };
    const [a, b, c] = await Promise.all([
      drawBanner(spec),
      drawBanner(spec),
      drawBanner({ ...spec, title: 'Black Week' }),
    ]);
    expect(sha(a)).toBe(sha(b));
    expect(sha(c)).not.toBe(sha(a));
  });

  it.each([
    ['campaigns', 'wide', [1600, 800]],
    ['campaigns', 'square', [1600, 1600]],
    ['blog', 'wide', [1600, 800]],
    ['social', 'square', [1600, 1600]],
  ] as const)('draws a %s banner (%s) at its size in 80–200 KB', async (kind, shape, size) => {
    for (const id of [0, 5]) {
      const bytes = await drawBanner({
        type: 'banner',
        kind,
        shape,
        title: `Tittel ${String(id)}`,
        hex: colourForId(id),
      });
      expect(await measure(bytes)).toEqual(size);
      expect(bytes.length).toBeGreaterThanOrEqual(80 * KB);
      expect(bytes.length).toBeLessThanOrEqual(200 * KB);
    }
  });
});

describe('pictureDigest', () => {
  const front: ArticlePhotoSpec = { type: 'article', kind: 'cap', hex: '#1F4FBF', view: 'front' };

  it('names everything that decides the picture, and nothing else', () => {
    expect(pictureDigest(front)).toMatch(/^[0-9a-f]{32}$/);
    expect(pictureDigest(front)).toBe(pictureDigest({ ...front, hex: '#1f4fbf' }));
    const others = [
      { ...front, kind: 'boot' },
      { ...front, hex: '#1f4fbe' },
      { ...front, view: 'back' as const },
      { ...front, view: 'detail' as const },
    ].map(pictureDigest);
    expect(new Set([pictureDigest(front), ...others]).size).toBe(5);
    const banner: BannerSpec = {
      type: 'banner',
      kind: 'polls',
      shape: 'wide',
      title: 'A',
      hex: '#000000',
    };
    expect(
      new Set(
        [
          banner,
          { ...banner, shape: 'square' as const },
          { ...banner, kind: 'blog' as const },
          { ...banner, title: 'B' },
          { ...banner, hex: '#000001' },
        ].map(pictureDigest),
      ).size,
    ).toBe(5);
  });

  it('gives each picture its size', () => {
    expect(pictureSize(front)).toEqual({ width: 1500, height: 1500 });
    expect(
      pictureSize({ type: 'banner', kind: 'campaigns', shape: 'wide', title: '', hex: '#000000' }),
    ).toEqual({ width: 1600, height: 800 });
  });

  it('normalises colours', () => {
    expect(normalizeHex('#ABCDEF')).toBe('#abcdef');
    expect(normalizeHex('abcdef')).toBe('#abcdef');
    expect(normalizeHex('red')).toBe('#5b6b7a');
  });
});

describe('colourForId', () => {
  it('picks a stable colour per id', () => {
    expect(colourForId(4)).toBe(colourForId(4));
    expect(colourForId(1)).not.toBe(colourForId(2));
  });
});
