import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/database.ts';
import { seedDatabase } from '../../server/seed/seed.ts';
import { decodeEntities } from '../../src/test-support/html-entities.ts';
import { searchPage, searchToDraw, type SearchPageHost } from './search-page.ts';

const ORIGIN = 'https://www.toppfart.no';

const db = openDatabase(':memory:');
seedDatabase(db, { articles: 40 });
const app = createApp({ db });

const shellHtml = (cdn: string, tenant = ' data-tenant="toppfart"') =>
  `<!DOCTYPE html><html lang="nb"${tenant} data-picture-base="/images/" data-image-cdn="${cdn}"><head><title>Søk</title></head>` +
  `<body><h1 class="mb-4" data-search-heading>Søk</h1><div class="grid" data-search-results></div></body></html>`;

interface FakeHost extends SearchPageHost {
  apiRequests: Request[];
}

/** A host with `shell` as its search page and the reference API behind it. */
function host(shell = shellHtml('cloudflare'), api = (r: Request) => app.fetch(r)): FakeHost {
  const apiRequests: Request[] = [];
  return {
    apiRequests,
    file: async (path) =>
      path === '/search'
        ? new Response(shell, {
            headers: { 'Content-Type': 'text/html; charset=utf-8', 'X-Frame-Options': 'DENY' },
          })
        : Response.json({}),
    api: async (request) => {
      apiRequests.push(request.clone());
      return api(request);
    },
  };
}

const get = (path: string, init?: RequestInit) => new Request(`${ORIGIN}${path}`, init);

/** A word that finds something in toppfart's assortment, asked of the API itself. */
async function wordWithHits(): Promise<string> {
  const names = db.prepare('SELECT name FROM articles ORDER BY id').all() as Array<{
    name: string;
  }>;
  for (const { name } of names) {
    const word = name.split(' ').find((w) => w.length > 3) ?? name;
    const found = (await searchPage(get(`/search/${encodeURIComponent(word)}`), host()))!;
    if ((await found.clone().text()).includes('data-first-page')) return word;
  }
  throw new Error('No seeded word finds anything');
}

const word = await wordWithHits();

describe('which requests the host draws', () => {
  it('draws a plain /search/{query} only', () => {
    expect(searchToDraw(get('/search/jakke'))).toBe('jakke');
    expect(searchToDraw(get('/search/r%C3%B8d%20jakke'))).toBe('rød jakke');
    expect(searchToDraw(get('/search/jakke?side=2'))).toBeNull();
    expect(searchToDraw(get('/search/jakke?q=x'))).toBeNull();
    expect(searchToDraw(get('/search'))).toBeNull();
    expect(searchToDraw(get('/search/'))).toBeNull();
    expect(searchToDraw(get('/search/%20'))).toBeNull();
    expect(searchToDraw(get('/klaer/jakke'))).toBeNull();
    expect(searchToDraw(get('/search/jakke', { method: 'POST', body: '' }))).toBeNull();
  });
});

