import type { Brand } from '../../brands/schema.ts';

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
