import { describe, expect, it } from 'vitest';
import { getBrand } from '../../brands/index.ts';
import { breadcrumbLd, jsonLd, websiteLd } from './json-ld.ts';

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
