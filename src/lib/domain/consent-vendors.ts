import type { Brand } from '../../brands/schema.ts';
import { vendorScriptUrl } from './consent-kinds.ts';
import type { ConsentKind, ConsentVendorIds } from './consent.ts';

/** A brand's vendor ids per optional kind of cookie (null where it uses none). */
export function consentVendorIds(brand: Brand): ConsentVendorIds {
  const { googleAnalytics, tagManager, metaPixel } = brand.analytics;
  return { analytics: googleAnalytics, tagManager, pixel: metaPixel };
}

/**
 * Where each vendor's script sends what it measures, per the vendors' own CSP guides:
 * Google Analytics and Tag Manager beacon to Google's analytics hosts, the Meta Pixel to
 * www.facebook.com.
 */
const BEACON_HOSTS: Readonly<Record<ConsentKind, { connect: string[] }>> = {
  analytics: {
    connect: [
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://www.googletagmanager.com',
    ],
  },
  tagManager: {
    connect: ['https://www.googletagmanager.com'],
  },
  pixel: {
    connect: ['https://www.facebook.com'],
  },
};

/** Sources the page's Content-Security-Policy adds for the brand's optional vendors. */
export interface ConsentCspSources {
  script: string[];
  connect: string[];
}

/**
 * The hosts the Content-Security-Policy must allow for the vendors `brand` uses, and only
 * those: each script's own host, and where it sends its measurements (their pixel images
 * need nothing: the policy allows https images for the blog's CMS pictures). A brand without
 * vendor ids adds none.
 */
export function consentCspSources(brand: Brand): ConsentCspSources {
  const ids = consentVendorIds(brand);
  const used = (Object.keys(ids) as ConsentKind[]).filter((kind) => ids[kind] !== null);
  const unique = (hosts: string[]) => [...new Set(hosts)];
  return {
    script: unique(used.map((kind) => new URL(vendorScriptUrl(kind, 'id')).origin)),
    connect: unique(used.flatMap((kind) => BEACON_HOSTS[kind].connect)),
  };
}
