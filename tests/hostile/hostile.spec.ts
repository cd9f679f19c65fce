/**
 * The default brand built against the hostile fixture (scripts/hostile-e2e.ts): from the
 * home page every same-origin link is followed. No link leaves for another site through `//`
 * or runs a script through its scheme, no page redirects more than once or in a loop, every
 * listing of every fixture category is reached and answers 200, and no script or event
 * handler from the fixture's text ever runs in the browser.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { presetConsent } from '../e2e/fixtures/consent.ts';
import { hostilePort } from './port.ts';
import { articles, categories, SPOILED_GROUP } from './server.ts';
import { decodeEntities } from '../../src/test-support/html-entities.ts';

const MAX_PAGES = 300;
const MENU_CATEGORIES = [1, 2, 3, 4];
const GENDER_SEGMENTS = new Set(['herre', 'dame', 'junior', 'barn', 'uni', 'barn-junior']);
const ASSET = /\.(svg|png|ico|css|js|mjs|json|xml|txt|webmanifest|woff2?)$/u;
const NOT_PAGES = ['/api/', '/images/', '/_astro/', '/brands/', '/sanctum/'];

/** The `href` of every `<a>` and `<area>` of a page, decoded. */
function anchorHrefs(html: string): string[] {
  return [...html.matchAll(/<(?:a|area)\b[^>]*?\shref=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/giu)].map(
    (m) => decodeEntities(m[1] ?? m[2] ?? m[3] ?? ''),
  );
}

/**
 * The addresses of a `srcset`, read as the HTML standard does: an address runs to the next
 * whitespace (so it may hold commas, as the image services' `width=400,quality=75,format=auto` do), a
 * comma ending it ends the candidate, else its descriptors run to the next comma.
 */
function srcsetAddresses(srcset: string): string[] {
  const addresses: string[] = [];
  let rest = srcset;
  for (;;) {
    rest = rest.replace(/^[\s,]+/u, '');
    if (rest === '') return addresses;
    const address = /^\S+/u.exec(rest)?.[0] ?? '';
    rest = rest.slice(address.length);
    addresses.push(address.replace(/,+$/u, ''));
    if (!address.endsWith(',')) rest = rest.replace(/^[^,]*/u, '');
  }
}

/** The `src` of every `<img>` and each address of every `srcset`, decoded. */
function imageSources(html: string): string[] {
  const src = [...html.matchAll(/<img\b[^>]*?\ssrc=(?:"([^"]*)"|'([^']*)')/giu)].map((m) =>
    decodeEntities(m[1] ?? m[2] ?? ''),
  );
  const sets = [...html.matchAll(/\ssrcset=(?:"([^"]*)"|'([^']*)')/giu)].flatMap((m) =>
    srcsetAddresses(decodeEntities(m[1] ?? m[2] ?? '')),
  );
  return [...src, ...sets];
}

/** Why a link may not be on a page, or null when it is fine. */
function badHref(href: string): string | null {
  // What a browser's URL parser strips: leading/trailing C0 and space, tabs and newlines inside.
  // eslint-disable-next-line no-control-regex
  const clean = href.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/gu, '').replace(/[\t\n\r]/gu, '');
  if (clean.startsWith('//') || clean.startsWith('/\\') || clean.startsWith('\\')) {
    return 'leads to another site';
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/iu.exec(clean)?.[1]?.toLowerCase();
  if (scheme && !['http', 'https', 'mailto', 'tel'].includes(scheme)) return `scheme ${scheme}:`;
  return null;
}

interface Crawl {
  /** Same-origin pages reached, with their final status. */
  pages: Map<string, { status: number; html: string }>;
  problems: string[];
}

/** Follows redirects by hand: at most one hop, never a loop; answers the final response. */
async function get(request: APIRequestContext, path: string, problems: string[]) {
  const seen = [path];
  let response = await request.get(path, { maxRedirects: 0 });
  while (response.status() >= 300 && response.status() < 400) {
    const location = response.headers()['location'] ?? '';
    const next = new URL(location, `http://host${seen.at(-1)}`);
    const target = `${next.pathname}${next.search}`;
    if (seen.includes(target)) {
      problems.push(`redirect loop: ${[...seen, target].join(' -> ')}`);
      return null;
    }
    seen.push(target);
    if (seen.length > 2) {
      problems.push(`redirect chain longer than 1: ${seen.join(' -> ')}`);
      if (seen.length > 5) return null;
    }
    if (location.startsWith('//') || (/^[a-z]+:/iu.test(location) && next.host !== 'host')) {
      problems.push(`redirect off site: ${path} -> ${location}`);
      return null;
    }
    response = await request.get(target, { maxRedirects: 0 });
  }
  return response;
}

