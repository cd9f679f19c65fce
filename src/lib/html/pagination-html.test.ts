import { describe, expect, it } from 'vitest';
import { defaultQuery, EMPTY_FILTERS } from '../domain/listing-query.ts';
import { paginationHtml, visiblePages } from './pagination-html.ts';

describe('visiblePages', () => {
  it('shows the ends and two either side of the current page, with gaps between', () => {
    expect(visiblePages(1, 1)).toEqual([1]);
    expect(visiblePages(1, 10)).toEqual([1, 2, 3, 'gap', 10]);
    expect(visiblePages(6, 10)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 10]);
    expect(visiblePages(4, 5)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('paginationHtml', () => {
  it('is empty when everything fits on one page', () => {
    expect(paginationHtml(defaultQuery('name'), 20, 20, 'name')).toBe('');
    expect(paginationHtml(defaultQuery('name'), 0, 20, 'name')).toBe('');
  });

  it('links every shown page with ?side=n, marks the current one and offers the next', () => {
    const html = paginationHtml(defaultQuery('name'), 95, 20, 'name');
    expect(html).toMatch(/^<nav aria-label="Sider"/);
    expect(html).not.toContain('Forrige');
    expect(html).toContain('href="?" data-page="1" aria-current="page" aria-label="Side 1"');
    expect(html).toContain('href="?side=5" data-page="5" aria-label="Side 5"');
    expect(html).toContain('href="?side=2" rel="next" data-page="2"');
    expect(html.match(/aria-current/g)).toHaveLength(1);
  });

  it('keeps the filters and sort in the links and clamps a page past the end', () => {
    const query = {
      filters: { ...EMPTY_FILTERS, colors: [3, 4] },
      sort: 'price' as const,
      reverse: true,
      page: 9,
    };
    const html = paginationHtml(query, 45, 20, 'name');
    expect(html).toContain('aria-current="page" aria-label="Side 3"');
    expect(html).toContain('rel="prev"');
    expect(html).not.toContain('rel="next"');
    expect(html).toMatch(/href="\?[^"]*sortering=pris[^"]*omvendt=1[^"]*side=2"/);
    expect(html).toContain('farge=3,4');
    // The & between parameters is escaped, as an attribute value needs.
    expect(html).toContain('&amp;side=2');
    expect(html).not.toMatch(/&(?!amp;)/);
  });
});
