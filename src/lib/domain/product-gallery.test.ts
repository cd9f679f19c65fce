import { describe, expect, it } from 'vitest';
import type { ColorPictures, Picture } from '../types.ts';
import {
  galleryColors,
  keyMove,
  pictureAlt,
  pictureAnnouncement,
  pictureCounter,
  shownColor,
  stepPicture,
  thumbnailLabel,
} from './product-gallery.ts';

const photo = (colorId: number, view: Picture['view']): Picture => ({
  src: `/images/articles/1/${String(colorId)}-${view ?? 'x'}.jpg`,
  width: 1500,
  height: 1500,
  view,
});
const pictures: ColorPictures[] = [
  { colorId: 8, pictures: [photo(8, 'front'), photo(8, 'back'), photo(8, 'detail')] },
  { colorId: 9, pictures: [photo(9, 'front'), photo(9, 'back'), photo(9, 'detail')] },
  { colorId: 5, pictures: [photo(5, 'front')] },
  { colorId: 7, pictures: [] },
];
const variants = [
  { color: { id: 9, name: 'Blå' } },
  { color: { id: 8, name: 'Rød' } },
  { color: { id: 7, name: 'Grønn' } },
];

describe('galleryColors', () => {
  it('keeps the colours the variants offer, in the pictures’ order, named by the variants', () => {
    const colors = galleryColors(pictures, variants, '/fallback.jpg');
    expect(colors.map((c) => [c.id, c.name, c.pictures.length])).toEqual([
      [8, 'Rød', 3],
      [9, 'Blå', 3],
    ]);
  });

  it('shows the article’s image alone when no colour has pictures', () => {
    expect(galleryColors([], [], '/images/a.jpg')).toEqual([
      {
        id: null,
        name: '',
        pictures: [{ src: '/images/a.jpg', width: null, height: null, view: null }],
      },
    ]);
  });
});

describe('shownColor', () => {
  const colors = galleryColors(pictures, variants, '/fallback.jpg');
  it('is the chosen colour, else the first', () => {
    expect(shownColor(colors, 9)?.id).toBe(9);
    expect(shownColor(colors, null)?.id).toBe(8);
    expect(shownColor(colors, 42)?.id).toBe(8);
    expect(shownColor([], 1)).toBeUndefined();
  });
});

describe('moving between pictures', () => {
  it('wraps both ways', () => {
    expect(stepPicture(0, 1, 3)).toBe(1);
    expect(stepPicture(2, 1, 3)).toBe(0);
    expect(stepPicture(0, -1, 3)).toBe(2);
    expect(stepPicture(0, 1, 1)).toBe(0);
    expect(stepPicture(0, 1, 0)).toBe(0);
  });

  it('follows the arrow keys, Home and End, and nothing else', () => {
    expect(keyMove('ArrowRight', 0, 3)).toBe(1);
    expect(keyMove('ArrowRight', 2, 3)).toBe(0);
    expect(keyMove('ArrowLeft', 0, 3)).toBe(2);
    expect(keyMove('Home', 2, 3)).toBe(0);
    expect(keyMove('End', 0, 3)).toBe(2);
    expect(keyMove('ArrowUp', 1, 3)).toBeNull();
    expect(keyMove('Enter', 1, 3)).toBeNull();
    expect(keyMove('ArrowRight', 0, 0)).toBeNull();
  });
});

describe('names', () => {
  it('say which picture of how many, and its side in Norwegian', () => {
    expect(thumbnailLabel(1, 3, 'Vinterjakke', 'back')).toBe('Bilde 2 av 3: Vinterjakke, bakfra');
    expect(thumbnailLabel(0, 3, 'Vinterjakke', 'front')).toBe('Bilde 1 av 3: Vinterjakke, forfra');
    expect(thumbnailLabel(2, 3, 'Vinterjakke', 'detail')).toBe('Bilde 3 av 3: Vinterjakke, detalj');
    expect(thumbnailLabel(0, 1, 'Vinterjakke', null)).toBe('Bilde 1 av 1: Vinterjakke');
    expect(pictureAnnouncement(1, 3)).toBe('Bilde 2 av 3');
    expect(pictureCounter(1, 3)).toBe('2 / 3');
    expect(pictureAlt('Vinterjakke', 'Rød', 'back')).toBe('Vinterjakke, Rød, bakfra');
    expect(pictureAlt('Vinterjakke', '', null)).toBe('Vinterjakke');
  });
});
