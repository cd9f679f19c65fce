import type { Brand } from '../../brands/schema.ts';
import { formatClock, type WeekHours } from '../domain/opening-hours.ts';
import { schemaOrgPrice } from '../format/money.ts';
import type { Coordinates } from '../types.ts';

/** A schema.org node. */
export type JsonLdNode = Record<string, unknown>;

/**
 * Serialises JSON-LD for a `<script type="application/ld+json">`. `<` is escaped so text
 * from the API can never close the script element.
 */
export function jsonLd(nodes: JsonLdNode[]): string {
  return JSON.stringify({ '@context': 'https://schema.org', '@graph': nodes }).replaceAll(
    '<',
    '\\u003c',
  );
}

/** The brand as an Organization, with its support contact. */
export function organizationLd(
  brand: Brand,
  tenant: { supportEmail: string; company: string },
): JsonLdNode {
  return {
    '@type': 'Organization',
    '@id': `${brand.siteUrl}/#organization`,
    name: brand.name,
    legalName: tenant.company,
    url: `${brand.siteUrl}/`,
    logo: new URL(brand.logo.png, brand.siteUrl).href,
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      email: tenant.supportEmail,
      availableLanguage: 'nb',
    },
  };
}

/** The site with its search as a SearchAction (only for brands that show search). */
export function websiteLd(brand: Brand): JsonLdNode {
  return {
    '@type': 'WebSite',
    '@id': `${brand.siteUrl}/#website`,
    url: `${brand.siteUrl}/`,
    name: brand.name,
    inLanguage: 'nb-NO',
    publisher: { '@id': `${brand.siteUrl}/#organization` },
    ...(brand.header.search === 'hidden'
      ? {}
      : {
          potentialAction: {
            '@type': 'SearchAction',
            target: {
              '@type': 'EntryPoint',
              urlTemplate: `${brand.siteUrl}/search/{search_term_string}`,
            },
            'query-input': 'required name=search_term_string',
          },
        }),
  };
}

/** A BreadcrumbList from home through `trail`. */
export function breadcrumbLd(
  brand: Brand,
  trail: Array<{ name: string; path: string }>,
): JsonLdNode {
  const items = [{ name: 'Forside', path: '/' }, ...trail];
  return {
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: new URL(item.path, brand.siteUrl).href,
    })),
  };
}

/** What the Product node needs of an article. */
export interface ProductLdInput {
  name: string;
  description: string;
  /** Absolute URL of the image. */
  image: string;
  /** Absolute URL of the product page. */
  url: string;
  sku: string;
  brand: string;
  /** Price the shopper pays, øre. */
  price: number;
  inStock: boolean;
  /** Approved reviews: their average and count; null without any. */
  rating: { average: number; count: number } | null;
}

/**
 * A schema.org Product with its Offer (NOK, price in kroner, InStock or OutOfStock) and an
 * AggregateRating when there are reviews.
 */
export function productLd(brand: Brand, product: ProductLdInput): JsonLdNode {
  return {
    '@type': 'Product',
    name: product.name,
    description: product.description,
    image: product.image,
    sku: product.sku,
    url: product.url,
    brand: { '@type': 'Brand', name: product.brand },
    offers: {
      '@type': 'Offer',
      url: product.url,
      priceCurrency: 'NOK',
      price: schemaOrgPrice(product.price),
      availability: product.inStock
        ? 'https://schema.org/InStock'
        : 'https://schema.org/OutOfStock',
      seller: { '@id': `${brand.siteUrl}/#organization` },
    },
    ...(product.rating
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating.average,
            reviewCount: product.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** What the BlogPosting node needs of a post. */
export interface BlogPostingLdInput {
  headline: string;
  description: string;
  /** Absolute URL of the post's page. */
  url: string;
  /** Absolute URL of the featured image; null without one. */
  image: string | null;
  /** When it was published; null when the API gave no date. */
  published: Date | null;
  /** Names of its categories. */
  sections: string[];
}

/** A schema.org BlogPosting, written and published by the brand. */
export function blogPostingLd(brand: Brand, post: BlogPostingLdInput): JsonLdNode {
  const organization = { '@id': `${brand.siteUrl}/#organization` };
  return {
    '@type': 'BlogPosting',
    headline: post.headline,
    ...(post.description ? { description: post.description } : {}),
    url: post.url,
    mainEntityOfPage: post.url,
    ...(post.image ? { image: post.image } : {}),
    ...(post.published ? { datePublished: post.published.toISOString() } : {}),
    ...(post.sections.length > 0 ? { articleSection: post.sections } : {}),
    inLanguage: 'nb-NO',
    author: organization,
    publisher: organization,
  };
}

/** Where a physical shop is and when it is open, for {@link storeLd}. */
export interface StorePlace {
  streetAddress: string;
  postalCode: string;
  addressLocality: string;
  coords: Coordinates | null;
  /** The map service's page of the shop (http or https), or null. */
  map: string | null;
  /** Parsed opening hours; null when the API's were malformed. */
  hours: WeekHours | null;
}

/** What the Store node needs of a shop. */
export interface StoreLdInput {
  name: string;
  description: string;
  /** Absolute URL of the shop's page. */
  url: string;
  /** `+4722123456`, or null. */
  telephone: string | null;
  email: string | null;
  /** Null for the web shop, which has no address to visit and no visiting hours. */
  place: StorePlace | null;
}

const SCHEMA_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/**
 * One OpeningHoursSpecification per distinct range, naming every day that has it. A night
 * over midnight closes at its morning time, earlier than it opens, which schema.org reads
 * as the next day (and midnight as `00:00`). Closed days are left out.
 */
function openingHoursLd(hours: WeekHours): JsonLdNode[] {
  const ranges = new Map<string, { open: number; close: number; days: string[] }>();
  hours.forEach((day, i) => {
    for (const { open, close } of day) {
      const key = `${String(open)}-${String(close)}`;
      const range = ranges.get(key) ?? { open, close, days: [] };
      range.days.push(`https://schema.org/${SCHEMA_DAYS[i] ?? ''}`);
      ranges.set(key, range);
    }
  });
  return [...ranges.values()].map((range) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: range.days,
    opens: formatClock(range.open),
    closes: formatClock(range.close % 1440),
  }));
}

/**
 * A shop as a schema.org Store of the brand's Organization: address, position, map and
 * opening hours; the web shop as an OnlineStore without them. Empty contact fields are
 * left out.
 */
export function storeLd(brand: Brand, store: StoreLdInput): JsonLdNode {
  const { place } = store;
  return {
    '@type': place ? 'Store' : 'OnlineStore',
    '@id': `${store.url}#store`,
    name: store.name,
    description: store.description,
    url: store.url,
    ...(store.telephone ? { telephone: store.telephone } : {}),
    ...(store.email ? { email: store.email } : {}),
    parentOrganization: { '@id': `${brand.siteUrl}/#organization` },
    ...(place
      ? {
          address: {
            '@type': 'PostalAddress',
            streetAddress: place.streetAddress,
            postalCode: place.postalCode,
            addressLocality: place.addressLocality,
            addressCountry: 'NO',
          },
          ...(place.coords
            ? {
                geo: {
                  '@type': 'GeoCoordinates',
                  latitude: place.coords.latitude,
                  longitude: place.coords.longitude,
                },
              }
            : {}),
          ...(place.map ? { hasMap: place.map } : {}),
          ...(place.hours ? { openingHoursSpecification: openingHoursLd(place.hours) } : {}),
        }
      : {}),
  };
}
