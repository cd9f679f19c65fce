import { describe, expect, it } from 'vitest';
import toppfart from '../brands/toppfart.ts';
import {
  isMeasured,
  readVitalsSettings,
  vitalsAttributes,
  vitalsBeacon,
  type VitalsSettings,
} from './field-vitals.ts';

const ALLOWED = { analytics: true, tagManager: false, pixel: false, givenAt: 0 };
const REFUSED = { analytics: false, tagManager: true, pixel: true, givenAt: 0 };

describe('isMeasured', () => {
  it('measures no page view of a shopper who has not allowed statistics, whatever the draw', () => {
    expect(isMeasured(null, 1, 0)).toBe(false);
    expect(isMeasured(REFUSED, 1, 0)).toBe(false);
  });

  it('measures the share of views the sample rate names', () => {
    expect(isMeasured(ALLOWED, 0.1, 0)).toBe(true);
    expect(isMeasured(ALLOWED, 0.1, 0.0999)).toBe(true);
    expect(isMeasured(ALLOWED, 0.1, 0.1)).toBe(false);
    expect(isMeasured(ALLOWED, 0, 0)).toBe(false);
    expect(isMeasured(ALLOWED, 1, 0.9999)).toBe(true);
    const draws = Array.from({ length: 1000 }, (_, i) => i / 1000);
    expect(draws.filter((draw) => isMeasured(ALLOWED, 0.1, draw))).toHaveLength(100);
  });
});

describe('vitalsAttributes and readVitalsSettings', () => {
  const dataset = (attributes: Record<string, string>): DOMStringMap =>
    Object.fromEntries(
      Object.entries({ 'data-tenant': 'toppfart', ...attributes }).map(([name, value]) => [
        name.slice(5).replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()),
        value,
      ]),
    );

  it("writes the brand's collector and rate with the page type, which the page reads back", () => {
    const attributes = vitalsAttributes(toppfart, 'product', {});
    expect(attributes).toEqual({
      'data-page-type': 'product',
      'data-vitals-collector': '/api/v1/vitals',
      'data-vitals-sample': '0.1',
    });
    expect(readVitalsSettings(dataset(attributes))).toEqual<VitalsSettings>({
      collector: '/api/v1/vitals',
      sampleRate: 0.1,
      brand: 'toppfart',
      page: 'product',
    });
  });

  it('takes VITALS_SAMPLE_RATE over the brand’s rate, and refuses one outside 0 to 1', () => {
    expect(vitalsAttributes(toppfart, 'home', { VITALS_SAMPLE_RATE: '1' })).toMatchObject({
      'data-vitals-sample': '1',
    });
    expect(() => vitalsAttributes(toppfart, 'home', { VITALS_SAMPLE_RATE: '10%' })).toThrow(
      /VITALS_SAMPLE_RATE/,
    );
  });

  it('fails the build for a route name the API would refuse', () => {
    expect(() => vitalsAttributes(toppfart, 'wishlist', {})).toThrow(/"wishlist"/);
  });

  it('reads no settings from a page without them', () => {
    expect(readVitalsSettings(dataset({}))).toBeNull();
    expect(
      readVitalsSettings(
        dataset({ ...vitalsAttributes(toppfart, 'home', {}), 'data-page-type': 'admin' }),
      ),
    ).toBeNull();
  });
});

describe('vitalsBeacon', () => {
  const settings: VitalsSettings = {
    collector: '/api/v1/vitals',
    sampleRate: 1,
    brand: 'villmark',
    page: 'category',
  };

  it('sends each metric once, its last report, with the brand and page type', () => {
    expect(
      vitalsBeacon(settings, [
        { name: 'TTFB', value: 300, navigationType: 'navigate' },
        { name: 'CLS', value: 0.01, navigationType: 'navigate', target: undefined },
        { name: 'CLS', value: 0.03, navigationType: 'navigate', target: '#innhold>div' },
      ]),
    ).toEqual({
      brand: 'villmark',
      page: 'category',
      metrics: [
        { name: 'TTFB', value: 300, navigationType: 'navigate' },
        { name: 'CLS', value: 0.03, navigationType: 'navigate', target: '#innhold>div' },
      ],
    });
  });

  it('leaves out what the API would refuse, and sends nothing when nothing is left', () => {
    const beacon = vitalsBeacon(settings, [
      { name: 'LCP', value: 61_000, navigationType: 'navigate' },
      { name: 'INP', value: 40, navigationType: 'soft-navigation' },
      { name: 'FCP', value: 900, navigationType: 'navigate' },
      { name: 'TTFB', value: 200, navigationType: 'prerender', target: 'x'.repeat(300) },
    ]);
    expect(beacon?.metrics).toEqual([
      { name: 'TTFB', value: 200, navigationType: 'prerender', target: 'x'.repeat(200) },
    ]);
    expect(vitalsBeacon(settings, [{ name: 'CLS', value: -1, navigationType: 'reload' }])).toBe(
      null,
    );
  });
});
