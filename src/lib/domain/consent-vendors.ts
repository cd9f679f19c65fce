import type { Brand } from '../../brands/schema.ts';
import { vendorScriptUrl } from './consent-kinds.ts';
import type { ConsentChoice, ConsentKind, ConsentVendorIds } from './consent.ts';
import { cookiePairs } from './cookies.ts';

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
 * need nothing: the policy allows https images for the blog's CMS pictures), and the field
 * measurement's collector when it is on another site. A brand without vendor ids and with
 * its collector on the site adds none.
 */
export function consentCspSources(brand: Brand): ConsentCspSources {
  const ids = consentVendorIds(brand);
  const used = (Object.keys(ids) as ConsentKind[]).filter((kind) => ids[kind] !== null);
  const unique = (hosts: string[]) => [...new Set(hosts)];
  return {
    script: unique(used.map((kind) => new URL(vendorScriptUrl(kind, 'id')).origin)),
    connect: unique([
      ...used.flatMap((kind) => BEACON_HOSTS[kind].connect),
      ...(brand.vitals.collector.startsWith('/') ? [] : [new URL(brand.vitals.collector).origin]),
    ]),
  };
}

/**
 * The cookies each kind's vendor sets on the shop's own domain, as the privacy text's cookie
 * table names them (a trailing `*` stands for the rest of a name): Google Analytics `_ga`
 * and one `_ga_<ID>` per measurement id, the Meta Pixel `_fbp` and `_fbc`. Tag Manager sets
 * none of its own.
 */
export const VENDOR_COOKIES: Readonly<Record<ConsentKind, readonly string[]>> = {
  analytics: ['_ga', '_ga_*'],
  tagManager: [],
  pixel: ['_fbp', '_fbc'],
};

const matches = (name: string, pattern: string) =>
  pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern;

/**
 * The domains a cookie of a page at `hostname` may have been set for: the host and each
 * parent domain of two labels or more (`www.toppfart.no`, `toppfart.no`). Google Analytics
 * sets its cookies on the highest one the browser takes, the Meta Pixel on the site's own
 * domain. An address or a one-label host (`127.0.0.1`, `localhost`) has none.
 */
function cookieDomains(hostname: string): string[] {
  if (!hostname.includes('.') || /^[\d.]+$|:/u.test(hostname)) return [];
  const labels = hostname.split('.');
  return labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
}

/**
 * What to write into `document.cookie`, on a page at `hostname` holding `cookies`
 * (`a=1; b=2`), to delete every cookie of the vendors of a kind `choice` refuses: each
 * expired for the host alone and for every domain it may have been set for
 * ({@link cookieDomains}), since the browser deletes a cookie only on the domain and path it
 * was set with. The vendors set theirs on the path `/`.
 */
export function vendorCookieDeletions(
  choice: ConsentChoice,
  cookies: string,
  hostname: string,
): string[] {
  const refused = (Object.keys(VENDOR_COOKIES) as ConsentKind[])
    .filter((kind) => !choice[kind])
    .flatMap((kind) => VENDOR_COOKIES[kind]);
  const names = new Set(
    cookiePairs(cookies)
      .map(([name]) => name)
      .filter((name) => refused.some((pattern) => matches(name, pattern))),
  );
  const scopes = ['', ...cookieDomains(hostname).map((domain) => `; Domain=${domain}`)];
  return [...names].flatMap((name) => scopes.map((scope) => `${name}=; Max-Age=0; Path=/${scope}`));
}
