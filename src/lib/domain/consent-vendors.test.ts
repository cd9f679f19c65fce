import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import toppfart from '../../brands/toppfart.ts';
import {
  consentCspSources,
  consentVendorIds,
  VENDOR_COOKIES,
  vendorCookieDeletions,
} from './consent-vendors.ts';

const withIds = (
  googleAnalytics: string | null,
  tagManager: string | null,
  metaPixel: string | null,
) => ({
  ...toppfart,
  analytics: { googleAnalytics, tagManager, metaPixel },
});

describe('consentVendorIds', () => {
  it("names the brand's id per optional kind", () => {
    expect(consentVendorIds(withIds('G-A1', null, '42'))).toEqual({
      analytics: 'G-A1',
      tagManager: null,
      pixel: '42',
    });
  });
});

describe('consentCspSources', () => {
  it('allows no vendor host for a brand without vendor ids', () => {
    expect(consentCspSources(withIds(null, null, null))).toEqual({
      script: [],
      connect: [],
    });
  });

  it("allows each used vendor's script host and beacon hosts, once each", () => {
    expect(consentCspSources(withIds('G-A1', 'GTM-B2', '42'))).toEqual({
      script: ['https://www.googletagmanager.com', 'https://connect.facebook.net'],
      connect: [
        'https://*.google-analytics.com',
        'https://*.analytics.google.com',
        'https://www.googletagmanager.com',
        'https://www.facebook.com',
      ],
    });
  });

  it("allows the field measurement's collector when it is on another site", () => {
    const elsewhere = {
      ...withIds(null, null, null),
      vitals: { collector: 'https://maaling.kjede.no/vitals', sampleRate: 0.1 },
    };
    expect(consentCspSources(elsewhere).connect).toEqual(['https://maaling.kjede.no']);
  });

  it('leaves out the hosts of a vendor the brand does not use', () => {
    const sources = consentCspSources(withIds(null, 'GTM-B2', null));
    expect(sources.script).toEqual(['https://www.googletagmanager.com']);
    expect(sources.connect.join(' ')).not.toMatch(/facebook|analytics/);
  });
});

describe('vendorCookieDeletions', () => {
  const ALL = { analytics: true, tagManager: true, pixel: true };
  const NONE = { analytics: false, tagManager: false, pixel: false };
  const jar =
    '_ga=GA1.1.5.6; _ga_TOPPFART01=GS1.1; _gax=1; _fbp=fb.1.2; _fbc=fb.1.3; cookiesAccepted=x';

  it('deletes nothing the choice allows', () => {
    expect(vendorCookieDeletions(ALL, jar, 'www.toppfart.no')).toEqual([]);
  });

  it("deletes a refused kind's cookies for the host and each parent domain, and no other cookie", () => {
    expect(vendorCookieDeletions({ ...ALL, analytics: false }, jar, 'www.toppfart.no')).toEqual([
      '_ga=; Max-Age=0; Path=/',
      '_ga=; Max-Age=0; Path=/; Domain=www.toppfart.no',
      '_ga=; Max-Age=0; Path=/; Domain=toppfart.no',
      '_ga_TOPPFART01=; Max-Age=0; Path=/',
      '_ga_TOPPFART01=; Max-Age=0; Path=/; Domain=www.toppfart.no',
      '_ga_TOPPFART01=; Max-Age=0; Path=/; Domain=toppfart.no',
    ]);
  });

  it("deletes the pixel's cookies when it alone is refused; the tag manager has none", () => {
    const names = (choice: typeof ALL) =>
      vendorCookieDeletions(choice, jar, 'toppfart.no').map((d) => d.split(';')[0]);
    expect(names({ ...ALL, pixel: false })).toEqual(['_fbp=', '_fbp=', '_fbc=', '_fbc=']);
    expect(names({ ...ALL, tagManager: false })).toEqual([]);
    expect(names(NONE)).toEqual([
      '_ga=',
      '_ga=',
      '_ga_TOPPFART01=',
      '_ga_TOPPFART01=',
      '_fbp=',
      '_fbp=',
      '_fbc=',
      '_fbc=',
    ]);
  });

  it('gives an address or a one-label host the host alone', () => {
    for (const host of ['127.0.0.1', 'localhost', '[::1]']) {
      expect(vendorCookieDeletions(NONE, '_fbp=1', host)).toEqual(['_fbp=; Max-Age=0; Path=/']);
    }
  });

  it('deletes each name once, and nothing from a jar without vendor cookies', () => {
    expect(vendorCookieDeletions(NONE, '_fbp=1; _fbp=2', 'localhost')).toHaveLength(1);
    expect(vendorCookieDeletions(NONE, 'XSRF-TOKEN=a; cookiesAccepted=b', 'toppfart.no')).toEqual(
      [],
    );
  });
});

describe('the privacy text', () => {
  const text = readFileSync(
    new URL('../../content/pages/personvernerklaering.md', import.meta.url),
    'utf8',
  );

  it('names in its cookie table every vendor cookie a withdrawal deletes', () => {
    // The table writes a name's variable part as `<ID>`; the rule as `*`.
    const tableNames = [...text.matchAll(/^\| `([^`]+)`/gmu)].map(([, name]) =>
      (name ?? '').replace(/<[^>]+>$/u, '*'),
    );
    for (const name of Object.values(VENDOR_COOKIES).flat()) expect(tableNames).toContain(name);
  });

  it('calls the analytics data pseudonymous, not anonymous, and says a withdrawal deletes the cookies', () => {
    expect(text).not.toMatch(/anonym statistikk/iu);
    expect(text).toMatch(/pseudonymiserte, ikke anonyme/u);
    expect(text).toMatch(
      /Trekker du tilbake samtykket for analyse eller markedsføring, sletter vi/u,
    );
  });
});
