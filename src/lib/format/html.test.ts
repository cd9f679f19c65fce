import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.ts';

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
