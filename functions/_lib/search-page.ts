/**
 * `/search/{query}` drawn by the host: the static search shell with the search's first page
 * in its HTML, so a shopper (and a crawler) gets results without waiting for the page's
 * scripts and their request, as a category listing does. The host calls the API as the
 * browser would (the shell's brand, an anti-forgery cookie, `POST articles/search`) and
 * draws with the code the browser draws with (lib/html/search-first-page-html.ts). Whatever
 * it cannot draw (another page, sort or filters, no hits, an API that fails or is slow, a
 * shell it does not know) it sends as the plain shell, whose script then does the work.
 * Web APIs only: the Pages Function (functions/[[path]].ts) and the local host
 * (builder/host.ts) run this one function.
 */
import { searchAnswer, toSearchResult } from '../../src/lib/api/catalogue.ts';
import { createApiClient, pageTenant } from '../../src/lib/api/client.ts';
import { parseProductPaths, PRODUCT_PATHS_URL } from '../../src/lib/domain/product-paths.ts';
import { LISTING_PAGE_SIZE } from '../../src/lib/domain/listing-query.ts';
import { SEARCH_PATH, searchQueryOf } from '../../src/lib/domain/search-query.ts';
import type { ProductPathExceptions } from '../../src/lib/domain/slug.ts';
import { escapeHtml, unescapeHtml } from '../../src/lib/format/html.ts';
import {
  drawResults,
  firstPageHtml,
  searchHeading,
  searchTitle,
} from '../../src/lib/html/search-first-page-html.ts';
import { drawWithPictureSettings, pagePictureSettings } from '../../src/lib/picture-settings.ts';

/**
 * How long the host waits for the API before it sends the plain shell: past this the
 * shopper is better served by a page that shows its heading and loads the results itself.
 */
export const SEARCH_DRAW_BUDGET_MS = 1500;

/** What the host gives the drawing: its static files and its way to the API. */
export interface SearchPageHost {
  /** A static file of the brand's release (the shell, the product paths), as served. */
  file(path: string): Promise<Response>;
  /** Sends a request for an API path (`/api/*`, `/sanctum/*`) to the API, as the proxy does. */
  api(request: Request): Promise<Response>;
}

/** The marks in the shell that the drawing fills; the shell is sent as it is without them. */
const SHELL_MARKS = {
  title: '<title>Søk</title>',
  heading: 'data-search-heading>Søk</h1>',
  results: 'data-search-results></div>',
} as const;

/** The `data-*` attributes of the page's `<html>` tag, as a `dataset` would name them. */
export function htmlDataset(html: string): Record<string, string> {
  const start = html.indexOf('<html');
  const end = start === -1 ? -1 : html.indexOf('>', start);
  const dataset: Record<string, string> = {};
  if (end === -1) return dataset;
  const attribute = /\sdata-([a-z0-9-]+)="([^"]*)"/gu;
  for (const [, name = '', value = ''] of html.slice(start, end).matchAll(attribute)) {
    const key = name.replace(/-([a-z0-9])/gu, (_, c: string) => c.toUpperCase());
    dataset[key] = unescapeHtml(value);
  }
  return dataset;
}

/** The search a request asks the host to draw, or null when the shell's script must. */
export function searchToDraw(request: Request): string | null {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.search !== '' || !url.pathname.startsWith(`${SEARCH_PATH}/`)) return null;
  return searchQueryOf(url.pathname, '');
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The answer to `request` when it is a plain `/search/{query}`: the shell with page one drawn
 * in, or the shell as it is when that cannot be done; null for any other request.
 */
export async function searchPage(
  request: Request,
  host: SearchPageHost,
  budgetMs = SEARCH_DRAW_BUDGET_MS,
): Promise<Response | null> {
  const text = searchToDraw(request);
  if (text === null) return null;
  const shell = await host.file(SEARCH_PATH);
  const shellHtml = shell.ok ? await shell.text() : null;
  const plain = () =>
    shellHtml === null ? shell : new Response(shellHtml, { status: 200, headers: shell.headers });
  if (shellHtml === null || Object.values(SHELL_MARKS).some((m) => !shellHtml.includes(m))) {
    return plain();
  }
  const page = { documentElement: { dataset: htmlDataset(shellHtml) } };
  const tenant = pageTenant(page);
  const origin = new URL(request.url).origin;
  const cookies = request.headers.get('Cookie');
  const ip = request.headers.get('CF-Connecting-IP');
  const client = createApiClient({
    baseURL: `${origin}/api/v1`,
    cookieJar: true,
    // The shopper's session and token, when they have them: no new session per page.
    ...(cookies === null ? {} : { cookies }),
    ...(tenant === undefined ? {} : { tenant }),
    // The shopper's address goes with it, as through the proxy: the API limits by it.
    fetch: (input, init) => {
      // No browser keeps cookies here (the jar does), and workerd refuses the field.
      const own = { ...init };
      delete own.credentials;
      const forwarded = new Request(input, own);
      if (ip !== null) forwarded.headers.set('CF-Connecting-IP', ip);
      return host.api(forwarded);
    },
  });
  const productPaths = async (): Promise<ProductPathExceptions> => {
    const file = await host.file(PRODUCT_PATHS_URL);
    return file.ok ? parseProductPaths(await file.json()) : new Map();
  };
  let drawn;
  try {
    const [answer, paths] = await withTimeout(
      Promise.all([
        searchAnswer({ query: text, take: LISTING_PAGE_SIZE, page: 0 }, client),
        productPaths(),
      ]),
      budgetMs,
    );
    // Mapped and drawn in one synchronous step, under the shell's picture settings.
    drawn = drawWithPictureSettings(pagePictureSettings(page), () =>
      drawResults(toSearchResult(answer), paths),
    );
  } catch (error) {
    console.error('The search is drawn by its page, not the host:', error);
    return plain();
  }
  // No hits: the island shows what a search without hits shows (bestsellers).
  if (drawn.total === 0) return plain();
  const state = escapeHtml(JSON.stringify({ text, total: drawn.total, facets: drawn.facets }));
  // Replaced by functions, so that a `$&` in the search is text like any other.
  const html = shellHtml
    .replace(SHELL_MARKS.title, () => `<title>${escapeHtml(searchTitle(text))}</title>`)
    .replace(
      SHELL_MARKS.heading,
      () => `data-search-heading>${escapeHtml(searchHeading(text))}</h1>`,
    )
    .replace(
      SHELL_MARKS.results,
      () => `data-search-results data-first-page="${state}">${firstPageHtml(drawn)}</div>`,
    );
  const headers = new Headers(shell.headers);
  headers.delete('Content-Length');
  headers.delete('ETag');
  headers.delete('Last-Modified');
  // Drawn for this moment's stock and prices, so no cache keeps it; `no-cache` rather than
  // `no-store`, which would keep the page out of the browser's back/forward cache.
  headers.set('Cache-Control', 'private, no-cache');
  return new Response(html, { status: 200, headers });
}
