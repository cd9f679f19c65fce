import { describe, expect, it } from 'vitest';
import { pageBytes, pageHtml, pageResponse } from './page-bytes.ts';

const html = '<!doctype html><title>Jakker for barn – æøå</title>';

describe('page bytes kept with a response', () => {
  it('takes the HTML Astro kept with its response, and reads the body of one that kept none', async () => {
    const kept = new Response('another body');
    (kept as Response & Record<symbol, unknown>)[Symbol.for('astro:page-html')] = html;
    expect(await pageHtml(kept)).toBe(html);
    // Nothing read: the body is still there for another reader.
    expect(kept.bodyUsed).toBe(false);

    expect(await pageHtml(new Response(html))).toBe(html);
  });

  it('makes a response whose body gives the bytes it keeps, for a reader that knows neither', async () => {
    const bytes = Buffer.from(html);
    const response = pageResponse(bytes, { status: 200, headers: { 'content-type': 'text/html' } });
    expect(pageBytes(response)).toBe(bytes);
    expect(response.headers.get('content-type')).toBe('text/html');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array(bytes));
  });

  it('answers undefined for a response that keeps no bytes or keeps something else', () => {
    expect(pageBytes(new Response(html))).toBeUndefined();
    const odd = new Response(null);
    (odd as Response & Record<symbol, unknown>)[Symbol.for('astro:page-bytes')] = html;
    expect(pageBytes(odd)).toBeUndefined();
  });
});
