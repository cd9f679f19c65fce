import type { APIRequestContext, Page } from '@playwright/test';
import { slugify } from '../../src/lib/domain/slug.ts';
import { fixedRedirects } from '../../src/lib/routes/redirects.ts';
import { AccountPage, newCustomer } from './fixtures/account.ts';
import { CartModal } from './fixtures/cart.ts';
import {
  CartData,
  CheckoutPage,
  collectable,
  deliverable,
  knownAddress,
  type Pick,
} from './fixtures/checkout.ts';
import { ListingPage } from './fixtures/listing-page.ts';
import { activePoll, brandHasPolls, options, PollPage } from './fixtures/poll.ts';
import { e2eApiPort, e2eDeployedApiDownPort, e2ePorts } from './fixtures/ports.ts';
import { ProductPage } from './fixtures/product-page.ts';
import { expect, test } from './fixtures/shop.ts';

// These run against each brand's release under Cloudflare's own runtime: `wrangler pages dev`
// serving the release with the Pages Function (functions/) that forwards the API's paths to
// the backend on its own port (scripts/e2e-server.ts). Each journey buys from its own range
// of article ids, apart from the other specs' ranges.

/** Every answer of the site that failed (4xx, 5xx, or no answer), as the journey met them. */
function watchFailures(page: Page, origin: string): string[] {
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(origin) && response.status() >= 400) {
      failures.push(
        `${String(response.status())} ${response.request().method()} ${response.url()}`,
      );
    }
  });
  page.on('requestfailed', (request) => {
    // A request the page left behind when it navigated on was not answered wrongly.
    const error = request.failure()?.errorText ?? '';
    if (request.url().startsWith(origin) && error !== 'net::ERR_ABORTED') {
      failures.push(`${error} ${request.url()}`);
    }
  });
  return failures;
}

/** The product page of a pick with its colour and size chosen. */
const pagePath = ({ article, variant }: Pick) =>
  `/product/${slugify(article.name)}?farge=${slugify(variant.color.name)}&storrelse=${encodeURIComponent(variant.size.name)}`;

/** Opens the pick's page, waits for live stock and puts the pick in the cart. */
async function addToCart(page: Page, pick: Pick): Promise<void> {
  const product = new ProductPage(page);
  await product.open(pagePath(pick));
  await expect(product.stockList.locator('li').first()).toBeVisible();
  await product.addButton.click();
  await expect(product.notice).toContainText('Lagt i handlekurven');
  await page.getByRole('button', { name: 'Lukk melding: Suksess' }).click();
}

/** Reserves what the cart holds in the first shop offered (Klikk & Hent). */
async function reserve(page: Page): Promise<void> {
  const checkout = new CheckoutPage(page);
  await checkout.goto('/checkout');
  await checkout.fill();
  await checkout.shipping(/Klikk & Hent/);
  await checkout.pickupShops().first().getByRole('radio').check();
  await checkout.submit.click();
  await expect(page.getByRole('heading', { name: 'Varene er reservert' })).toBeVisible();
  await expect(checkout.cartBadge).toBeHidden();
}

/** Whether every picture of `scope` that the browser has loaded drew (none broken). */
async function loadedPictures(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .evaluateAll((images) =>
      images.every(
        (img) => !(img as HTMLImageElement).complete || (img as HTMLImageElement).naturalWidth > 0,
      )
        ? images.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length
        : -1,
    );
}

