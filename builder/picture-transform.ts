import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

/** What the host's image service is asked for: a source picture at a width, in a format. */
export interface PictureRequest {
  /** A same-site path (`/images/a.jpg`) or an absolute https URL. */
  src: string;
  /** The width to scale down to (never up). */
  width: number;
  /** `auto` picks the best the browser accepts; otherwise the format asked for. */
  format: 'auto' | 'webp' | 'avif' | 'jpeg' | 'png';
  /** JPEG/WebP quality, 1–100. */
  quality: number;
}

/** The largest width the services are asked for; Cloudflare allows more, no layout needs it. */
const MAX_WIDTH = 2000;
const DEFAULT_QUALITY = 80;

/**
 * Reads Cloudflare's `/cdn-cgi/image/<options>/<source>` (options `width=…,format=…,quality=…`,
 * comma-separated; the source a path relative to the site or an absolute URL). Null when it
 * is not one the shop writes.
 */
export function readCloudflareRequest(pathAndQuery: string): PictureRequest | null {
  const match = /^\/cdn-cgi\/image\/([^/]+)\/(.+)$/.exec(pathAndQuery);
  if (!match?.[1] || !match[2]) return null;
  const options = new Map(
    match[1].split(',').map((pair) => {
      const [key = '', value = ''] = pair.split('=');
      return [key.trim(), value.trim()] as const;
    }),
  );
  const raw = match[2];
  // An absolute source must be https; a relative one names no scheme at all.
  if (/^[a-z][a-z\d+.-]*:/i.test(raw) && !raw.startsWith('https://')) return null;
  const src = raw.startsWith('https://') ? raw : `/${raw}`;
  return build(src, options.get('width'), options.get('format'), options.get('quality'));
}

/** Reads Netlify Image CDN's `/.netlify/images?url=…&w=…[&fm=…][&q=…]`. */
export function readNetlifyRequest(url: URL): PictureRequest | null {
  if (url.pathname !== '/.netlify/images') return null;
  const src = url.searchParams.get('url');
  if (src === null) return null;
  return build(
    src,
    url.searchParams.get('w') ?? undefined,
    url.searchParams.get('fm') ?? undefined,
    url.searchParams.get('q') ?? undefined,
  );
}

function build(
  src: string,
  width: string | undefined,
  format: string | undefined,
  quality: string | undefined,
): PictureRequest | null {
  const sameSite = src.startsWith('/') && !src.includes('//') && !src.includes('\\');
  if (!sameSite && !/^https:\/\/[^/]/.test(src)) return null;
  const w = Number(width);
  if (!Number.isInteger(w) || w < 1) return null;
  const f = format ?? 'auto';
  if (f !== 'auto' && f !== 'webp' && f !== 'avif' && f !== 'jpeg' && f !== 'png') return null;
  const q = quality === undefined ? DEFAULT_QUALITY : Number(quality);
  if (!Number.isInteger(q) || q < 1 || q > 100) return null;
  return { src, width: Math.min(w, MAX_WIDTH), format: f, quality: q };
}

/**
 * The format a service answers: `auto` gives WebP to a browser that accepts it (Chromium,
 * Firefox and Safari do), else JPEG. Cloudflare and Netlify may pick AVIF for such browsers;
 * encoding AVIF costs a second or more a picture here, so WebP stands in, a little larger.
 */
function outputFormat(request: PictureRequest, accept: string): 'webp' | 'avif' | 'jpeg' | 'png' {
  if (request.format !== 'auto') return request.format;
  return accept.includes('image/webp') ? 'webp' : 'jpeg';
}

/** A transformed picture as the host answers it. */
export interface TransformedPicture {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
}

/**
 * Transforms a picture as the host's image service does, keeping each result in `cacheDir`
 * (named by a digest of the source's bytes and the options), so each is made once. A source
 * that is not a raster picture (an SVG, the placeholder) is passed through unchanged, as the
 * services do. Null when the source cannot be read.
 */
export async function transformPicture(
  request: PictureRequest,
  accept: string,
  readSource: (src: string) => Response | Promise<Response>,
  cacheDir: string,
): Promise<TransformedPicture | null> {
  const source = await readSource(request.src);
  if (!source.ok) return null;
  const type = source.headers.get('Content-Type') ?? '';
  const bytes = new Uint8Array(await source.arrayBuffer());
  if (!/^image\/(jpeg|png|webp|avif)/.test(type)) return { body: bytes, contentType: type };

  const format = outputFormat(request, accept);
  const key = createHash('sha256')
    .update(bytes)
    .update(`\0${String(request.width)}\0${format}\0${String(request.quality)}`)
    .digest('hex');
  const file = join(cacheDir, `${key}.${format}`);
  const contentType = `image/${format}`;
  if (existsSync(file)) return { body: new Uint8Array(await readFile(file)), contentType };

  // A listing asks for many pictures at once, often the same one twice: one scaling each.
  let scaling = inFlight.get(file);
  if (scaling === undefined) {
    scaling = scaleAndKeep(bytes, request, format, file).finally(() => inFlight.delete(file));
    inFlight.set(file, scaling);
  }
  return { body: await scaling, contentType };
}

/** Scalings under way in this process, by the cache file they will be kept in. */
const inFlight = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

/**
 * `bytes` scaled to the request's width in `format`, kept in `file`: written under a name of
 * its own and renamed, so a killed process never leaves half a picture to be served and two
 * processes scaling the same picture each rename a whole one. A picture that cannot be kept is
 * still served, and scaled again next time.
 */
async function scaleAndKeep(
  bytes: Uint8Array,
  request: PictureRequest,
  format: ReturnType<typeof outputFormat>,
  file: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const body = new Uint8Array(
    await sharp(bytes)
      .resize({ width: request.width, withoutEnlargement: true })
      .toFormat(format, { quality: request.quality })
      .toBuffer(),
  );
  const partial = `${file}.${String(process.pid)}.${randomBytes(6).toString('hex')}.partial`;
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(partial, body, { flag: 'wx' });
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true }).catch(() => undefined);
    console.warn(`picture service: cannot keep ${file}: ${String(error)}`);
  }
  return body;
}
