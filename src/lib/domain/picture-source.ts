/**
 * Where a picture may come from. The chain names its pictures as same-site paths
 * (`/images/a.jpg`), as https URLs on its own image host (`https://bilder.kjede.no/a.jpg`) or
 * as bare names (`articles/1.jpg`) that resolve against a base; each brand names the hosts and
 * the base (`images` in src/brands/schema.ts). Every picture from the API or the CMS passes
 * here before a page shows it, so a `javascript:`, `data:`, `http:` or protocol-relative
 * source, another host or a mangled address never reaches an `src` or `srcset`.
 */

/** The hosts and the base a brand's pictures may come from. */
export interface PicturePolicy {
  /** Host names https pictures may come from, `host` or `host:port` (compared ignoring case). */
  readonly hosts: readonly string[];
  /**
   * What a path-only name (`articles/1.jpg`) resolves against: an https URL on one of
   * {@link hosts}, or a same-site path prefix such as `/images/`; null refuses such names.
   */
  readonly base: string | null;
}

export { MISSING_IMAGE } from './missing-image.ts';

/** The longest picture address taken, before and after it is normalised. */
export const MAX_PICTURE_SOURCE = 2000;

// A stand-in origin: a same-site path resolved against it must stay on it.
const SITE = 'https://site.invalid';
const scheme = /^[a-z][a-z0-9+.-]*:/iu;

/** `text` without the ASCII whitespace HTML strips from an URL attribute's ends. */
function trimSpace(text: string): string {
  return text.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/gu, '');
}

/** Whether `text` holds a control character (C0, DEL or C1), which no picture name needs. */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/**
 * A same-site path as the browser asks for it (dot segments resolved, unsafe characters
 * percent-encoded, no fragment), or null when it leaves the site: `//host`, `/\host`, or a path
 * that only becomes `//…` once resolved (`/a/..//host`).
 */
function sameSitePath(path: string): string | null {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  const url = URL.parse(path, SITE);
  if (url?.origin !== SITE) return null;
  const normal = url.pathname + url.search;
  return normal.startsWith('//') ? null : normal;
}

/** An https URL on one of `hosts`, normalised and without a fragment, else null. */
function namedHostUrl(address: string, hosts: readonly string[]): string | null {
  const url = URL.parse(address);
  if (url?.protocol !== 'https:' || url.username !== '' || url.password !== '') return null;
  // The parser lowercases the host and drops the default port; a named host with a port
  // matches only that port.
  if (!hosts.some((host) => host.toLowerCase() === url.host)) return null;
  url.hash = '';
  return url.href;
}

/** A path-only name resolved against the policy's base, if the result itself passes. */
function resolvedName(name: string, policy: PicturePolicy): string | null {
  const { base } = policy;
  if (base === null || name.startsWith('\\')) return null;
  if (base.startsWith('/')) {
    const baseUrl = URL.parse(base, SITE);
    const url = baseUrl?.origin === SITE ? URL.parse(name, baseUrl) : null;
    return url?.origin === SITE ? sameSitePath(url.pathname + url.search) : null;
  }
  const url = URL.parse(name, base);
  return url ? namedHostUrl(url.href, policy.hosts) : null;
}

/**
 * `raw` as a picture address the page may load, or null. Passes a same-site path (`/x`, not
 * `//x` or `/\x`), an `https:` URL on a host the policy names (no user or password; a port
 * only where the named host has it) and a path-only name (`articles/1.jpg`: no scheme, no
 * leading slash) resolved against the policy's base, when the result passes too. Anything
 * else is null: another scheme (`javascript:`, `data:`, `http:`), `//host`, a host not named,
 * what does not parse, control characters, more than {@link MAX_PICTURE_SOURCE} characters.
 * What passes is normalised as a browser would request it, so it has no whitespace and
 * passes again unchanged.
 */
export function pictureSource(
  raw: string | null | undefined,
  policy: PicturePolicy,
): string | null {
  if (typeof raw !== 'string') return null;
  const text = trimSpace(raw);
  if (text === '' || text.length > MAX_PICTURE_SOURCE || hasControl(text)) return null;
  let source: string | null;
  if (text.startsWith('/') || text.startsWith('\\')) source = sameSitePath(text);
  else if (scheme.test(text)) source = namedHostUrl(text, policy.hosts);
  else source = resolvedName(text, policy);
  return source !== null && source.length <= MAX_PICTURE_SOURCE ? source : null;
}

const SAME_SITE_ONLY: PicturePolicy = { hosts: [], base: null };

/**
 * A picture that must come from this site, or null: a same-site path, normalised as
 * {@link pictureSource} does (here, rather than beside safeHref in ./safe-href.ts, whose
 * users need none of the picture rules), and nothing else. For pictures of services the site proxies
 * under its own paths (the social feed). The chain's pictures (articles, campaigns, banners,
 * blog) may also come from its image host: they pass pictureSource with the brand's policy
 * (`images` in the brand settings) instead. The pages' CSP (`img-src 'self' data: https:`)
 * would load any https picture, so this gate, not the CSP, keeps other sites out.
 */
export function safeImageSrc(raw: string | null | undefined): string | null {
  return pictureSource(raw, SAME_SITE_ONLY);
}
