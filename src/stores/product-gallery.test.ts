import { beforeEach, describe, expect, it } from 'vitest';
import { $galleryColor, showGalleryColor } from './product-gallery.ts';

beforeEach(() => $galleryColor.set(null));

describe('showGalleryColor', () => {
  it('changes nothing for the colour the gallery was built with', () => {
    expect(showGalleryColor(8, 8)).toBe(false);
    expect($galleryColor.get()).toBeNull();
  });

  it('sets another colour once, and the built one again after it', () => {
    expect(showGalleryColor(9, 8)).toBe(true);
    expect($galleryColor.get()).toBe(9);
    expect(showGalleryColor(9, 8)).toBe(false);
    // The gallery may still be server HTML showing 8: going back must still be said.
    expect(showGalleryColor(8, 8)).toBe(true);
    expect($galleryColor.get()).toBe(8);
  });
});
