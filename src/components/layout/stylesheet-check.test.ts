import { afterEach, describe, expect, it, vi } from 'vitest';
import { startStylesheetCheck } from './stylesheet-check.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('startStylesheetCheck', () => {
  it("logs 'Unable to preload CSS' for each stylesheet that failed, and nothing for the others", () => {
    const links = [
      { href: 'http://shop.test/_astro/Base.css', sheet: {} },
      { href: 'http://shop.test/_astro/Blog.css', sheet: null },
    ];
    const selectors: string[] = [];
    vi.stubGlobal('document', {
      querySelectorAll: (selector: string) => {
        selectors.push(selector);
        return links;
      },
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    startStylesheetCheck();
    expect(selectors).toEqual(['link[rel="stylesheet"]']);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged.mock.calls[0]?.[0]).toEqual(
      new Error('Unable to preload CSS for http://shop.test/_astro/Blog.css'),
    );
  });
});
