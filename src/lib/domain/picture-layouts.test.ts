import { describe, expect, it } from 'vitest';
import {
  candidateWidths,
  PICTURE_LADDER,
  pictureSizes,
  responsivePicture,
  SLOT_MODELS,
  slotRange,
  slotWidth,
  type PictureLayout,
} from './picture-layouts.ts';

const layouts = Object.keys(SLOT_MODELS) as PictureLayout[];

describe('pictureSizes', () => {
  it.each([
    [
      'articleCard',
      '(min-width: 1280px) 300px, (min-width: 1020px) calc((100vw - 80px) / 4), ' +
        '(min-width: 640px) calc((100vw - 64px) / 3), calc((100vw - 48px) / 2)',
    ],
    [
      'productMain',
      '(min-width: 1280px) 608px, (min-width: 1020px) calc((100vw - 64px) / 2), calc(100vw - 32px)',
    ],
    [
      'productThumb',
      '(min-width: 1280px) 146px, (min-width: 1020px) calc((100vw - 112px) / 8), calc((100vw - 56px) / 4)',
    ],
    [
      'campaign',
      '(min-width: 1280px) 749px, (min-width: 1020px) calc((100vw - 32px) * 3 / 5), calc(100vw - 32px)',
    ],
    ['campaignMobile', 'calc(100vw - 32px)'],
    [
      'blogCard',
      '(min-width: 1280px) 400px, (min-width: 1024px) calc((100vw - 80px) / 3), ' +
        '(min-width: 640px) calc((100vw - 56px) / 2), calc(100vw - 32px)',
    ],
    ['blogPost', '(min-width: 800px) 768px, calc(100vw - 32px)'],
  ] satisfies Array<[PictureLayout, string]>)('%s: %s', (layout, sizes) => {
    expect(pictureSizes(layout)).toBe(sizes);
  });

  it('says, at every viewport, the width the slot has', () => {
    // The sizes' media conditions and lengths evaluated here as a browser would.
    const evaluate = (sizes: string, vw: number): number => {
      for (const part of sizes.split(/, (?=\(min-width|calc|\d)/u)) {
        const match = /^(?:\(min-width: (\d+)px\) )?(.+)$/u.exec(part);
        if (!match?.[2]) continue;
        if (match[1] !== undefined && vw < Number(match[1])) continue;
        const fixed = /^(\d+)px$/u.exec(match[2]);
        if (fixed) return Number(fixed[1]);
        const calc = /^calc\(\(?100vw - (\d+)px\)?(?: \* (\d+))?(?: \/ (\d+))?\)$/u.exec(match[2]);
        if (!calc) throw new Error(`cannot read ${match[2]}`);
        return ((vw - Number(calc[1])) * Number(calc[2] ?? 1)) / Number(calc[3] ?? 1);
      }
      throw new Error(`no length for ${String(vw)}`);
    };
    for (const layout of layouts) {
      for (const vw of [320, 375, 639, 640, 800, 1019, 1020, 1023, 1024, 1279, 1280, 1920]) {
        const model = SLOT_MODELS[layout];
        if ('belowViewport' in model && vw >= model.belowViewport) continue;
        expect(evaluate(pictureSizes(layout), vw), `${layout} at ${String(vw)}`).toBeCloseTo(
          slotWidth(model, vw),
          0,
        );
      }
    }
  });
});

describe('slot widths', () => {
  it('follow the grid classes', () => {
    // Two cards and a 16 px gap in 375 − 32 px; four in 1280 − 32 px with three gaps.
    expect(slotWidth(SLOT_MODELS.articleCard, 375)).toBe((375 - 32 - 16) / 2);
    expect(slotWidth(SLOT_MODELS.articleCard, 1920)).toBe(300);
    expect(slotRange(SLOT_MODELS.articleCard).max).toBeCloseTo((1020 - 32 - 32) / 3);
    expect(slotWidth(SLOT_MODELS.productMain, 1280)).toBe(608);
    expect(slotRange(SLOT_MODELS.productMain).max).toBe(988);
    expect(slotWidth(SLOT_MODELS.blogPost, 1920)).toBe(768);
    expect(slotRange(SLOT_MODELS.campaignMobile).max).toBe(988);
  });
});

describe('candidateWidths', () => {
  it.each([
    ['articleCard', [160, 240, 320, 400, 480, 637]],
    ['productMain', [320, 400, 480, 640, 800, 960, 1200, 1600]],
    ['productThumb', [160, 240, 320, 400, 480]],
    ['campaign', [320, 400, 480, 640, 800, 960, 1200, 1600]],
    ['campaignMobile', [320, 400, 480, 640, 800, 960, 1200, 1600]],
    ['blogCard', [320, 400, 480, 640, 800, 960, 1200]],
    ['blogPost', [320, 400, 480, 640, 800, 960, 1200, 1536]],
  ] satisfies Array<[PictureLayout, number[]]>)('%s: %j', (layout, widths) => {
    expect(candidateWidths(SLOT_MODELS[layout])).toEqual(widths);
  });

  it('stops at the picture’s own width when it is known', () => {
    expect(candidateWidths(SLOT_MODELS.productMain, 1500)).toEqual([
      320, 400, 480, 640, 800, 960, 1200, 1500,
    ]);
    expect(candidateWidths(SLOT_MODELS.articleCard, 500)).toEqual([160, 240, 320, 400, 480]);
    expect(candidateWidths(SLOT_MODELS.productMain, 200)).toEqual([200]);
    expect(candidateWidths(SLOT_MODELS.productMain, 0)).toEqual(
      candidateWidths(SLOT_MODELS.productMain),
    );
  });

  it('is sorted, unique and capped for every layout and own width', () => {
    for (const layout of layouts) {
      const model = SLOT_MODELS[layout];
      const { min, max } = slotRange(model);
      for (const own of [null, 90, 150, 600, 1000, 1500, 3000]) {
        const widths = candidateWidths(model, own);
        const cap = Math.min(2 * max, own ?? Infinity, Math.max(...PICTURE_LADDER));
        expect(widths.length, `${layout} ${String(own)}`).toBeGreaterThan(0);
        expect([...widths].sort((a, b) => a - b)).toEqual(widths);
        expect(new Set(widths).size).toBe(widths.length);
        expect(Math.max(...widths)).toBeLessThanOrEqual(cap);
        // The largest candidate comes within 10 % of the cap, and no candidate is narrower
        // than the narrowest slot unless the cap is.
        expect(Math.max(...widths)).toBeGreaterThanOrEqual(Math.floor(cap) * 0.9);
        expect(Math.min(...widths)).toBeGreaterThanOrEqual(Math.min(min, Math.floor(cap)));
      }
    }
  });
});

describe('responsivePicture', () => {
  it('gives srcset and sizes for a raster picture, per service', () => {
    const card = responsivePicture('/images/a.jpg', 'articleCard', 'cloudflare');
    expect(card?.sizes).toBe(pictureSizes('articleCard'));
    expect(card?.srcset.split(', ')).toEqual(
      [160, 240, 320, 400, 480, 637].map(
        (w) =>
          `/cdn-cgi/image/width=${String(w)},quality=75,format=auto/images/a.jpg ${String(w)}w`,
      ),
    );
    expect(responsivePicture('/images/a.jpg', 'productMain', 'netlify', 1500)?.srcset).toMatch(
      /\/\.netlify\/images\?url=%2Fimages%2Fa\.jpg&w=1500&q=75 1500w$/u,
    );
  });

  it('gives nothing for a picture shown as it is', () => {
    expect(responsivePicture('/images/a.jpg', 'articleCard', 'none')).toBeNull();
    expect(responsivePicture('/bilde-mangler.svg', 'articleCard', 'cloudflare')).toBeNull();
  });
});
