import { describe, expect, it } from 'vitest';
import { pagePath } from './page-path.ts';

const at = (path: string) => pagePath(new URL(path, 'https://www.toppfart.no'));

describe('pagePath', () => {
  it('names the home page /, whichever way Astro writes it', () => {
    expect(at('/index.html')).toBe('/');
    expect(at('/')).toBe('/');
  });

  it('drops the file extension that file-format builds give pages', () => {
    expect(at('/om-oss.html')).toBe('/om-oss');
    expect(at('/klaer/jakker.html')).toBe('/klaer/jakker');
    expect(at('/product/404.html')).toBe('/product/404');
  });

  it('names a folder index by its folder, without a trailing slash', () => {
    expect(at('/blogg/index.html')).toBe('/blogg');
    expect(at('/klaer/')).toBe('/klaer');
  });

  it('keeps addresses that are already what links use', () => {
    expect(at('/om-oss')).toBe('/om-oss');
    expect(at('/product/indexert-lue')).toBe('/product/indexert-lue');
  });
});
