import { describe, expect, it } from 'vitest';
import toppfart from '../../brands/toppfart.ts';
import { consentCspSources, consentVendorIds } from './consent-vendors.ts';

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

  it('leaves out the hosts of a vendor the brand does not use', () => {
    const sources = consentCspSources(withIds(null, 'GTM-B2', null));
    expect(sources.script).toEqual(['https://www.googletagmanager.com']);
    expect(sources.connect.join(' ')).not.toMatch(/facebook|analytics/);
  });
});
