import { describe, expect, it } from 'vitest';
import { articleSvg, bannerSvg, colourForId } from './images.ts';

const kinds = [
  'jacket',
  'sweater',
  'underwear',
  'tshirt',
  'pants',
  'overall',
  'shoe',
  'boot',
  'cap',
  'headband',
  'mitten',
  'glove',
  'backpack',
  'bottle',
  'drink',
  'bar',
  'helmet',
  'goggles',
  'pole',
  'sock',
];

describe('articleSvg', () => {
  it.each(kinds)('draws a small accessible %s in its colour', (kind) => {
    const svg = articleSvg(kind, '#1f4fbf', { title: 'Fjellvind <Snøhetta> & co' });
    expect(svg).toMatch(
      /^<svg [^>]*viewBox="0 0 600 600"[^>]*width="600" height="600" role="img">/,
    );
    expect(svg).toContain('<title>Fjellvind &#60;Snøhetta&#62; &#38; co</title>');
    expect(svg).toContain('#1f4fbf');
    expect(svg).not.toMatch(/"[FDL]"|"BG"/);
    expect(Buffer.byteLength(svg)).toBeLessThan(3000);
  });

  it('gives white articles a darker backdrop than coloured ones', () => {
    expect(articleSvg('cap', '#ffffff')).toContain('fill="#dfe3e8"');
    expect(articleSvg('cap', '#c8102e')).toContain('fill="#f3f4f6"');
  });

  it('falls back to a jacket for unknown kinds and a neutral colour for bad hex', () => {
    expect(articleSvg('kayak', 'nonsense')).toContain('#5b6b7a');
  });
});

describe('bannerSvg', () => {
  it('writes an escaped title and optional subtitle at the requested size', () => {
    const svg = bannerSvg('Klikk & Hent', colourForId(3), {
      subtitle: 'Hent i dag',
      width: 600,
      height: 600,
    });
    expect(svg).toContain('viewBox="0 0 600 600"');
    expect(svg).toContain('<title>Klikk &#38; Hent</title>');
    expect(svg).toContain('Hent i dag');
    expect(Buffer.byteLength(svg)).toBeLessThan(3000);
  });

  it('picks a stable colour per id', () => {
    expect(colourForId(4)).toBe(colourForId(4));
    expect(colourForId(1)).not.toBe(colourForId(2));
  });
});