async function crawl(request: APIRequestContext): Promise<Crawl> {
  const pages: Crawl['pages'] = new Map();
  const problems: string[] = [];
  const queue = ['/'];
  const queued = new Set(queue);
  while (queue.length > 0 && pages.size < MAX_PAGES) {
    const path = queue.shift() as string;
    const response = await get(request, path, problems);
    if (!response) continue;
    const html = (response.headers()['content-type'] ?? '').includes('text/html')
      ? await response.text()
      : '';
    pages.set(path, { status: response.status(), html });
    if (response.status() !== 200) problems.push(`${path} answered ${response.status()}`);
    for (const source of imageSources(html)) {
      // The brand names no image host (its `images.hosts` are empty): a source must be a
      // same-site path, an image service's address of one included.
      if (!source.startsWith('/') || source.startsWith('//') || source.startsWith('/\\')) {
        problems.push(`${path} loads an image from ${JSON.stringify(source)}`);
      }
    }
    for (const href of anchorHrefs(html)) {
      const why = badHref(href);
      if (why) {
        problems.push(`${path} links to ${JSON.stringify(href)}: ${why}`);
        continue;
      }
      if (/^[a-z][a-z0-9+.-]*:/iu.test(href) || href.startsWith('#')) continue;
      const url = new URL(href, `http://host${path}`);
      const target = url.pathname;
      if (ASSET.test(target) || NOT_PAGES.some((p) => target.startsWith(p))) continue;
      if (!queued.has(target)) {
        queued.add(target);
        queue.push(target);
      }
    }
  }
  return { pages, problems };
}

let crawled: Promise<Crawl> | undefined;

test('the build against the fixture reported the items it skipped', () => {
  const log = readFileSync(fileURLToPath(new URL('../../dist-hostile/build.log', import.meta.url)));
  const text = log.toString();
  expect(text).toContain('Missing data article');
  expect(text).toContain('Missing data home slot');
  // The build's closing summary names every kind the fixture spoils.
  const summary = /Skipped as 'Missing data': (.*)/u.exec(text)?.[1] ?? '';
  for (const kind of ['article', 'category', 'subcategory', 'group', 'home slot', 'shop']) {
    expect(summary).toMatch(new RegExp(`(^|, )${kind} \\d+`, 'u'));
  }
  // Every picture from elsewhere counts, on every article that names one (list and detail).
  const refused = Number(/(?:^|, )picture (\d+)/u.exec(summary)?.[1] ?? 0);
  expect(refused).toBeGreaterThanOrEqual(6);
  expect(text).toMatch(/Slug clash \(category\)/u);
  expect(text).toMatch(/Listing \/\S+\/skjerf: all articles of its first page were skipped/u);
});

test('pictures from elsewhere show the placeholder, a missing one falls back, a huge one comes scaled', async ({
  page,
  request,
}) => {
  crawled ??= crawl(request);
  const { pages } = await crawled;
  const pageWith = (source: string) =>
    [...pages].find(([path, p]) => path.startsWith('/product/') && p.html.includes(source))?.[0];
  // The crawl found no picture from another site (see imageSources); these pages show the
  // placeholder where their article named one.
  expect(pageWith('/bilde-mangler.svg')).toBeDefined();
  const main = page.locator('main img').first();
  const drawn = () =>
    main.evaluate(
      (img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc,
    );

  await page.goto(pageWith('/images/finnes-ikke.jpg') ?? '/finnes-ikke');
  await expect.poll(drawn).toMatch(/\/bilde-mangler\.svg$/u);

  const sizes: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('enorm.jpg')) {
      void response.body().then((body) => sizes.push(body.byteLength));
    }
  });
  await page.goto(pageWith('/images/enorm.jpg') ?? '/finnes-ikke');
  await expect
    .poll(drawn)
    .toMatch(/\/cdn-cgi\/image\/width=\d+,quality=75,format=auto\/images\/enorm\.jpg$/u);
  expect(Math.max(...sizes)).toBeLessThan(400_000);
});