describe('a search drawn by the host', () => {
  it('is the shell with the search named and page one in it, and its state for the island', async () => {
    const served = host();
    const page = (await searchPage(get(`/search/${encodeURIComponent(word)}`), served))!;
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('X-Frame-Options')).toBe('DENY');
    expect(page.headers.get('Cache-Control')).toBe('private, no-cache');
    expect(html).toContain(`<title>Søk: ${word}</title>`);
    expect(html).toContain(`data-search-heading>Søk: «${word}»</h1>`);
    const cards = html.match(/<article /g) ?? [];
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThanOrEqual(20);
    const state = JSON.parse(decodeEntities(/data-first-page="([^"]*)"/.exec(html)![1]!)) as {
      text: string;
      total: number;
      facets: { colors: unknown[]; brands: unknown[]; shops: unknown[] };
    };
    expect(state.text).toBe(word);
    expect(state.total).toBeGreaterThanOrEqual(cards.length);
    expect(html).toContain(`data-result-count>`);
    expect(state.facets.brands.length).toBeGreaterThan(0);
    // As the browser asks: the brand's assortment, after an anti-forgery cookie.
    const [cookie, search] = served.apiRequests;
    expect(new URL(cookie!.url).pathname).toBe('/sanctum/csrf-cookie');
    expect(search!.method).toBe('POST');
    expect(search!.url).toBe(`${ORIGIN}/api/v1/articles/search?tenant=toppfart`);
    expect(search!.headers.get('X-XSRF-TOKEN')).toBeTruthy();
    expect(await search!.json()).toEqual({ query: word, take: 20, page: 0 });
  });

  it("draws each brand's pictures with that brand's image service, also at the same time", async () => {
    const path = `/search/${encodeURIComponent(word)}`;
    const [cloudflare, netlify, none] = await Promise.all(
      ['cloudflare', 'netlify', 'none'].map(async (cdn) =>
        (await searchPage(get(path), host(shellHtml(cdn))))!.text(),
      ),
    );
    expect(cloudflare).toContain('/cdn-cgi/image/width=');
    expect(cloudflare).not.toContain('/.netlify/images');
    expect(netlify).toContain('/.netlify/images?url=');
    expect(netlify).not.toContain('/cdn-cgi/image/');
    expect(none).not.toMatch(/cdn-cgi|\.netlify/);
    expect(none).toContain('src="/images/');
  });

  it('writes the search as text, never as markup', async () => {
    const text = `${word} "<b>& $&`;
    const served = host(shellHtml('none'), async (request) => {
      if (!request.url.includes('articles/search')) return app.fetch(request);
      const asked = (await request.json()) as { query: string };
      // The reference API finds the word; the markup is only in what the page shows.
      return app.fetch(
        new Request(request.url, {
          method: 'POST',
          headers: request.headers,
          body: JSON.stringify({ ...asked, query: word }),
        }),
      );
    });
    const html = await (await searchPage(
      get(`/search/${encodeURIComponent(text)}`),
      served,
    ))!.text();
    expect(html).toContain(`<title>Søk: ${word} &quot;&lt;b&gt;&amp; $&amp;</title>`);
    expect(html).toContain(`Søk: «${word} &quot;&lt;b&gt;&amp; $&amp;»</h1>`);
    expect(html).not.toContain('<b>');
  });

  it('asks with the shopper’s own session and token when they have them, making none', async () => {
    const answer = await app.request('/sanctum/csrf-cookie');
    const cookies = answer.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const token = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookies)![1]!);
    const served = host();
    const page = await searchPage(
      get(`/search/${encodeURIComponent(word)}`, { headers: { Cookie: cookies } }),
      served,
    );
    expect(await page!.text()).toContain('data-first-page');
    expect(served.apiRequests.map((r) => new URL(r.url).pathname)).toEqual([
      '/api/v1/articles/search',
    ]);
    expect(served.apiRequests[0]!.headers.get('X-XSRF-TOKEN')).toBe(token);
    expect(served.apiRequests[0]!.headers.get('Cookie')).toBe(cookies);
  });

  it('forwards the shopper’s address, by which the API limits a client', async () => {
    const served = host();
    await searchPage(
      get(`/search/${encodeURIComponent(word)}`, {
        headers: { 'CF-Connecting-IP': '203.0.113.9' },
      }),
      served,
    );
    expect(served.apiRequests.map((r) => r.headers.get('CF-Connecting-IP'))).toEqual([
      '203.0.113.9',
      '203.0.113.9',
    ]);
  });
});

describe('what the host sends as the plain shell', () => {
  const plainShell = async (page: Response | null) => {
    expect(page?.status).toBe(200);
    const html = await page!.text();
    expect(html).toContain('<title>Søk</title>');
    expect(html).toContain('data-search-results></div>');
  };

  it('a search that finds nothing (the island shows bestsellers)', async () => {
    await plainShell(await searchPage(get('/search/qqqzzzxxx'), host()));
  });

  it('an API that fails, answers what the shop cannot read, or is slower than the budget', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await plainShell(
      await searchPage(
        get(`/search/${word}`),
        host(undefined, async () => new Response('', { status: 503 })),
      ),
    );
    await plainShell(
      await searchPage(
        get(`/search/${word}`),
        host(undefined, async (r) =>
          r.url.includes('articles/search') ? Response.json({ hits: 'x' }) : app.fetch(r),
        ),
      ),
    );
    const never = host(undefined, () => new Promise<Response>(() => {}));
    await plainShell(await searchPage(get(`/search/${word}`), never, 50));
    expect(log).toHaveBeenCalledTimes(3);
    log.mockRestore();
  });

  it('a shell without the marks it fills, and a failed shell as it came', async () => {
    const changed = shellHtml('none').replace('data-search-results></div>', 'data-x></div>');
    const page = await searchPage(get(`/search/${word}`), host(changed));
    expect(await page!.text()).toBe(changed);
    const missing: SearchPageHost = {
      file: async () => new Response('Not Found', { status: 404 }),
      api: async (r) => app.fetch(r),
    };
    expect((await searchPage(get(`/search/${word}`), missing))!.status).toBe(404);
  });

  it('nothing for any other request', async () => {
    expect(await searchPage(get('/klaer'), host())).toBeNull();
    expect(await searchPage(get(`/search/${word}?side=2`), host())).toBeNull();
  });
});