test.describe('the shop as deployed on Cloudflare Pages', () => {
  test('search, live stock, cart and a Klikk & Hent reservation reach the API', async ({
    page,
    brand,
    baseURL,
  }) => {
    const failures = watchFailures(page, baseURL ?? '');
    // The Pages Function draws the search's first page into the HTML under workerd.
    const drawn = await (await page.request.get('/search/jakke')).text();
    expect(drawn).toContain('data-first-page=');
    expect(drawn.match(/<article /g)?.length).toBeGreaterThan(0);
    const listing = new ListingPage(page);
    await listing.gotoSearch('/search/jakke');
    expect(await listing.count()).toBeGreaterThan(0);

    const data = new CartData(page.request);
    const offsets: Record<string, number> = { toppfart: 700, villmark: 760, smatroll: 820 };
    const [pick] = await data.find(collectable, 1, offsets[brand.id] ?? 880, page);
    if (!pick) throw new Error('no article');
    await addToCart(page, pick);
    const cart = new CartModal(page);
    await cart.open();
    await expect(cart.lines).toHaveCount(1);
    await page.keyboard.press('Escape');
    await reserve(page);
    expect(failures).toEqual([]);
  });

  test('answers as the local host does: status, Location and the security headers', async ({
    request,
    brand,
    baseURL,
  }) => {
    const deployed = baseURL ?? '';
    const local = `http://127.0.0.1:${String(e2ePorts[brand.id])}`;
    for (const path of await parityTable(request, local)) {
      const [hosted, here] = await Promise.all([
        answerOf(request, deployed, path),
        answerOf(request, local, path),
      ]);
      expect(here, path).toEqual(hosted);
    }
  });

  test('never forwards a path that would leave the API’s prefixes, under the real runtime', async ({
    request,
    baseURL,
  }) => {
    const get = (path: string) => request.get(`${baseURL ?? ''}${path}`, { maxRedirects: 0 });
    // Refused by the function: what the API might read as another path.
    for (const path of ['/api/v1/a%2fb', '/images/..%5cx', '/api/v1/x%00y']) {
      const response = await get(path);
      expect(response.status(), path).toBe(400);
      expect(await response.json(), path).toEqual({ message: 'Ugyldig adresse.' });
    }
    // Resolved by the runtime before any routing: the static site answers, not the API.
    const escaped = await get('/api/%2e%2e/kundeservice');
    expect(escaped.status()).toBe(200);
    expect(await escaped.text()).toContain('<title>Kundeservice');
    for (const path of ['/api//evil.example/x', '/api/https://evil.example/x']) {
      const response = await get(path);
      expect(response.status(), path).toBe(404);
      expect(response.headers()['content-type'], path).toContain('text/html');
    }
  });

  test('the whole way: pictures, stock, payment, Klikk & Hent, account and a poll @default-brand', async ({
    page,
    brand,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const origin = baseURL ?? '';
    const failures = watchFailures(page, origin);
    const pictures: Array<{ status: number; type: string }> = [];
    page.on('response', (response) => {
      // The API's pictures, straight or through the image service (its stand-in here).
      const url = response.url();
      if (url.startsWith(`${origin}/images/`) || url.startsWith(`${origin}/cdn-cgi/image/`)) {
        pictures.push({
          status: response.status(),
          type: response.headers()['content-type'] ?? '',
        });
      }
    });

    // Search results, with their pictures.
    const listing = new ListingPage(page);
    await listing.gotoSearch('/search/jakke');
    expect(await listing.count()).toBeGreaterThan(0);
    await page.locator('[data-results] img').first().scrollIntoViewIfNeeded();
    await expect.poll(() => loadedPictures(page, '[data-results] img')).toBeGreaterThan(0);

    // A product page's live stock and picture, into the cart, the cart modal, and paid with
    // the first provider.
    const data = new CartData(page.request);
    const [paid] = await data.find(deliverable(), 1, 720, page);
    if (!paid) throw new Error('no article');
    await addToCart(page, paid);
    await expect.poll(() => loadedPictures(page, 'main img')).toBeGreaterThan(0);
    const cart = new CartModal(page);
    await cart.open();
    await expect(cart.lines).toHaveCount(1);
    await cart.dialog.getByRole('link', { name: 'Gå til kassen' }).click();
    const checkout = new CheckoutPage(page);
    await expect(checkout.form).toBeVisible();
    await checkout.fill({ address: await knownAddress(page.request, '0150'), postalCode: '0150' });
    await checkout.submit.click();
    await expect(page).toHaveURL(new RegExp(`^${origin}/providers/first/`));
    await page.getByRole('button', { name: 'Godkjenn betaling' }).click();
    await expect(page).toHaveURL(new RegExp(`^${origin}/checkout/kvittering\\?`));
    await expect(page.getByRole('heading', { name: 'Takk for bestillingen!' })).toBeVisible();
    const number = await page.locator('[data-result-number]').textContent();
    const order = new URL(page.url()).searchParams.get('order') ?? '';
    // Stored once: asked again, through the proxy and straight, the payment has one order.
    for (const api of [origin, `http://127.0.0.1:${String(e2eApiPort)}`]) {
      const status = (await (
        await page.request.get(`${api}/api/v1/checkout/first/orders/${order}`)
      ).json()) as { status: string; order: { id: number } | null };
      expect(status.status).toBe('paid');
      expect(String(status.order?.id)).toBe(number);
    }
    await page.reload();
    await expect(page.locator('[data-result-number]')).toHaveText(number ?? '');

    // A Klikk & Hent reservation.
    const [held] = await data.find(collectable, 1, 740, page);
    if (!held) throw new Error('no article');
    await addToCart(page, held);
    await reserve(page);

    // Register, log out and log in: the session cookies are the brand origin's own.
    const account = new AccountPage(page);
    const customer = newCustomer();
    await account.register(customer);
    await expect(page).toHaveURL(/\/min-side$/u);
    const cookies = await page.context().cookies(origin);
    expect(cookies.map((c) => c.name)).toEqual(
      expect.arrayContaining(['XSRF-TOKEN', 'storefront_session']),
    );
    for (const cookie of cookies) expect(cookie.domain).toBe('127.0.0.1');
    // My page's customer code through the proxy too; a logout while it loads would end the
    // session before the API answers it.
    await expect(page.locator('[data-customer-code] [role="img"]')).toBeVisible();
    await account.logOut();
    await account.goto('/logg-inn');
    await account.logIn(customer.email, customer.password);
    await expect(page).toHaveURL(/\/min-side$/u);
    await expect(page.locator('[data-customer-name]')).toHaveText('Kari');

    // A poll answer.
    if (await brandHasPolls(brand, page.request)) {
      const poll = new PollPage(page);
      await account.goto('/avstemning');
      await poll.ready(0);
      await poll
        .question(0)
        .getByRole('radio', { name: options(activePoll, 0).right })
        .check();
      await poll.button(0).click();
      await expect(poll.result(0)).toContainText('Riktig svar!');
    }

    expect(pictures.length).toBeGreaterThan(0);
    expect(pictures.filter((p) => p.status !== 200 || !p.type.startsWith('image/'))).toEqual([]);
    expect(failures).toEqual([]);
  });

  test('with its API down, pages still show and the islands say so in Norwegian @default-brand', async ({
    page,
  }) => {
    const down = `http://127.0.0.1:${String(e2eDeployedApiDownPort)}`;
    const answer = await page.request.get(`${down}/api/v1/genders`);
    expect(answer.status()).toBe(502);
    expect(await answer.json()).toEqual({
      message: 'Tjenesten svarer ikke akkurat nå. Prøv igjen om litt.',
    });

    const product = new ProductPage(page);
    const path = (await page.request
      .get(`${down}/search-categories.json`)
      .then((r) => r.json())) as Array<{ href: string }>;
    await product.goto(`${down}${path[0]?.href ?? '/'}`);
    await expect(product.main.getByRole('heading', { level: 1 })).toBeVisible();
    await product.goto(`${down}/search/jakke`);
    // The search's usual error, as for any failed load.
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Noe gikk galt');
    await expect(alert).toContainText('Vi fikk ikke hentet varene. Prøv igjen om litt.');
  });
});

/**
 * The URLs the two hosts must answer alike: docs/spec.md §2's redirects, the brand's pages in each
 * spelling, the URL-driven shells, `/product/{id}`, not-found pages, an asset, and the API's
 * prefixes.
 */
async function parityTable(request: APIRequestContext, local: string): Promise<string[]> {
  const home = await (await request.get(`${local}/`)).text();
  const asset = /href="(\/_astro\/[^"]+\.css)"/.exec(home)?.[1];
  const [listing] = (await (await request.get(`${local}/search-categories.json`)).json()) as Array<{
    href: string;
  }>;
  const product = /href="(\/product\/[a-z][^"?#]*)"/.exec(home)?.[1];
  const picture = /src="(\/images\/[^"]+\.jpg)"/.exec(home)?.[1];
  if (!asset || !listing || !product || !picture) {
    throw new Error('The home page lacks a link to test');
  }
  return [
    ...fixedRedirects.map((r) => r.from),
    '/privacy?utm_source=nyhetsbrev',
    '/privacy/',
    '/voksen',
    '/article/123',
    '/',
    '/index.html',
    '/kundeservice',
    '/kundeservice/',
    '/kundeservice.html',
    '/kundeservice/?side=2',
    listing.href,
    `${listing.href}/`,
    product,
    `${product}/`,
    // Ids: a brand's own articles have pre-rendered redirect pages, others the shell.
    '/product/1',
    '/product/2',
    '/product/3',
    '/product/987654321',
    '/product/finnes-ikke-lenger',
    '/product/404',
    '/search/jakke',
    '/search/vinter%20jakke',
    '/search/',
    '/utvalg/1+2+3',
    '/avstemning',
    '/avstemning/987654',
    '/checkout',
    '/checkout/kvittering?provider=first&order=x',
    '/finnes-ikke',
    '/finnes/ikke/heller',
    asset,
    '/robots.txt',
    '/sitemap-index.xml',
    '/bilde-mangler.svg',
    '/api/v1/genders',
    '/api/v1/finnes-ikke',
    '/sanctum/csrf-cookie',
    picture,
    '/osrm/table/v1/car/10.75,59.91;5.32,60.39?annotations=distance',
    '/address/streets?postcode=0150&q=Karl',
    '/social/getPosts?limit=1',
    '/providers/first/pay/finnes-ikke',
  ];
}

const comparedHeaders = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'x-frame-options',
  'access-control-allow-origin',
  'cache-control',
];

/** What a host answers for `path`: status, where it redirects, the compared headers. */
async function answerOf(request: APIRequestContext, origin: string, path: string) {
  const response = await request.get(`${origin}${path}`, { maxRedirects: 0 });
  const location = response.headers()['location'];
  const target = location === undefined ? null : new URL(location, `${origin}${path}`);
  return {
    status: response.status(),
    location: target === null ? null : target.href.slice(target.origin.length),
    headers: Object.fromEntries(
      comparedHeaders.map((name) => [name, response.headers()[name] ?? null]),
    ),
  };
}