test('a listing whose first page holds only malformed articles says so', async ({ request }) => {
  crawled ??= crawl(request);
  const { pages } = await crawled;
  const unreadable = [...pages].filter(([, page]) => page.html.includes('data-listing-unreadable'));
  expect(new Set(unreadable.map(([path]) => path.split('/').at(-1)))).toEqual(new Set(['skjerf']));
  expect(unreadable[0]?.[1].html).toContain('Varene på denne siden kan ikke vises akkurat nå.');
});

test('every link stays on the site or is a safe address; no redirect loops or chains', async ({
  request,
}) => {
  crawled ??= crawl(request);
  const { pages, problems } = await crawled;
  expect(problems).toEqual([]);
  expect(pages.size).toBeLessThan(MAX_PAGES);
  expect(pages.size).toBeGreaterThan(50);
});

test('every listing of every fixture category is reached and answers 200', async ({ request }) => {
  crawled ??= crawl(request);
  const { pages } = await crawled;
  const withArticles = new Set([...articles.map((a) => a.articleGroup3ID), SPOILED_GROUP]);
  const shown = categories.filter((c) => MENU_CATEGORIES.includes(c.id));
  const subs = shown
    .flatMap((c) => c.subcategories)
    .filter((s) => typeof s.ArticleGroup2ID === 'number');
  const groups = subs.flatMap((s) => s.groups).filter((g) => withArticles.has(g.id));
  const expected = shown.length + subs.length + groups.length;
  const listings = [...pages].filter(
    ([path, page]) =>
      page.status === 200 &&
      page.html.includes('data-listing="true"') &&
      !GENDER_SEGMENTS.has(path.split('/')[1] ?? ''),
  );
  expect(listings.map(([path]) => path).sort()).toHaveLength(expected);
});

/** Reached product pages, and the articles of the menu's categories with clashing names. */
async function productReach(request: APIRequestContext) {
  crawled ??= crawl(request);
  const { pages } = await crawled;
  const reached = new Set([...pages.keys()].filter((p) => p.startsWith('/product/')));
  const inMenu = articles.filter((a) => MENU_CATEGORIES.includes(a.mainGroupId));
  const folded = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/gu, '');
  const clashing = inMenu.filter(
    (a) =>
      folded(a.name) !== '' && inMenu.some((b) => b !== a && folded(b.name) === folded(a.name)),
  );
  return { reached, inMenu, clashing };
}

test('every article with a name of its own has a reachable product page', async ({ request }) => {
  const { reached, inMenu, clashing } = await productReach(request);
  for (const path of reached) expect((await request.get(path)).status(), path).toBe(200);
  expect(reached.size).toBeGreaterThanOrEqual(inMenu.length - clashing.length + 1);
});

test('articles whose names clash each have their own reachable product page', async ({
  request,
}) => {
  const { reached, inMenu } = await productReach(request);
  expect(reached.size).toBeGreaterThanOrEqual(inMenu.length);
});

test('an id whose name a lower id holds reaches its own page, in the browser too', async ({
  page,
  request,
}) => {
  const paths = (await (await request.get('/product-paths.json')).json()) as Record<string, string>;
  expect(paths['2']).toBe('jakke--2');
  expect(paths['1']).toBeUndefined();
  await page.goto('/product/2');
  await expect(page).toHaveURL(/\/product\/jakke--2$/u);
  await expect(page.locator('h1')).toHaveText('jakke');
});

/** Tabs a sweep visits its pages in at once: each page's wait for a quiet network overlaps. */
const TABS = 3;

/**
 * Requests that can bring the fixture's text or code into a page. The sweep asserts that
 * nothing the fixture sent ran, and no event marks that as done, so it follows these requests
 * with listeners and waits until none has been in flight for {@link QUIET_MS}. Pictures, fonts
 * and the tab's icon cannot run a script and are left out: the fixture's huge picture takes
 * its first resize tens of seconds on a busy machine, and a wait for every request (the load
 * state of an idle network) once never ended in a tab (a clean-clone run, with no unfinished
 * request in its trace).
 */
