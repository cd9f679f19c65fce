import { describe, expect, it } from 'vitest';
import { ARTICLE_GRID_CLASS, articleItemsHtml } from './article-card-html.ts';
import { listingArticle as article } from '../../test-support/articles.ts';
import { firstPageHtml } from './search-first-page-html.ts';

describe('firstPageHtml', () => {
  it('shows the count, the cards and links to the further pages in relevance order', () => {
    const html = firstPageHtml({
      total: 45,
      html: articleItemsHtml(Array.from({ length: 20 }, (_, i) => article(i + 1))),
    });
    expect(html).toMatch(/^<p role="status"[^>]*data-result-count>45 varer<\/p>/);
    expect(html).toContain('aria-labelledby="forste-side-tittel"');
    expect(html).toContain(`<ul class="${ARTICLE_GRID_CLASS}"><li>`);
    expect(html.match(/<article /g)).toHaveLength(20);
    expect(html).toContain('<nav aria-label="Sider"');
    expect(html).toContain('href="?side=3"');
    expect(html).not.toContain('sortering');
  });

  it('has no page links when every hit fits on one page', () => {
    const html = firstPageHtml({ total: 1, html: articleItemsHtml([article(1)]) });
    expect(html).toContain('>1 vare</p>');
    expect(html).not.toContain('Sider');
  });
});
