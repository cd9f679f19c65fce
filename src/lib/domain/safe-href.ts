/**
 * The one gate for links whose address comes from the API or the CMS (home slots,
 * campaigns, category banners, blog bodies): only a same-site path or an http, https,
 * mailto or tel address passes; anything else is dropped and its text shown without a link.
 */

// No picture rules here: the same-site picture gate, safeImageSrc, is in ./picture-source.ts,
// so the account code, which checks links with safeHref, loads none of them.

/** A link that passed {@link safeHref}; `external` ones get `rel="noopener noreferrer"`. */
export interface SafeLink {
  href: string;
  external: boolean;
}

/** The `rel` an external link from CMS content carries. */
export const EXTERNAL_REL = 'noopener noreferrer';

const allowedSchemes = new Set(['http', 'https', 'mailto', 'tel']);
/** `text` without what a browser's URL parser trims from its ends: C0 controls and space. */
function trimEdges(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start += 1;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end -= 1;
  return text.slice(start, end);
}

/**
 * Whether `text` holds a control character. Inside a URL the parser deletes tab and
 * newlines (`java\tscript:` is `javascript:`), so any control left is refused rather than
 * guessed about.
 */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

const scheme = /^([a-z][a-z0-9+.-]*):/iu;

/**
 * `raw` as a safe link, or null. Same-site paths start with one `/` (`//host` and `/\host`
 * lead to another site, so they are refused); other addresses need an allowed scheme and,
 * for http(s), must parse.
 */
export function safeHref(raw: string | null | undefined): SafeLink | null {
  if (raw == null) return null;
  const href = trimEdges(raw);
  if (href === '' || hasControl(href)) return null;
  if (href.startsWith('/')) {
    return href.startsWith('//') || href.startsWith('/\\') ? null : { href, external: false };
  }
  const name = scheme.exec(href)?.[1]?.toLowerCase();
  if (name === undefined || !allowedSchemes.has(name)) return null;
  if ((name === 'http' || name === 'https') && !URL.canParse(href)) return null;
  return { href, external: true };
}
