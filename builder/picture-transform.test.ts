import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  readCloudflareRequest,
  readNetlifyRequest,
  transformPicture,
  type PictureRequest,
} from './picture-transform.ts';
import { scratchFolder } from './test-support/scratch-folder.ts';

const photo = await sharp({
  create: { width: 1500, height: 1500, channels: 3, background: { r: 40, g: 90, b: 160 } },
})
  .jpeg()
  .toBuffer();
const jpeg = () =>
  new Response(new Uint8Array(photo), { headers: { 'Content-Type': 'image/jpeg' } });
const request = (over: Partial<PictureRequest> = {}): PictureRequest => ({
  src: '/images/a.jpg',
  width: 400,
  format: 'auto',
  quality: 80,
  ...over,
});

describe('reading the services’ URLs', () => {
  it('reads Cloudflare’s options and a same-site or absolute source', () => {
    expect(readCloudflareRequest('/cdn-cgi/image/width=400,format=auto/images/a.jpg')).toEqual(
      request(),
    );
    expect(
      readCloudflareRequest('/cdn-cgi/image/width=320,quality=60/https://bilder.kjede.no/x.jpg'),
    ).toEqual(request({ src: 'https://bilder.kjede.no/x.jpg', width: 320, quality: 60 }));
  });

  it('reads Netlify’s query', () => {
    const url = new URL('http://h/.netlify/images?url=%2Fimages%2Fa.jpg&w=400');
    expect(readNetlifyRequest(url)).toEqual(request());
    expect(readNetlifyRequest(new URL('http://h/.netlify/images?w=400'))).toBeNull();
  });

  it('refuses what the shop never writes', () => {
    for (const path of [
      '/cdn-cgi/image/format=auto/images/a.jpg',
      '/cdn-cgi/image/width=0/images/a.jpg',
      '/cdn-cgi/image/width=400,format=gif/images/a.jpg',
      '/cdn-cgi/image/width=400/http://bilder.kjede.no/a.jpg',
      '/cdn-cgi/image/width=400',
    ]) {
      expect(readCloudflareRequest(path), path).toBeNull();
    }
    const protocolRelative = new URL('http://h/.netlify/images?url=%2F%2Fevil.example%2Fa.jpg&w=4');
    expect(readNetlifyRequest(protocolRelative)).toBeNull();
  });
});

describe('transformPicture', () => {
  it('scales down to the width asked, in WebP for a browser that takes it, else JPEG', async () => {
    const cache = scratchFolder('pictures');
    const webp = await transformPicture(request(), 'image/avif,image/webp,*/*', jpeg, cache);
    expect(webp?.contentType).toBe('image/webp');
    const meta = await sharp(webp?.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 400]);
    const plain = await transformPicture(request(), 'image/*', jpeg, cache);
    expect(plain?.contentType).toBe('image/jpeg');
    expect((webp?.body.byteLength ?? 0) < photo.byteLength).toBe(true);
  });

  it('never scales up', async () => {
    const cache = scratchFolder('pictures');
    const wide = await transformPicture(request({ width: 2000 }), 'image/webp', jpeg, cache);
    expect((await sharp(wide?.body).metadata()).width).toBe(1500);
  });

  it('makes each picture once and serves the kept file after', async () => {
    const cache = scratchFolder('pictures');
    const first = await transformPicture(request(), 'image/webp', jpeg, cache);
    const kept = readdirSync(cache);
    expect(kept).toHaveLength(1);
    writeFileSync(join(cache, kept[0] ?? ''), 'kept');
    const second = await transformPicture(request(), 'image/webp', jpeg, cache);
    expect(new TextDecoder().decode(second?.body)).toBe('kept');
    expect(first?.body.byteLength).toBeGreaterThan(4);
  });

  it('answers the same picture asked for many times at once, and keeps one whole file', async () => {
    const cache = scratchFolder('pictures');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => transformPicture(request(), 'image/webp', jpeg, cache)),
    );
    const sizes = new Set(answers.map((a) => a?.body.byteLength));
    expect(sizes.size).toBe(1);
    expect([...sizes][0]).toBeGreaterThan(100);
    expect(readdirSync(cache)).toHaveLength(1);
  });

  it('serves a picture it cannot keep', async () => {
    const blocked = join(scratchFolder('pictures'), 'a-file');
    writeFileSync(blocked, 'not a folder');
    const answer = await transformPicture(request(), 'image/webp', jpeg, blocked);
    expect(answer?.contentType).toBe('image/webp');
    expect(answer?.body.byteLength).toBeGreaterThan(100);
  });

  it('passes a vector source through and answers null for a missing one', async () => {
    const cache = scratchFolder('pictures');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>';
    const vector = await transformPicture(
      request({ src: '/bilde-mangler.svg' }),
      'image/webp',
      () => Promise.resolve(new Response(svg, { headers: { 'Content-Type': 'image/svg+xml' } })),
      cache,
    );
    expect(vector?.contentType).toBe('image/svg+xml');
    expect(new TextDecoder().decode(vector?.body)).toBe(svg);
    const missing = await transformPicture(
      request(),
      'image/webp',
      () => Promise.resolve(new Response('{}', { status: 404 })),
      cache,
    );
    expect(missing).toBeNull();
    expect(readdirSync(cache)).toEqual([]);
  });
});
