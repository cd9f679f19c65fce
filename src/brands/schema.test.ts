import { describe, expect, it } from 'vitest';
import { brands, getBrand } from './index.ts';
import { brandSchema, parseBrand } from './schema.ts';
import toppfart from './toppfart.ts';

describe('brands', () => {
  it('has three valid brands with distinct ids and domains', () => {
    expect(brands.map((b) => b.id)).toEqual(['toppfart', 'villmark', 'smatroll']);
    expect(new Set(brands.map((b) => b.siteUrl)).size).toBe(3);
  });

  it('encodes the page set of the issue table', () => {
    const flags = Object.fromEntries(brands.map((b) => [b.id, { ...b.pages, ...b.header }]));
    expect(flags['toppfart']).toMatchObject({ maintenance: true, info: true, search: 'full' });
    expect(flags['villmark']).toMatchObject({ maintenance: false, info: true, search: 'no-icon' });
    expect(flags['smatroll']).toMatchObject({
      info: false,
      supportLink: false,
      singleLine: true,
      search: 'hidden',
      childrenPages: true,
    });
  });

  it('rejects an invalid brand file', () => {
    expect(() => brandSchema.parse({ ...toppfart, siteUrl: 'http://insecure.example' })).toThrow();
    expect(() =>
      brandSchema.parse({ ...toppfart, theme: { ...toppfart.theme, primary: 'blue' } }),
    ).toThrow();
    expect(() => brandSchema.parse({ ...toppfart, extra: true })).toThrow();
  });

  it('names the file, the brand, each field and what was expected when a brand file is bad', () => {
    const bad = {
      ...toppfart,
      theme: { ...toppfart.theme, primary: 'blue' },
      pages: { ...toppfart.pages, blog: 'ja' },
      extra: true,
    };
    expect(() => parseBrand('src/brands/toppfart.ts', bad)).toThrow(
      [
        'The brand file src/brands/toppfart.ts (brand "toppfart") is not valid:',
        '  - theme.primary: must be a #rrggbb colour, found "blue"',
        '  - pages.blog: Invalid input: expected boolean, received string, found "ja"',
        '  - (the whole brand): Unrecognized key: "extra"',
      ].join('\n'),
    );
    expect(() => parseBrand('src/brands/x.ts', 42)).toThrow(
      'The brand file src/brands/x.ts (brand "without an id") is not valid:',
    );
    expect(parseBrand('src/brands/toppfart.ts', toppfart)).toEqual(brandSchema.parse(toppfart));
  });

  it('takes vendor ids of their own shape, or null, and nothing that could bend a URL', () => {
    const analytics = (changes: Record<string, string | null>) =>
      brandSchema.safeParse({ ...toppfart, analytics: { ...toppfart.analytics, ...changes } })
        .success;
    expect(analytics({ googleAnalytics: null, tagManager: null, metaPixel: null })).toBe(true);
    expect(analytics({ googleAnalytics: 'G-AB12CD' })).toBe(true);
    expect(analytics({ googleAnalytics: 'UA-1234' })).toBe(false);
    expect(analytics({ tagManager: 'GTM-X&y=1' })).toBe(false);
    expect(analytics({ metaPixel: '12a' })).toBe(false);
  });

  it('sends the field measurement to a same-site path or an https collector, sampling 0 to 1', () => {
    const vitals = (collector: string, sampleRate = 0.1) =>
      brandSchema.safeParse({ ...toppfart, vitals: { collector, sampleRate } }).success;
    expect(vitals('/api/v1/vitals')).toBe(true);
    expect(vitals('https://maaling.kjede.no/vitals')).toBe(true);
    expect(vitals('//maaling.kjede.no/vitals')).toBe(false);
    expect(vitals('http://maaling.kjede.no/vitals')).toBe(false);
    expect(vitals('javascript:alert(1)')).toBe(false);
    expect(vitals('/api/v1/vitals', 1)).toBe(true);
    expect(vitals('/api/v1/vitals', 1.5)).toBe(false);
    expect(vitals('/api/v1/vitals', -0.1)).toBe(false);
  });

  it('names where pictures may come from: hosts by name, a base on one of them or on the site', () => {
    const images = (value: unknown) =>
      brandSchema.safeParse({ ...toppfart, images: value }).success;
    expect(brands.every((b) => b.images.hosts.length === 0 && b.images.base === '/images/')).toBe(
      true,
    );
    expect(images({ hosts: ['bilder.kjede.no'], base: 'https://bilder.kjede.no/varer/' })).toBe(
      true,
    );
    expect(images({ hosts: ['bilder.kjede.no:8443'], base: 'https://bilder.kjede.no:8443/' })).toBe(
      true,
    );
    expect(images({ hosts: ['bilder.kjede.no', 'xn--bilder-wxa.no'], base: null })).toBe(true);
    expect(images({ hosts: [], base: '/images/' })).toBe(true);
    for (const hosts of [
      ['Bilder.kjede.no'],
      ['https://bilder.kjede.no'],
      ['bilder.kjede.no/'],
      [''],
    ]) {
      expect(images({ hosts, base: null }), JSON.stringify(hosts)).toBe(false);
    }
    for (const base of [
      '/images',
      '//evil.example/',
      'https://evil.example/',
      'http://bilder.kjede.no/',
      'https://u:p@bilder.kjede.no/',
      'https://bilder.kjede.no/?a=/',
      'images/',
    ]) {
      expect(images({ hosts: ['bilder.kjede.no'], base }), base).toBe(false);
    }
    expect(images({ hosts: [] })).toBe(false);
  });

  it('fails loudly for an unknown brand id', () => {
    expect(() => getBrand('nope')).toThrow(/Known brands: toppfart, villmark, smatroll/);
  });
});
