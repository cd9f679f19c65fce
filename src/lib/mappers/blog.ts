/**
 * Mappers for the blog. Post bodies are CMS HTML that the contract marks unsafe, so they
 * are sanitised here, once, at the boundary, with sanitize-html and an allowlist. Kept apart
 * from the other mappers so islands that never show a post do not bundle the sanitiser.
 */

import sanitizeHtml from 'sanitize-html';
import type { ApiBlogCategory, ApiBlogPost } from '../../../contract/index.ts';
import { EXTERNAL_REL, safeHref, type SafeLink } from '../domain/safe-href.ts';
import type { BlogCategory, BlogPost } from '../types.ts';
import { isNumber, isRecord } from '../../../contract/guards.ts';
import { hasFields, list, missingData, text } from './common.ts';
import { picture } from './picture.ts';

/** Whether a same-site path is a page the build has; every path passes by default. */
export type InternalLinkCheck = (href: string) => boolean;

// What a browser's URL parser trims from the start of an address: C0 controls and space.
// eslint-disable-next-line no-control-regex
const leadingTrim = /^[\u0000-\u0020]+/u;
const linkSchemes = /^(https?|mailto):/iu;
const digits = /^\d{1,4}$/u;

/**
 * A link of a post body, or null to show its text unlinked: a same-site path the build has,
 * or an http, https or mailto address. A protocol-relative link (`//host/…`) leads to
 * another site, so it is an external https link. Everything passes the shop's one link gate
 * (safeHref), which refuses scripts, control characters and `/\host`.
 */
function bodyLink(raw: string | undefined, isBuilt: InternalLinkCheck): SafeLink | null {
  const trimmed = (raw ?? '').replace(leadingTrim, '');
  const link = safeHref(trimmed.startsWith('//') ? `https:${trimmed}` : trimmed);
  if (!link) return null;
  if (link.external) return linkSchemes.test(link.href) ? link : null;
  return isBuilt(link.href) ? link : null;
}

/** An image source of a post body: a same-site path or an https address, else null. */
function bodyImageSrc(raw: string | undefined): string | null {
  const link = safeHref(raw);
  if (!link) return null;
  return !link.external || /^https:/iu.test(link.href) ? link.href : null;
}

/** Only the attributes whose values are 1 to 4 digits (sizes, spans). */
function numeric(attribs: Record<string, string>, names: readonly string[]) {
  return Object.fromEntries(
    names.flatMap((name) => {
      const value = attribs[name]?.trim();
      return value !== undefined && digits.test(value) ? [[name, value]] : [];
    }),
  );
}

const SCOPES = new Set(['row', 'col', 'rowgroup', 'colgroup']);

