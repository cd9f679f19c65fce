/**
 * Mappers for the blog. Post bodies are CMS HTML that the contract marks unsafe, so they
 * are sanitised here, once, at the boundary. Kept apart from the other mappers so islands
 * that never show a post do not bundle the sanitiser.
 */

import sanitizeHtml from 'sanitize-html';
import type { ApiBlogCategory, ApiBlogPost } from '../../../contract/index.ts';
import { EXTERNAL_REL, safeHref } from '../domain/safe-href.ts';
import type { BlogCategory, BlogPost } from '../types.ts';
import { hasFields, isNumber, list, missingData } from './common.ts';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  // Links pass the shop's one link gate: an unsafe address leaves the text unlinked, and a
  // link to another site cannot reach back into this page's window.
  transformTags: {
    a: (tagName, attribs) => {
      const { href, rel, ...rest } = attribs;
      void rel;
      const link = safeHref(href);
      if (!link) return { tagName, attribs: rest };
      return {
        tagName,
        attribs: { ...rest, href: link.href, ...(link.external ? { rel: EXTERNAL_REL } : {}) },
      };
    },
  },
};

/** Cleans CMS HTML: scripts, event handlers and unsafe URLs are removed. */
export function sanitizeBody(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

/** Maps a blog category; needs id, slug and name. */
export function toBlogCategory(wire: ApiBlogCategory): BlogCategory | null {
  if (!hasFields(wire, ['id'], ['slug', 'name'])) return missingData('blog category', wire);
  return {
    id: wire.id,
    slug: wire.slug,
    name: wire.name,
    postsCount: isNumber(wire.postsCount) ? wire.postsCount : 0,
  };
}

/** Maps a blog post; needs id, title and slug. The body is sanitised. */
export function toBlogPost(wire: ApiBlogPost): BlogPost | null {
  if (!hasFields(wire, ['id'], ['title', 'slug'])) return missingData('blog post', wire);
  return {
    id: wire.id,
    title: wire.title,
    slug: wire.slug,
    excerpt: text(wire.excerpt),
    body: sanitizeBody(text(wire.body)),
    featuredImage: typeof wire.featuredImage === 'string' ? wire.featuredImage : null,
    mainArticle: isNumber(wire.mainArticle) ? wire.mainArticle : null,
    relatedArticles: list(wire.relatedArticles),
    categories: list(wire.categories),
    publishedAt: text(wire.published_at),
  };
}
