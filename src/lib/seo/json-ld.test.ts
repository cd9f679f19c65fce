import { describe, expect, it } from 'vitest';
import { getBrand } from '../../brands/index.ts';
import { parseOpeningHours } from '../domain/opening-hours.ts';
import {
  blogPostingLd,
  breadcrumbLd,
  jsonLd,
  productLd,
  storeLd,
  websiteLd,
  type BlogPostingLdInput,
  type ProductLdInput,
  type StoreLdInput,
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

describe('storeLd', () => {
  const brand = getBrand('toppfart');
  const store: StoreLdInput = {
    name: 'Trysil',
    description: 'Norges største skisted',
    url: 'https://www.toppfart.no/butikker/trysil',
    telephone: '+4762123456',
    email: 'trysil@toppfart.no',
    place: {
      streetAddress: 'Storvegen 14',
      postalCode: '2420',
      addressLocality: 'Trysil',
      coords: { latitude: 61.3147, longitude: 12.264 },
      map: 'https://www.openstreetmap.org/?mlat=61.31470&mlon=12.26400',
      hours: parseOpeningHours('Man-Tor 0900-1800, Fre-Lør 0900-1500 1800-0200, Søn 1000-2400'),
    },
  };
  const day = (name: string) => `https://schema.org/${name}`;

  it('describes a shop with its address, position, map and one specification per range', () => {
    const ld = storeLd(brand, store);
    expect(ld).toMatchObject({
      '@type': 'Store',
      '@id': 'https://www.toppfart.no/butikker/trysil#store',
      name: 'Trysil',
      url: 'https://www.toppfart.no/butikker/trysil',
      telephone: '+4762123456',
      email: 'trysil@toppfart.no',
      parentOrganization: { '@id': 'https://www.toppfart.no/#organization' },
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Storvegen 14',
        postalCode: '2420',
        addressLocality: 'Trysil',
        addressCountry: 'NO',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 61.3147, longitude: 12.264 },
      hasMap: store.place?.map,
    });
    // Nights close at their morning time (the next day, for schema.org), midnight as 00:00.
    expect(ld['openingHoursSpecification']).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'].map(day),
        opens: '09:00',
        closes: '18:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: [day('Friday'), day('Saturday')],
        opens: '09:00',
        closes: '15:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: [day('Friday'), day('Saturday')],
        opens: '18:00',
        closes: '02:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: [day('Sunday')],
        opens: '10:00',
        closes: '00:00',
      },
    ]);
  });

  it('leaves out closed days, malformed hours and missing contact fields', () => {
    const place = store.place ?? expect.fail('place');
    const closedSunday = storeLd(brand, {
      ...store,
      place: { ...place, hours: parseOpeningHours('Man-Lør 1000-1800, Søn stengt') },
    });
    expect(closedSunday['openingHoursSpecification']).toEqual([
      expect.objectContaining({
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map(day),
      }),
    ]);
    const bare = storeLd(brand, {
      ...store,
      telephone: null,
      email: null,
      place: { ...place, coords: null, map: null, hours: null },
    });
    for (const key of ['telephone', 'email', 'geo', 'hasMap', 'openingHoursSpecification']) {
      expect(bare, key).not.toHaveProperty(key);
    }
  });

  it('describes the web shop as an OnlineStore with no address or hours', () => {
    const ld = storeLd(brand, { ...store, name: 'Nettbutikk', place: null });
    expect(ld['@type']).toBe('OnlineStore');
    expect(ld).not.toHaveProperty('address');
    expect(ld).not.toHaveProperty('openingHoursSpecification');
    expect(ld).toMatchObject({ name: 'Nettbutikk', telephone: '+4762123456' });
  });
});
