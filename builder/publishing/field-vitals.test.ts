import { describe, expect, it } from 'vitest';
import type { ApiVitalsReport, ApiVitalsSummary } from '../../contract/vitals.ts';
import { fetchVitals, formatVital, vitalsSection } from './field-vitals.ts';

describe('formatVital', () => {
  it('writes times in seconds or milliseconds and CLS as a score, the Norwegian way', () => {
    expect(formatVital('LCP', 2500)).toBe('2,5 s');
    expect(formatVital('TTFB', 812.4)).toBe('0,81 s');
    expect(formatVital('INP', 199.6)).toBe('200 ms');
    expect(formatVital('CLS', 0.0512)).toBe('0,05');
  });
});

describe('vitalsSection', () => {
  const brands = [
    { id: 'toppfart', name: 'Toppfart' },
    { id: 'villmark', name: 'Villmark' },
  ];
  const summary = (over: Partial<ApiVitalsSummary>): ApiVitalsSummary => ({
    brand: 'toppfart',
    page: 'product',
    metric: 'LCP',
    views: 40,
    p75: 1500,
    ...over,
  });
  const report = (summaries: ApiVitalsSummary[]) =>
    ({ ok: true, value: { since: '2026-03-03T12:00:00.000Z', summaries } }) as const;

  it('shows each page type’s p75 with its rating and views, beside the thresholds', () => {
    const markup = vitalsSection(
      brands,
      report([
        summary({}),
        summary({ metric: 'INP', p75: 350, views: 25 }),
        summary({ metric: 'CLS', p75: 0.3, views: 40 }),
        summary({ page: 'home', metric: 'TTFB', views: 19, p75: null }),
      ]),
    ).toString();
    expect(markup).toContain('Toppfart: p75 per sidetype');
    expect(markup).toContain('god ≤ 2,5 s, dårlig &gt; 4 s');
    expect(markup).toContain('god ≤ 200 ms, dårlig &gt; 500 ms');
    expect(markup).toMatch(/data-rating="good"\s*>\s*<strong>1,5 s<\/strong>,\s*<span[^>]*>god</);
    expect(markup).toMatch(/<strong>350 ms<\/strong>,\s*<span[^>]*>bør forbedres</);
    expect(markup).toMatch(/<strong>0,3<\/strong>,\s*<span[^>]*>dårlig</);
    expect(markup).toContain('25 visninger');
    // Home's rows come first, in the contract's order, and a too-small sample shows no value.
    expect(markup.indexOf('Forsiden')).toBeLessThan(markup.indexOf('Produktside'));
    expect(markup).toContain('For få (19 visninger)');
    expect(markup).toContain('Villmark: ingen målinger ennå.');
  });

  it('never shows a value on fewer than 20 views, whatever the API answers', () => {
    const markup = vitalsSection(brands, report([summary({ views: 3, p75: 900 })])).toString();
    expect(markup).not.toContain('0,9 s');
    expect(markup).toContain('For få (3 visninger)');
  });

  it('says why there are no figures when the API does not give them', async () => {
    const other = await fetchVitals({
      apiUrl: 'http://api.invalid/api/v1',
      token: 't',
      fetch: () => Promise.resolve(Response.json({ data: [] })),
    });
    expect(other.ok).toBe(false);
    expect(vitalsSection(brands, other).toString()).toContain(
      'Målingene kan ikke vises: API-et har ingen målinger.',
    );
    const report: ApiVitalsReport = { since: '2026-03-03T12:00:00.000Z', summaries: [] };
    const answer = await fetchVitals({
      apiUrl: 'http://api.invalid/api/v1',
      token: 't',
      fetch: (url) => {
        expect(String(url)).toBe('http://api.invalid/api/v1/admin/vitals');
        return Promise.resolve(Response.json(report));
      },
    });
    expect(answer).toEqual({ ok: true, value: report });
  });
});
