/**
 * `npm run bench:navigate`: how soon a shopper on a phone sees the product they tapped on a
 * listing. In Chromium with a phone's viewport on Lighthouse's slow 4G (150 ms round trip,
 * 1.6 Mbps down, 750 kbps up), each run opens a listing in a fresh context (cold cache),
 * moves the pointer onto a first-row product card, waits a human's hover (200 ms) and
 * clicks; the figure is the time from the click to the product picture's paint: the product
 * page's largest contentful paint less its `activationStart` (as web-vitals counts a
 * prerendered page's LCP). The same without speculation (the listing's
 * `<script type="speculationrules">` taken out), in alternating runs, so both meet the same
 * spells of a shared machine's speed. Prints p50/p75 per brand and case, with how many
 * navigations were prerenders and the listing's own largest paint in each case (what drawing
 * its first row ahead may cost it); asserts nothing. `--brand` (repeatable; default the default
 * brand and villmark), `--runs` per case (default 20).
 *
 * The slow network is a proxy in front of the site (slowLink), not CDP's network emulation:
 * the emulation holds back the page it is set on, not the prerendered page the browser
 * fetches beside it (measured: a prerender then painted 60 ms after the click, as if
 * fetched on the loopback). Puppeteer, not Playwright, drives the browser: Chromium
 * refuses to prerender for a DevTools client attached to a page rather than to its tab
 * (PrerenderingDisabledByDevTools), which is how Playwright attaches.
 */
import { createServer, connect, type Socket } from 'node:net';
import { parseArgs } from 'node:util';
import puppeteer, { type Browser, type HTTPRequest } from 'puppeteer-core';
import { defaultBrandId } from '../src/brands/index.ts';
import { CONSENT_COOKIE, encodeConsent, NECESSARY_ONLY } from '../src/lib/domain/consent.ts';
import { chromiumArgs, serveBrands } from './lib/bench-site.ts';

const { values } = parseArgs({
  options: {
    brand: { type: 'string', multiple: true, default: [defaultBrandId, 'villmark'] },
    runs: { type: 'string', default: '20' },
  },
});
const runs = Math.max(1, Number.parseInt(values.runs, 10) || 1);

/** Lighthouse's slow 4G: round trip in ms, throughput in bytes per second. */
const SLOW_4G = { latency: 150, download: (1.6 * 1024 * 1024) / 8, upload: (750 * 1024) / 8 };
/** Lighthouse's mobile viewport (a Moto G Power). */
const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true };
/** How long a shopper's pointer rests on a card before the click. */
const HOVER_MS = 200;
/** How long to wait for the product picture's paint before taking the largest paint so far. */
const PICTURE_WAIT_MS = 10_000;
/** The first row of a listing on a phone: two cards. */
const FIRST_ROW = 2;

/** One navigation's outcome. */
interface Navigation {
  /** Click to the product page's largest paint, in ms. */
  ms: number;
  prerendered: boolean;
  /** The largest paint's element: the product picture is an IMG. */
  element: string;
  /**
   * The listing's own largest paint from its navigation, in ms: what prerendering its first
   * row beside it may cost the page the shopper is on.
   */
  listingMs: number;
}

/**
 * One direction of the phone's link, shared by every connection: each chunk waits for the
 * bytes before it, takes its size over `rate` bytes per second to pass and arrives half a
 * round trip later; `arrive` is what the far side then does with it (an end comes after
 * the bytes sent before it).
 */
function direction(rate: number): (bytes: number, arrive: () => void) => void {
  let free = 0;
  return (bytes, arrive) => {
    const start = Math.max(performance.now(), free);
    free = start + (bytes / rate) * 1000;
    setTimeout(arrive, free + SLOW_4G.latency / 2 - performance.now());
  };
}

/**
 * A TCP proxy to `origin` with Lighthouse's slow 4G between the browser and it; its origin.
 * The browser's every request, a prerender's too, goes through it.
 */
