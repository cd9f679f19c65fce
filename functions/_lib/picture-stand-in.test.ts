import { describe, expect, it, vi } from 'vitest';
import { onRequest } from '../[[path]].ts';
import { standInSource } from './picture-stand-in.ts';

const BRAND = 'http://127.0.0.1:4411';
const on = { PICTURE_STAND_IN: 'on' };
const transformed = (source: string) =>
  new Request(`${BRAND}/cdn-cgi/image/width=400,format=auto/${source}`, {
    headers: { Accept: 'image/webp' },
  });

describe('the image service stand-in', () => {
  it('names the source picture on the brand’s own origin, with the browser’s headers', () => {
    const source = standInSource(transformed('images/articles/1/2-front.jpg'), on);
    expect(source?.url).toBe(`${BRAND}/images/articles/1/2-front.jpg`);
    expect(source?.headers.get('Accept')).toBe('image/webp');
  });

  it('is off unless the variable turns it on, and fetches no other site', () => {
    expect(standInSource(transformed('images/a.jpg'), {})).toBeNull();
    expect(standInSource(transformed('images/a.jpg'), { PICTURE_STAND_IN: '1' })).toBeNull();
    for (const source of ['https://bilder.kjede.no/a.jpg', '/evil.example/a.jpg', 'javascript:x']) {
      expect(standInSource(transformed(source), on), source).toBeNull();
    }
    expect(standInSource(new Request(`${BRAND}/images/a.jpg`), on)).toBeNull();
  });

  it('serves a static source as the asset and an API source through the proxy', async () => {
    const next = vi.fn((input?: Request) => Promise.resolve(new Response(input?.url ?? 'asset')));
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('from the API'));
    const env = { ...on, API_ORIGIN: 'https://api.example.no', API_PROXY_SECRET: 'hemmelig' };
    const asset = await onRequest({ request: transformed('bilde-mangler.svg'), env, next });
    expect(await asset.text()).toBe(`${BRAND}/bilde-mangler.svg`);
    const api = await onRequest({
      request: transformed('images/articles/1/2-front.jpg'),
      env,
      next,
    });
    expect(await api.text()).toBe('from the API');
    expect(fetch.mock.calls[0]?.[0]).toBe('https://api.example.no/images/articles/1/2-front.jpg');
    fetch.mockRestore();
  });
});
