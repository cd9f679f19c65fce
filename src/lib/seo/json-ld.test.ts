import { describe, expect, it } from 'vitest';
import { getBrand } from '../../brands/index.ts';
import { breadcrumbLd, jsonLd, productLd, websiteLd, type ProductLdInput } from './json-ld.ts';

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