/** The options for one sanitising run; `isBuilt` decides which same-site links stay. */
function sanitizeOptions(isBuilt: InternalLinkCheck): sanitizeHtml.IOptions {
  return {
    // Headings, paragraphs, lists, tables, emphasis, quotes, links and images; nothing that
    // runs, styles, embeds or submits (no script, style, iframe, object, embed, svg, math,
    // form, input, meta, link or base).
    allowedTags: [
      ...['h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'figure', 'figcaption'],
      ...['ul', 'ol', 'li', 'dl', 'dt', 'dd'],
      ...['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
      ...['em', 'strong', 'b', 'i', 's', 'small', 'sub', 'sup', 'mark', 'abbr', 'q', 'cite'],
      ...['code', 'pre', 'a', 'img'],
    ],
    // No class, id or style on anything: CMS markup never restyles or clobbers the page.
    allowedAttributes: {
      a: ['href', 'rel', 'title'],
      img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
      th: ['scope', 'colspan', 'rowspan'],
      td: ['colspan', 'rowspan'],
      abbr: ['title'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    transformTags: {
      // The page's title is its one h1.
      h1: 'h2',
      a: (tagName, attribs) => {
        const link = bodyLink(attribs['href'], isBuilt);
        const title = attribs['title'];
        return {
          tagName,
          attribs: {
            ...(link ? { href: link.href } : {}),
            ...(link?.external ? { rel: EXTERNAL_REL } : {}),
            ...(title ? { title } : {}),
          },
        };
      },
      img: (tagName, attribs) => {
        const src = bodyImageSrc(attribs['src']);
        return {
          tagName,
          attribs: {
            ...(src ? { src } : {}),
            alt: attribs['alt'] ?? '',
            ...numeric(attribs, ['width', 'height']),
            loading: 'lazy',
            decoding: 'async',
          },
        };
      },
      th: (tagName, attribs) => {
        const scope = attribs['scope']?.toLowerCase();
        return {
          tagName,
          attribs: {
            ...numeric(attribs, ['colspan', 'rowspan']),
            ...(scope && SCOPES.has(scope) ? { scope } : {}),
          },
        };
      },
      td: (tagName, attribs) => ({ tagName, attribs: numeric(attribs, ['colspan', 'rowspan']) }),
    },
    // An image without a safe source is dropped, and so is a heading with no text (screen
    // readers announce it empty); a link without a safe address, or with nothing to name it,
    // keeps only what it holds.
    exclusiveFilter: (frame) => {
      if (frame.tag === 'img') return !frame.attribs['src'];
      if (/^h[2-6]$/u.test(frame.tag)) return frame.text.trim() === '';
      if (frame.tag === 'a') {
        const named = frame.text.trim() !== '' || frame.mediaChildren.length > 0;
        return frame.attribs['href'] && named ? false : 'excludeTag';
      }
      return false;
    },
  };
}

const keepEveryPath: InternalLinkCheck = () => true;

/**
 * Cleans CMS HTML to the blog's allowlist: no script, style, frame, form, embedded object,
 * event handler, style attribute or `javascript:`/`data:` URL survives. Links keep http,
 * https and mailto addresses (external ones with `rel="noopener noreferrer"`) and the
 * same-site paths `isBuilt` accepts; images keep same-site paths and https. Stable: cleaning
 * the result again changes nothing.
 */
export function sanitizeBody(html: string, isBuilt: InternalLinkCheck = keepEveryPath): string {
  return sanitizeHtml(html, sanitizeOptions(isBuilt));
}

/** Maps a blog category; needs id and name (an empty slug is made from the name later). */
export function toBlogCategory(wire: ApiBlogCategory): BlogCategory | null {
  if (!hasFields(wire, ['id'], ['name']) || wire.name.trim() === '') {
    return missingData('blog category', wire);
  }
  return {
    id: wire.id,
    slug: text(wire.slug),
    name: wire.name,
    postsCount: isNumber(wire.postsCount) ? wire.postsCount : 0,
  };
}

/** A post's category reference, when it has an id and a name. */
function toPostCategory(wire: unknown): BlogPost['categories'][number] | null {
  if (!isRecord(wire) || !hasFields(wire, ['id'], ['name'])) return null;
  return { id: wire['id'] as number, slug: text(wire['slug']), name: wire['name'] as string };
}

/**
 * Maps a blog post; needs an id and a title (an empty slug is made from the title later).
 * The body is sanitised; article ids that are not positive integers are left out; a featured
 * picture the brand's picture policy refuses is null (and counted as 'Missing data').
 */
export function toBlogPost(wire: ApiBlogPost): BlogPost | null {
  if (!hasFields(wire, ['id'], ['title']) || wire.title.trim() === '') {
    return missingData('blog post', wire);
  }
  const articleId = (value: unknown): value is number =>
    Number.isSafeInteger(value) && (value as number) > 0;
  return {
    id: wire.id,
    title: wire.title,
    slug: text(wire.slug),
    excerpt: text(wire.excerpt),
    body: sanitizeBody(text(wire.body)),
    featuredImage: picture('blog post', wire, 'featuredImage', wire.featuredImage),
    mainArticle: articleId(wire.mainArticle) ? wire.mainArticle : null,
    relatedArticles: list(wire.relatedArticles).filter(articleId),
    categories: list(wire.categories as unknown[]).flatMap((c) => {
      const category = toPostCategory(c);
      return category ? [category] : [];
    }),
    publishedAt: text(wire.published_at),
  };
}