const CARRIERS = new Set(['document', 'script', 'stylesheet', 'fetch', 'xhr', 'eventsource']);

/**
 * Quiet for this long after the last carrier ends: what a carrier brings runs, and asks for
 * what it needs next (an island's code, its data), within a few tasks of its arrival; 500 ms
 * is the quiet Playwright's own idle-network state waits for.
 */
const QUIET_MS = 500;

/** A tab's carriers in flight, and when one last started or ended. */
interface Carriers {
  inFlight: Map<Request, string>;
  lastChange: number;
}

/** Follows a tab's carriers from its request events. */
function followCarriers(tab: Page): Carriers {
  const carriers: Carriers = { inFlight: new Map(), lastChange: Date.now() };
  tab.on('request', (request) => {
    if (!CARRIERS.has(request.resourceType())) return;
    carriers.inFlight.set(request, request.url());
    carriers.lastChange = Date.now();
  });
  const end = (request: Request) => {
    if (carriers.inFlight.delete(request)) carriers.lastChange = Date.now();
  };
  tab.on('requestfinished', end);
  tab.on('requestfailed', end);
  return carriers;
}

/** Waits until no carrier has been in flight for `QUIET_MS`; fails naming what still runs. */
async function carriersQuiet(carriers: Carriers, path: string) {
  await expect
    .poll(
      () =>
        carriers.inFlight.size > 0 || Date.now() - carriers.lastChange < QUIET_MS
          ? [...carriers.inFlight.values(), `quiet for under ${String(QUIET_MS)} ms`]
          : [],
      { message: `requests in flight on ${path}`, timeout: 30_000, intervals: [100] },
    )
    .toEqual([]);
}

/**
 * `window.__xss` of the page a tab ends on. Some pages send the shopper on by script once
 * their data is in (my page to log in, a product's id to its page), which may come after the
 * network has been quiet for a moment; the page they land on is waited for and read.
 */
async function xssOf(tab: Page, carriers: Carriers, path: string): Promise<unknown> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await tab.evaluate(() => (window as { __xss?: unknown }).__xss);
    } catch (error) {
      if (attempt === 3 || !String(error).includes('Execution context was destroyed')) throw error;
      await tab.waitForLoadState('load');
      await carriersQuiet(carriers, path);
    }
  }
}

async function visit(page: Page, paths: string[]) {
  // A cookie choice made, so no modal keeps the pointer from what hydrates on interaction.
  await presetConsent(page.context(), `http://127.0.0.1:${String(hostilePort)}`);
  const fired: string[] = [];
  const tabs = [page];
  while (tabs.length < TABS) tabs.push(await page.context().newPage());
  await Promise.all(
    tabs.map(async (tab, t) => {
      tab.on('dialog', (dialog) => {
        fired.push(`${tab.url()}: ${dialog.type()} ${dialog.message()}`);
        void dialog.dismiss();
      });
      const carriers = followCarriers(tab);
      for (const path of paths.filter((_, i) => i % TABS === t)) {
        await tab.goto(path, { waitUntil: 'load' });
        // Hydrate what waits for a first interaction.
        await tab.mouse.move(10, 10);
        await carriersQuiet(carriers, path);
        expect(await xssOf(tab, carriers, path), `window.__xss on ${path}`).toBeUndefined();
      }
    }),
  );
  expect(fired).toEqual([]);
}

