import { fixedRedirects } from '../../src/lib/routes/redirects.ts';
import { hasOwnRoute, routedPageIds } from '../../src/lib/content/pages.ts';
import { expect, test } from './fixtures/shop.ts';

// docs/spec.md §2's route table, answered as the host answers it (scripts/lib/host.ts reads
// the build's _redirects and _headers exactly as Netlify or Cloudflare Pages would).

test('static routes answer 200 with a Norwegian page', async ({ request }) => {
  for (const path of ['/', '/checkout', '/search/vinterjakke', '/utvalg/1+2+3', '/preview/jul']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(await res.text(), path).toContain('<html lang="nb"');
  }
});

test('content pages exist exactly for the brands that have them', async ({ request, brand }) => {
  for (const id of routedPageIds) {
    const res = await request.get(`/${id}`, { maxRedirects: 0 });
    expect(res.status(), id).toBe(hasOwnRoute(id, brand) ? 200 : 404);
  }
});

test('fixed redirects are 301s to their targets', async ({ request }) => {
  for (const { from, to } of [
    ...fixedRedirects,
    { from: '/voksen', to: '/uni' },
    { from: '/article/42', to: '/product/42' },
  ]) {
    const res = await request.get(from, { maxRedirects: 0 });
    expect(res.status(), from).toBe(301);
    expect(res.headers()['location'], from).toBe(to);
  }
});

test('gender routes answer for the genders the brand sells', async ({ request, brand }) => {
  const slugs: Record<number, string> = {
    1: 'herre',
    2: 'dame',
    4: 'barn',
    10: 'uni',
    11: 'junior',
  };
  for (const [id, slug] of Object.entries(slugs)) {
    const res = await request.get(`/${slug}`);
    expect(res.status(), slug).toBe(brand.menu.genders.includes(Number(id)) ? 200 : 404);
  }
  const both = brand.menu.genders.includes(4) && brand.menu.genders.includes(11);
  expect((await request.get('/barn-junior')).status()).toBe(both ? 200 : 404);
});

test('the category catch-all and the alpine aliases answer', async ({ request, brand }) => {
  if (brand.menu.categories.includes(4)) {
    for (const path of ['/alpint', '/goggles', '/hjelmer', '/staver', '/alpint/goggles']) {
      expect((await request.get(path)).status(), path).toBe(200);
    }
  }
  expect((await request.get('/klaer')).status()).toBe(200);
  expect((await request.get('/klaer/jakker')).status()).toBe(200);
});

test('an unknown page answers 404 with the Norwegian not-found page', async ({ request }) => {
  const res = await request.get('/finnes-ikke-her');
  expect(res.status()).toBe(404);
  expect(await res.text()).toContain('Fant ikke siden');
});

test('security headers are sent with every page', async ({ request }) => {
  const headers = (await request.get('/')).headers();
  expect(headers['strict-transport-security']).toContain('preload');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBeTruthy();
  expect(headers['permissions-policy']).toBeTruthy();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
});

test('robots.txt and the sitemap name the brand domain', async ({ request, brand }) => {
  expect(await (await request.get('/robots.txt')).text()).toContain(
    `${brand.siteUrl}/sitemap-index.xml`,
  );
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).toContain(`${brand.siteUrl}/kundeservice`);
  expect(sitemap).not.toContain('/checkout');
});