async function slowLink(origin: string): Promise<{ origin: string; close: () => void }> {
  const { hostname, port } = new URL(origin);
  const down = direction(SLOW_4G.download);
  const up = direction(SLOW_4G.upload);
  const server = createServer((browserSide) => {
    const siteSide = connect(Number(port), hostname);
    const pass = (from: Socket, to: Socket, link: typeof down) => {
      from.on('data', (chunk: Buffer) => {
        link(chunk.length, () => {
          if (!to.destroyed) to.write(chunk);
        });
      });
      from.on('end', () => link(0, () => to.end()));
      from.on('error', () => to.destroy());
    };
    pass(siteSide, browserSide, down);
    pass(browserSide, siteSide, up);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('No proxy port');
  return { origin: `http://127.0.0.1:${String(address.port)}`, close: () => server.close() };
}

/** The listing's HTML as served, and the same without its Speculation Rules. */
async function listingBodies(url: string): Promise<{ on: string; off: string }> {
  const on = await (await fetch(url)).text();
  const off = on.replace(/<script type="speculationrules">[^<]*<\/script>/u, '');
  if (off === on) throw new Error(`${url} holds no Speculation Rules`);
  return { on, off };
}

/** One run: listing, pointer on card `card` for HOVER_MS, click; the product page's figure. */
async function navigate(
  browser: Browser,
  origin: string,
  listing: string,
  body: string,
  card: number,
): Promise<Navigation> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport(PHONE);
    // An earlier cookie choice, so the cookie modal is not what the pointer meets.
    await page.setCookie({
      name: CONSENT_COOKIE,
      value: encodeConsent(NECESSARY_ONLY, new Date()),
      url: origin,
    });
    // The listing's document comes from here in both cases, with or without its rules; the
    // interception ends before the pointer moves, so the product page's requests meet none.
    await page.setRequestInterception(true);
    const serveListing = (request: HTTPRequest) => {
      if (request.url() === listing) {
        void request.respond({ status: 200, contentType: 'text/html; charset=utf-8', body });
      } else {
        void request.continue();
      }
    };
    page.on('request', serveListing);
    await page.goto(listing, { waitUntil: 'load' });
    page.off('request', serveListing);
    await page.setRequestInterception(false);
    const listingMs = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            resolve(list.getEntries().at(-1)?.startTime ?? 0);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );

    const link = (await page.$$('[data-results] article h3 a, main article h3 a'))[card];
    if (!link) throw new Error(`No product card ${String(card)} on ${listing}`);
    await link.scrollIntoView();
    await link.hover();
    await new Promise((resolve) => setTimeout(resolve, HOVER_MS));
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), link.click()]);
    return await page
      .evaluate(
        (waitMs) =>
          new Promise<Omit<Navigation, 'listingMs'>>((resolve) => {
            const nav = performance.getEntriesByType('navigation')[0] as
              (PerformanceNavigationTiming & { activationStart: number }) | undefined;
            const activation = nav?.activationStart ?? 0;
            let last: (PerformanceEntry & { element: Element | null }) | undefined;
            const done = () =>
              resolve({
                ms: Math.max(0, (last?.startTime ?? 0) - activation),
                prerendered: activation > 0,
                element: last?.element?.tagName ?? '?',
              });
            // The picture's paint: the page's text may be its largest paint until then.
            new PerformanceObserver((list) => {
              last = list.getEntries().at(-1) as typeof last;
              if (last?.element?.tagName === 'IMG') done();
            }).observe({ type: 'largest-contentful-paint', buffered: true });
            setTimeout(done, waitMs);
          }),
        PICTURE_WAIT_MS,
      )
      .then((navigation) => ({ ...navigation, listingMs }));
  } finally {
    await context.close();
  }
}

/** The `p`th percentile (nearest rank) of `values`, in whole ms. */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN);
}

const sites = await serveBrands(values.brand);
const browser = await puppeteer.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: chromiumArgs.filter((arg) => !arg.startsWith('--headless')),
});
try {
  for (const site of sites) {
    const path = site.pageTypes.find((p) => p.type === 'listing')?.path;
    if (!path) throw new Error(`The ${site.brand} build has no listing page`);
    const link = await slowLink(site.origin);
    const listing = new URL(path, link.origin).href;
    const bodies = await listingBodies(new URL(path, site.origin).href);
    const results = { on: [] as Navigation[], off: [] as Navigation[] };
    for (let run = 0; run < runs; run++) {
      for (const speculation of run % 2 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
        const body = bodies[speculation];
        results[speculation].push(
          await navigate(browser, link.origin, listing, body, run % FIRST_ROW),
        );
      }
    }
    console.log(`\n${site.brand}: ${path}, ${String(runs)} navigations per case`);
    for (const speculation of ['on', 'off'] as const) {
      const list = results[speculation];
      const ms = list.map((n) => n.ms);
      const prerenders = list.filter((n) => n.prerendered).length;
      const elements = [...new Set(list.map((n) => n.element))].join('/');
      const listingMs = list.map((n) => n.listingMs);
      console.log(
        `  speculation ${speculation.padEnd(3)}  click to product picture p50 ${String(percentile(ms, 50)).padStart(5)} ms  p75 ${String(percentile(ms, 75)).padStart(5)} ms  (prerendered ${String(prerenders)}/${String(list.length)}, LCP element ${elements}); the listing's own LCP p75 ${String(percentile(listingMs, 75)).padStart(5)} ms`,
      );
    }
    link.close();
  }
} finally {
  await browser.close();
  for (const site of sites) site.close();
}
