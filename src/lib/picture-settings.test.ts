import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  pagePictureSettings,
  pictureSettings,
  pictureSettingsAttributes,
  provideBuildPictureSettings,
  SAME_SITE_PICTURES,
  thumbnailUrl,
  type PictureSettings,
} from './picture-settings.ts';

const chain: PictureSettings = {
  policy: { hosts: ['bilder.kjede.no', 'cdn.kjede.no:8443'], base: 'https://bilder.kjede.no/p/' },
  cdn: 'netlify',
};

/** A document whose `<html>` carries `attributes`, as the Base layout writes them. */
function page(attributes: Record<string, string>): Pick<Document, 'documentElement'> {
  const dataset = Object.fromEntries(
    Object.entries(attributes).map(([name, value]) => [
      name.replace(/^data-/u, '').replace(/-([a-z])/gu, (_, c: string) => c.toUpperCase()),
      value,
    ]),
  );
  return { documentElement: { dataset } as unknown as HTMLElement };
}

afterEach(() => {
  provideBuildPictureSettings(null);
});

describe('picture settings on the page', () => {
  it('go to the page as <html> attributes and come back the same', () => {
    const attributes = pictureSettingsAttributes(chain);
    expect(attributes).toEqual({
      'data-picture-hosts': 'bilder.kjede.no cdn.kjede.no:8443',
      'data-picture-base': 'https://bilder.kjede.no/p/',
      'data-image-cdn': 'netlify',
    });
    expect(pagePictureSettings(page(attributes))).toEqual(chain);
  });

  it('leave out what the brand does not have', () => {
    const local: PictureSettings = { policy: { hosts: [], base: '/images/' }, cdn: 'cloudflare' };
    expect(pictureSettingsAttributes(local)).toEqual({
      'data-picture-base': '/images/',
      'data-image-cdn': 'cloudflare',
    });
    expect(pagePictureSettings(page(pictureSettingsAttributes(local)))).toEqual(local);
    expect(pictureSettingsAttributes(SAME_SITE_PICTURES)).toEqual({ 'data-image-cdn': 'none' });
  });

  it('are same-site pictures as they are on a page without them or with a service unknown', () => {
    expect(pagePictureSettings(page({}))).toEqual(SAME_SITE_PICTURES);
    expect(pagePictureSettings(page({ 'data-image-cdn': 'imgix' }))?.cdn).toBe('none');
  });

  it('follow the page when its attributes change', () => {
    expect(pagePictureSettings(page({ 'data-image-cdn': 'cloudflare' }))?.cdn).toBe('cloudflare');
    expect(pagePictureSettings(page({ 'data-image-cdn': 'netlify' }))?.cdn).toBe('netlify');
  });

  it('are none where there is no document (at build time)', () => {
    expect(pagePictureSettings(undefined)).toBeUndefined();
  });
});

describe('pictureSettings', () => {
  it("are the build's where there is no page, else same-site pictures as they are", () => {
    expect(pictureSettings()).toEqual(SAME_SITE_PICTURES);
    provideBuildPictureSettings(chain);
    expect(pictureSettings()).toBe(chain);
    provideBuildPictureSettings(null);
    expect(pictureSettings()).toEqual(SAME_SITE_PICTURES);
  });
});

describe('thumbnailUrl', () => {
  it('asks the image service for twice the drawn width, and leaves a picture as it is without one', () => {
    expect(thumbnailUrl('/images/articles/7/1-front.jpg', 80)).toBe(
      '/images/articles/7/1-front.jpg',
    );
    provideBuildPictureSettings({ ...chain, cdn: 'cloudflare' });
    expect(thumbnailUrl('/images/articles/7/1-front.jpg', 80)).toBe(
      '/cdn-cgi/image/width=160,quality=75,format=auto/images/articles/7/1-front.jpg',
    );
    expect(thumbnailUrl('/images/variants/10.svg', 80)).toBe('/images/variants/10.svg');
  });
});

describe('what the browser loads for its pictures', () => {
  /** Every module `entry` imports, at any depth (relative imports, type-only ones too). */
  function importsOf(entry: string): Set<string> {
    const seen = new Set([entry]);
    const queue = [entry];
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const text = readFileSync(file, 'utf8');
      for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/gu)) {
        const path = resolve(dirname(file), spec ?? '');
        if (existsSync(path) && !seen.has(path)) {
          seen.add(path);
          queue.push(path);
        }
      }
    }
    return seen;
  }

  it('never includes the brand files or the build-time site module', () => {
    const src = resolve(dirname(fileURLToPath(import.meta.url)), '..');
    for (const entry of [
      'lib/picture-settings.ts',
      'lib/mappers/picture.ts',
      'lib/mappers/article.ts',
      'lib/html/article-card-html.ts',
      'islands/search/first-page.ts',
    ]) {
      const reached = [...importsOf(resolve(src, entry))].map((path) => relative(src, path));
      expect(reached, entry).toContain('lib/picture-settings.ts');
      expect(
        reached.filter((path) => path.startsWith('brands/') || path === 'lib/site.ts'),
        entry,
      ).toEqual([]);
    }
  });
});
