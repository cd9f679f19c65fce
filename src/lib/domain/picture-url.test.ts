import { describe, expect, it } from 'vitest';
import { MISSING_IMAGE } from './picture-source.ts';
import { isImageCdn, isTransformable, pictureSrcset, pictureUrl } from './picture-url.ts';

const local = '/images/articles/7/2-front.jpg';
const remote = 'https://bilder.kjede.no/a/b.jpg?v=2';

describe('pictureUrl', () => {
  it("asks Cloudflare's image service, a same-site source without its leading slash", () => {
    expect(pictureUrl(local, 400, 'cloudflare')).toBe(
      '/cdn-cgi/image/width=400,quality=75,format=auto/images/articles/7/2-front.jpg',
    );
    expect(pictureUrl(remote, 800, 'cloudflare')).toBe(
      '/cdn-cgi/image/width=800,quality=75,format=auto/https://bilder.kjede.no/a/b.jpg?v=2',
    );
  });

  it("asks Netlify's image CDN with the source encoded", () => {
    expect(pictureUrl(local, 400, 'netlify')).toBe(
      '/.netlify/images?url=%2Fimages%2Farticles%2F7%2F2-front.jpg&w=400&q=75',
    );
    expect(pictureUrl(remote, 160, 'netlify')).toBe(
      '/.netlify/images?url=https%3A%2F%2Fbilder.kjede.no%2Fa%2Fb.jpg%3Fv%3D2&w=160&q=75',
    );
  });

  it('gives the source itself without a service, for an SVG and for the placeholder', () => {
    expect(pictureUrl(local, 400, 'none')).toBe(local);
    for (const cdn of ['cloudflare', 'netlify'] as const) {
      expect(pictureUrl('/images/campaigns/jul.svg', 400, cdn)).toBe('/images/campaigns/jul.svg');
      expect(pictureUrl('/api/v1/images/7.SVG?w=600', 400, cdn)).toBe('/api/v1/images/7.SVG?w=600');
      expect(pictureUrl('https://bilder.kjede.no/logo.svg', 400, cdn)).toBe(
        'https://bilder.kjede.no/logo.svg',
      );
      expect(pictureUrl(MISSING_IMAGE, 400, cdn)).toBe(MISSING_IMAGE);
    }
  });

  it('asks for whole pixels, at least one', () => {
    expect(pictureUrl(local, 399.6, 'cloudflare')).toContain('width=400,');
    expect(pictureUrl(local, 0, 'netlify')).toMatch(/&w=1&q=75$/u);
  });
});

describe('pictureSrcset', () => {
  it('offers one candidate per width, per service', () => {
    expect(pictureSrcset(local, [160, 320], 'cloudflare')).toBe(
      '/cdn-cgi/image/width=160,quality=75,format=auto/images/articles/7/2-front.jpg 160w, ' +
        '/cdn-cgi/image/width=320,quality=75,format=auto/images/articles/7/2-front.jpg 320w',
    );
    expect(pictureSrcset(remote, [160, 320], 'netlify')).toBe(
      '/.netlify/images?url=https%3A%2F%2Fbilder.kjede.no%2Fa%2Fb.jpg%3Fv%3D2&w=160&q=75 160w, ' +
        '/.netlify/images?url=https%3A%2F%2Fbilder.kjede.no%2Fa%2Fb.jpg%3Fv%3D2&w=320&q=75 320w',
    );
  });

  it('gives none where there is nothing to choose from', () => {
    expect(pictureSrcset(local, [160, 320], 'none')).toBeNull();
    expect(pictureSrcset(local, [], 'cloudflare')).toBeNull();
    expect(pictureSrcset('/images/a.svg', [160], 'cloudflare')).toBeNull();
    expect(pictureSrcset(MISSING_IMAGE, [160], 'netlify')).toBeNull();
    expect(pictureSrcset('/images/a.jpg,', [160], 'cloudflare')).toBeNull();
  });
});

describe('isImageCdn and isTransformable', () => {
  it('knows the three services', () => {
    expect(['cloudflare', 'netlify', 'none', 'imgix', '', undefined].map(isImageCdn)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('transforms raster pictures only', () => {
    expect(isTransformable('/images/a.jpg')).toBe(true);
    expect(isTransformable('/images/a.svg?x=.jpg')).toBe(false);
    expect(isTransformable('/images/a.jpg?x=.svg')).toBe(true);
    expect(isTransformable(MISSING_IMAGE)).toBe(false);
  });
});
