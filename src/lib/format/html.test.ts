import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml, unescapeHtml } from './html.ts';

describe('escapeHtml', () => {
  it('escapes every character that could open markup or end an attribute', () => {
    expect(escapeHtml(`<img src=x onerror="alert('x')">&`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;',
    );
  });

  it('leaves other text, Norwegian letters included, as it is', () => {
    expect(escapeHtml('Blåbærsyltetøy 1 499 kr')).toBe('Blåbærsyltetøy 1 499 kr');
  });
});

describe('unescapeHtml', () => {
  it('reads back any text escapeHtml wrote', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('&', '<', '>', '"', "'", 'a', 'ø', ';', '#') }),
        (text) => {
          expect(unescapeHtml(escapeHtml(text))).toBe(text);
        },
      ),
    );
  });

  it('decodes each entity once: an escaped entity stays an entity', () => {
    expect(unescapeHtml('&amp;quot; &#39;x&#39; &lt;b&gt;')).toBe(`&quot; 'x' <b>`);
  });
});
