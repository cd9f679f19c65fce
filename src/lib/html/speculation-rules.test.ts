import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHash, NEVER_SPECULATED, speculationRules } from './speculation-rules.ts';

const ORIGIN = 'https://www.toppfart.no';

interface Condition {
  and?: Condition[];
  not?: Condition;
  href_matches?: string | string[];
  selector_matches?: string;
}

interface Rule {
  where: Condition;
  eagerness: string;
}

/** Whether a link to `href` meets `condition`, read as the browser reads it on ORIGIN. */
function matches(condition: Condition, href: string): boolean {
  if (condition.and) return condition.and.every((c) => matches(c, href));
  if (condition.not) return !matches(condition.not, href);
  if (condition.href_matches !== undefined) {
    const patterns = [condition.href_matches].flat();
    return patterns.some((p) => new URLPattern(p, ORIGIN).test(new URL(href, ORIGIN)));
  }
  // The selector's only exclusion by the link's address is a query.
  return condition.selector_matches?.includes('href*="?"') === true && href.includes('?');
}

function speculated(routeName: string, href: string): { prefetch: boolean; prerender: boolean } {
  const rules = JSON.parse(speculationRules(routeName)) as Record<string, Rule[] | undefined>;
  const any = (kind: string) => (rules[kind] ?? []).some((rule) => matches(rule.where, href));
  return { prefetch: any('prefetch'), prerender: any('prerender') };
}

describe('speculationRules', () => {
  it('prerenders product links on listing, search and bundle pages, on hover or press', () => {
    for (const route of ['category', 'gender', 'search', 'bundle']) {
      expect(speculated(route, '/product/fjellsko-123')).toEqual({
        prefetch: true,
        prerender: true,
      });
    }
    const rules = JSON.parse(speculationRules('category')) as Record<string, Rule[]>;
    expect(
      Object.values(rules)
        .flat()
        .map((rule) => rule.eagerness),
    ).toEqual(['immediate', 'moderate', 'moderate']);
  });

  it("prerenders a grid's first row on a phone at once, and only product links there", () => {
    const rules = JSON.parse(speculationRules('search')) as Record<string, Rule[]>;
    const [firstRow] = rules['prerender'] ?? [];
    expect(firstRow?.eagerness).toBe('immediate');
    const conditions = firstRow?.where.and ?? [];
    expect(conditions).toContainEqual({ selector_matches: 'li:nth-child(-n+2) > article a' });
    expect(conditions).toContainEqual({ href_matches: '/product/*' });
    // The rest of its conditions are the ones every rule keeps (no query, no excluded page).
    expect(conditions).toEqual(expect.arrayContaining(rules['prefetch']?.[0]?.where.and ?? []));
    expect(JSON.parse(speculationRules('home'))).not.toHaveProperty('prerender');
  });

  it("writes only the spec's eagerness values, on every route", () => {
    for (const route of ['home', 'category', 'gender', 'search', 'bundle', 'product']) {
      const rules = JSON.parse(speculationRules(route)) as Record<string, Rule[]>;
      for (const rule of Object.values(rules).flat()) {
        expect(['immediate', 'eager', 'moderate', 'conservative']).toContain(rule.eagerness);
      }
    }
  });

  it('only prefetches elsewhere, and other same-site pages everywhere', () => {
    expect(speculated('home', '/product/fjellsko-123')).toEqual({
      prefetch: true,
      prerender: false,
    });
    expect(speculated('category', '/klaer/jakker')).toEqual({ prefetch: true, prerender: false });
    expect(speculated('product', '/om-oss')).toEqual({ prefetch: true, prerender: false });
    expect(speculated('home', 'https://www.example.com/')).toEqual({
      prefetch: false,
      prerender: false,
    });
  });

  it('never speculates the checkout, account, withdrawal, publishing, preview or API pages', () => {
    const hrefs = NEVER_SPECULATED.flatMap((path) => [path, `${path}/`, `${path}/x`]);
    hrefs.push('/checkout/kvittering', '/min-side/historikk', '/api/v1/cart', '/angre-kjop');
    for (const href of hrefs) {
      expect(speculated('category', href), href).toEqual({ prefetch: false, prerender: false });
    }
    expect(NEVER_SPECULATED).toEqual(
      expect.arrayContaining(['/checkout', '/min-side', '/logg-inn', '/angre', '/angreskjema']),
    );
  });

  it('never speculates a link with a query, which a page may act on', () => {
    for (const href of ['/bekreft-epost?token=abc', '/klaer?side=2', '/product/sko-1?v=2']) {
      expect(speculated('search', href), href).toEqual({ prefetch: false, prerender: false });
    }
  });
});

describe('inlineScriptHash', () => {
  it("is the CSP source of the script's exact text", () => {
    const json = speculationRules('search');
    const digest = createHash('sha256').update(json).digest('base64');
    expect(inlineScriptHash(json)).toBe(`sha256-${digest}`);
  });
});
