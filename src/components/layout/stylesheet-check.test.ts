import { afterEach, describe, expect, it, vi } from 'vitest';
import { startStylesheetCheck } from './stylesheet-check.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A stylesheet as the browser shows it once it has loaded or failed. */
const link = (href: string, sheet: unknown) => ({ href, sheet });
const rules = (count: number) => ({
  cssRules: Array.from({ length: count }, () => ({ type: 1 })),
});
const unreadable = {
  get cssRules(): never {
    throw new DOMException('Cannot access rules', 'SecurityError');
  },
};

describe('startStylesheetCheck', () => {
  it("logs 'Unable to preload CSS' for each of the site's stylesheets that failed", () => {
    const links = [
      link('http://shop.test/_astro/Base.css', rules(120)),
      link('http://shop.test/_astro/None.css', null),
      link('http://shop.test/_astro/Empty.css', rules(0)),
      link('http://shop.test/_astro/Chromium.css', unreadable),
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
    // Only the site's own: another site's sheet keeps its rules to itself, loaded or not.
    expect(selectors).toEqual(['link[rel=stylesheet][href^="/"]']);
    expect(logged.mock.calls).toEqual(
      ['None', 'Empty', 'Chromium'].map((name) => [
        new Error(`Unable to preload CSS for http://shop.test/_astro/${name}.css`),
      ]),
    );
  });
});