for (const part of [0, 1]) {
  test(`no script from the fixture runs in the browser (pages, part ${part + 1} of 2)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    crawled ??= crawl(request);
    const { pages } = await crawled;
    const paths = [...pages.keys()].filter((_, i) => i % 2 === part);
    await visit(page, paths);
  });
}

test('no script from the fixture runs where islands render API text', async ({ page, request }) => {
  crawled ??= crawl(request);
  const { pages } = await crawled;
  const listings = [...pages]
    .filter(([, p]) => p.html.includes('data-listing="true"'))
    .map(([path]) => path)
    .slice(0, 6);
  await visit(page, [
    // A query the static HTML cannot show hydrates the listing island at once.
    ...listings.map((path) => `${path}?side=2`),
    ...listings.slice(0, 3).map((path) => `${path}?sort=price`),
    `/utvalg/${articles.map((a) => a.id).join(',')}`,
    '/search/jakke',
  ]);
});

test('the blog built from hostile posts runs no script and links only to pages it has', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const log = readFileSync(fileURLToPath(new URL('../../dist-hostile/build.log', import.meta.url)));
  // The post without a title and the category without a name are skipped, never built.
  expect(log.toString()).toMatch(/Skipped as 'Missing data': .*blog post \d+/u);
  expect(log.toString()).toMatch(/Skipped as 'Missing data': .*blog category \d+/u);

  // Every page reached from the post list, and every same-site link on those pages.
  const problems: string[] = [];
  const blogPages = new Map<string, string>();
  const queue = ['/blogg'];
  const seen = new Set(queue);
  while (queue.length > 0) {
    const path = queue.shift() as string;
    const response = await get(request, path, problems);
    if (!response) continue;
    if (response.status() !== 200) problems.push(`${path} answered ${response.status()}`);
    if (response.status() !== 200 || !path.startsWith('/blogg')) continue;
    const html = await response.text();
    blogPages.set(path, html);
    for (const source of imageSources(html)) {
      if (!source.startsWith('/') || source.startsWith('//')) {
        problems.push(`${path} loads an image from ${JSON.stringify(source)}`);
      }
    }
    for (const href of anchorHrefs(html)) {
      const why = badHref(href);
      if (why) problems.push(`${path} links to ${JSON.stringify(href)}: ${why}`);
      if (why || /^[a-z][a-z0-9+.-]*:/iu.test(href) || href.startsWith('#')) continue;
      const target = new URL(href, `http://host${path}`).pathname;
      if (NOT_PAGES.some((p) => target.startsWith(p)) || seen.has(target)) continue;
      seen.add(target);
      queue.push(target);
    }
  }
  expect(problems).toEqual([]);

  // The seven posts with a title, whose slugs clash or are empty, reserved or unsafe, each
  // have a page of their own; the unknown paths in their bodies are text, not links.
  const posts = [...blogPages.keys()].filter((p) => /^\/blogg\/[^/]+$/u.test(p)).sort();
  expect(posts).toHaveLength(7);
  for (const slug of ['jakke', 'jakke--2', '12345--5', 'side--4', 'etc-passwd', 'evil-example']) {
    expect(posts).toContain(`/blogg/${slug}`);
  }
  expect(posts.some((p) => p.startsWith('/blogg/script-'))).toBe(true);
  for (const path of posts) {
    expect(blogPages.get(path)).toContain('<div class="prose-shop blog-body"');
    expect(blogPages.get(path)).not.toMatch(/href="\/(finnes-ikke|blogg\/borte)"/u);
  }

  // The category without posts says so.
  expect(blogPages.get('/blogg/kategori/evil-example')).toContain(
    'Det er ingen innlegg i denne kategorien ennå.',
  );

  // The feed is well-formed XML and links to those posts.
  await page.goto('/blogg');
  const feed = await (await request.get('/blogg/rss.xml')).text();
  const links = await page.evaluate((xml) => {
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    if (doc.querySelector('parsererror')) return null;
    return [...doc.querySelectorAll('item > link')].map((l) => new URL(l.textContent).pathname);
  }, feed);
  expect(links?.sort()).toEqual(posts);

  // As the browser parses them: no script of the API's, no body markup that runs or embeds.
  const found: string[] = [];
  for (const path of blogPages.keys()) {
    await page.goto(path);
    const parsed = await page.evaluate(() => ({
      scripts: [...document.scripts]
        .filter((s) => s.type !== 'application/ld+json' && /__xss|alert\(/u.test(s.text))
        .map((s) => s.outerHTML),
      body: [...document.querySelectorAll('.blog-body, .blog-body *')]
        .filter(
          (el) =>
            /^(script|style|iframe|svg|math|form|button|object|embed)$/iu.test(el.localName) ||
            el.getAttributeNames().some((name) => name.startsWith('on') || name === 'style'),
        )
        .map((el) => el.outerHTML),
    }));
    for (const html of [...parsed.scripts, ...parsed.body]) found.push(`${path}: ${html}`);
  }
  expect(found).toEqual([]);
  await visit(page, [...blogPages.keys()]);
});
