import { describe, expect, it } from 'vitest';
import { getBrand } from '../../brands/index.ts';
import {
  blogPostingLd,
  breadcrumbLd,
  jsonLd,
  productLd,
  websiteLd,
  type BlogPostingLdInput,
  type ProductLdInput,
} from './json-ld.ts';

describe('JSON-LD', () => {
  it('escapes < so API text cannot close the script element', () => {
    const out = jsonLd([{ name: '</script><script>alert(1)</script>' }]);
    expect(out).not.toContain('<');
    expect(JSON.parse(out)['@graph'][0].name).toBe('</script><script>alert(1)</script>');
  });

  it('offers a SearchAction only where the brand has search', () => {
    expect(websiteLd(getBrand('toppfart'))['potentialAction']).toMatchObject({
      '@type': 'SearchAction',
    });
    expect(websiteLd(getBrand('smatroll'))['potentialAction']).toBeUndefined();
  });

  it('numbers breadcrumbs from home on the brand domain', () => {
    const ld = breadcrumbLd(getBrand('villmark'), [{ name: 'Klær', path: '/klaer' }]);
    expect(ld['itemListElement']).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Forside', item: 'https://www.villmark.no/' },
      { '@type': 'ListItem', position: 2, name: 'Klær', item: 'https://www.villmark.no/klaer' },
    ]);
  });
});

describe('productLd', () => {
  const input: ProductLdInput = {
    name: 'Vinterjakke',
    description: 'Varm',
    image: 'https://www.toppfart.no/images/articles/1.svg',
    url: 'https://www.toppfart.no/product/vinterjakke',
    sku: '131000001',
    brand: 'Fjordtind',
    price: 149_900,
    inStock: true,
    rating: { average: 4.3, count: 3 },
  };

  it('offers the price in NOK kroner with availability and a rating', () => {
    const ld = productLd(getBrand('toppfart'), input);
    expect(ld['offers']).toMatchObject({
      priceCurrency: 'NOK',
      price: '1499.00',
      availability: 'https://schema.org/InStock',
    });
    expect(ld['aggregateRating']).toMatchObject({ ratingValue: 4.3, reviewCount: 3 });
  });

  it('says OutOfStock and leaves the rating out without reviews', () => {
    const ld = productLd(getBrand('toppfart'), { ...input, inStock: false, rating: null });
    expect(ld['offers']).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
    expect(ld).not.toHaveProperty('aggregateRating');
  });
});

describe('blogPostingLd', () => {
  const input: BlogPostingLdInput = {
    headline: 'Hvordan kle barna for vinteren',
    description: 'Ull innerst.',
    url: 'https://www.toppfart.no/blogg/hvordan-kle-barna',
    image: 'https://www.toppfart.no/images/blog/2.svg',
    published: new Date('2026-10-22T09:00:00Z'),
    sections: ['Barn og familie'],
  };

  it('is a BlogPosting by the brand with its date, image and sections', () => {
    expect(blogPostingLd(getBrand('toppfart'), input)).toEqual({
      '@type': 'BlogPosting',
      headline: 'Hvordan kle barna for vinteren',
      description: 'Ull innerst.',
      url: input.url,
      mainEntityOfPage: input.url,
      image: input.image,
      datePublished: '2026-10-22T09:00:00.000Z',
      articleSection: ['Barn og familie'],
      inLanguage: 'nb-NO',
      author: { '@id': 'https://www.toppfart.no/#organization' },
      publisher: { '@id': 'https://www.toppfart.no/#organization' },
    });
  });

  it('leaves out what the post does not have', () => {
    const ld = blogPostingLd(getBrand('toppfart'), {
      ...input,
      description: '',
      image: null,
      published: null,
      sections: [],
    });
    for (const key of ['description', 'image', 'datePublished', 'articleSection']) {
      expect(ld).not.toHaveProperty(key);
    }
  });
});
