import { describe, expect, it } from 'vitest';
import type { CardArticle } from '../../lib/domain/article-card.ts';
import { articleCardHtml, articleGridHtml, articleItemsHtml } from './article-card-html.ts';

const jacket: CardArticle = {
  id: 7,
  name: 'Vinterjakke <Dame>',
  brand: 'Bergtind & Co',
  price: 149900,
  originalPrice: 199900,
  image: '/api/v1/images/7.svg?w=600&h=600',
  customLabel: 'Nyhet',
  campaigns: [{ price: 149900, labelText: 'Ukens annonse!' }],
};

describe('articleCardHtml', () => {
  it('links the escaped name to the product page and escapes brand and image', () => {
    const html = articleCardHtml(jacket);
    expect(html).toContain(
      '<a href="/product/vinterjakke-dame" class="after:absolute after:inset-0 hover:underline">Vinterjakke &lt;Dame&gt;</a>',
    );
    expect(html).toContain('>Bergtind &amp; Co</p>');
    expect(html).toContain(
      'src="/api/v1/images/7.svg?w=600&amp;h=600" alt="Vinterjakke &lt;Dame&gt;"',
    );
    expect(html).not.toContain('<Dame>');
  });

  it('has an unpressed favourite heart named after the article', () => {
    const html = articleCardHtml(jacket);
    expect(html).toContain(
      `data-favourite="${String(jacket.id)}" aria-pressed="false" aria-label="Favoritt: Vinterjakke &lt;Dame&gt;"`,
    );
  });

  it('links to the path the build gave it when it carries one', () => {
    expect(articleCardHtml({ ...jacket, path: '/product/vinterjakke-dame--7' })).toContain(
      'href="/product/vinterjakke-dame--7"',
    );
  });

  it('shows the labels and the campaign price beside the struck original price', () => {
    const html = articleCardHtml(jacket);
    expect(html).toContain('aria-label="Merking"');
    expect(html.indexOf('Ukens annonse!')).toBeLessThan(html.indexOf('Nyhet'));
    expect(html).toContain('<span class="sr-only">Nå </span>1\u00a0499\u00a0kr');
    expect(html).toContain(
      '<s class="text-sm text-gray-700"><span class="sr-only">Før </span>1\u00a0999\u00a0kr</s>',
    );
  });

  it('shows one price and no label list for a plain article', () => {
    const html = articleCardHtml({
      ...jacket,
      originalPrice: jacket.price,
      customLabel: null,
      campaigns: [],
    });
    expect(html).not.toContain('<s ');
    expect(html).not.toContain('Merking');
    expect(html).toContain('<span class="font-bold">1\u00a0499\u00a0kr</span>');
  });

  it('loads the image lazily unless asked to load it at once', () => {
    expect(articleCardHtml(jacket)).toContain('loading="lazy"');
    expect(articleCardHtml(jacket, true)).toContain('loading="eager"');
  });
});

describe('articleItemsHtml and articleGridHtml', () => {
  it('loads the first row eagerly and lets the browser skip rendering the rest offscreen', () => {
    const items = articleItemsHtml(
      Array.from({ length: 6 }, (_, i) => ({ ...jacket, id: i })),
      4,
    );
    expect(items.match(/<\/article><\/li>/g)).toHaveLength(6);
    expect(items.match(/<li><article/g)).toHaveLength(4);
    expect(items.match(/<li class="\[content-visibility:auto\][^"]*"><article/g)).toHaveLength(2);
    expect(items.match(/loading="eager"/g)).toHaveLength(4);
    expect(articleGridHtml([jacket])).toMatch(/^<ul class="[^"]*grid-cols-2[^"]*"><li><article/);
    expect(articleGridHtml([])).toMatch(/^<ul class="[^"]*"><\/ul>$/);
  });
});
