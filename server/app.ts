import type { DatabaseSync } from 'node:sqlite';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { PROXY_SECRET_VARIABLE } from '../contract/proxy.ts';
import { checkoutAdapters } from './checkout/adapters.ts';
import { resumeCutShortPayments } from './checkout/settle-payment.ts';
import {
  DEFAULT_MAIL_FROM,
  type MailTransport,
  smtpTransportFromEnv,
  startMailSender,
} from './accounts/outbox.ts';
import { limitBody, rejectMalformedJson } from './http/body.ts';
import type { AppEnv } from './http/env.ts';
import { ApiHttpError } from './http/errors.ts';
import { clientMiddleware, parseTrustedProxies } from './http/client-address.ts';
import {
  DEFAULT_LOGIN_LIMIT,
  type RateLimits,
  rateLimitMiddleware,
  rateLimitsFromEnv,
} from './http/rate-limit.ts';
import { previewClock } from './http/preview-clock.ts';
import { csrfMiddleware, ensureSession, sessionMiddleware } from './http/session.ts';
import { addressRoutes } from './providers/address.ts';
import { KLARNA_PATH, klarnaRoutes } from './providers/klarna.ts';
import {
  loopbackFetch,
  providerConfigFromEnv,
  type ProviderConfig,
  type ProviderFetch,
} from './providers/provider-config.ts';
import { VIPPS_PATH, vippsRoutes } from './providers/vipps.ts';
import { osrmRoutes } from './providers/osrm.ts';
import { socialRoutes } from './providers/social.ts';
import { articleRoutes } from './routes/articles.ts';
import { type CampaignChangeListener, campaignsAdminRoutes } from './routes/campaigns-admin.ts';
import { ordersAdminRoutes } from './routes/orders-admin.ts';
import { catalogueRoutes } from './routes/catalogue.ts';
import { checkoutRoutes } from './routes/checkout.ts';
import { promoCodeRoutes } from './routes/promo-codes.ts';
import { contentRoutes } from './routes/content.ts';
import { customerRoutes } from './routes/customers.ts';
import { imageRoutes } from './routes/images.ts';
import { PictureCache, pictureCacheDirFor } from './seed/picture-cache.ts';
import { outboxRoutes } from './routes/outbox.ts';
import { reservationRoutes } from './routes/reservations.ts';
import { shippingRoutes } from './routes/shipping.ts';
import { shopRoutes } from './routes/shops.ts';
import { vitalsRoutes } from './routes/vitals.ts';
import { withdrawalRoutes } from './routes/withdrawal.ts';

/** Options of {@link createApp}. */
export interface CreateAppOptions {
  db: DatabaseSync;
  /** The clock routes read through `c.get('now')`; default real time. */
  now?: () => Date;
  /** One quiet log line per request on stdout; default `LOG_REQUESTS=1`. */
  logRequests?: boolean;
  /** Checkout providers' URLs and credentials; default from the environment. */
  providers?: ProviderConfig;
  /**
   * How the checkout adapters and the simulators send provider calls (and the simulators'
   * push and webhook); default: calls to this backend on a loopback host are answered
   * in-process by the app itself, anything else goes over the network.
   */
  providerFetch?: ProviderFetch;
  /**
   * Request limits per client and the login limit; default from `RATE_LIMIT_SEARCH`,
   * `RATE_LIMIT_UNSAFE` and `RATE_LIMIT_LOGIN`.
   */
  rateLimits?: RateLimits;
  /**
   * Proxies whose `X-Forwarded-For`, `X-Forwarded-Proto` and `X-Forwarded-Host` are believed
   * (addresses or CIDR ranges); default `TRUSTED_PROXIES`, comma-separated, else none.
   */
  trustedProxies?: string[];
  /**
   * The secret the brands' static hosts sign forwarded requests with (`X-NF-Sign`, HS256;
   * contract/proxy.ts): a request whose signature verifies gets its client address, HTTPS and
   * public origin from the signed claims. Default `API_PROXY_SECRET`; null or empty for none,
   * when every signature is ignored.
   */
  proxySecret?: string | null;
  /**
   * Where queued e-mails are sent; default a nodemailer transport of `SMTP_URL` when that is
   * set, else none (mails only stay in the outbox). Sent from `MAIL_FROM`.
   */
  mailTransport?: MailTransport | null;
  /** Mounts the development outbox at `/dev/outbox`; default unless `NODE_ENV=production`. */
  outbox?: boolean;
  /**
   * The bearer token of marketing's campaign administration (`/api/v1/admin/campaigns`) and
   * of the delivery administration (`/api/v1/admin/orders`); default `CAMPAIGN_ADMIN_TOKEN`.
   * Without one every call there is refused with 401.
   */
  campaignAdminToken?: string | null;
  /**
   * Hears each successful campaign write with the brands whose pages show the campaign's
   * articles, before or after it (e.g. to start their rebuilds); fire and forget.
   */
  onCampaignChange?: CampaignChangeListener;
  /**
   * Where the generated photographs are kept once drawn; default `PICTURE_CACHE_DIR`, else
   * `pictures/` beside the database file, else `.data/pictures/` (server/seed/picture-cache.ts).
   */
  pictureCacheDir?: string;
}

// One line per request, without the incoming line and timing header of hono/logger.
const requestLogger = createMiddleware<AppEnv>(async (c, next) => {
  const start = performance.now();
  await next();
  const ms = (performance.now() - start).toFixed(1);
  console.log(`${c.req.method} ${c.req.path} ${String(c.res.status)} ${ms}ms`);
});

/**
 * The reference backend: `/api/v1` of docs/spec.md §7 (customer accounts included) with
 * marketing's campaign administration (bearer token), the generated pictures, the provider
 * simulators and, outside production, the development outbox of the e-mails it queues, with
 * Laravel-like session and XSRF cookies (419 on a missing token), request limits per client
 * (429), Laravel-style JSON errors, a 64 KB body limit and `Cache-Control` on every answer.
 * With a mail transport it also sends those e-mails. Tests call `app.request()`;
 * {@link ./main.ts} serves it on a port.
 */
export function createApp(options: CreateAppOptions): Hono<AppEnv> {
  return createBackend(options).app;
}

/** The reference backend and the work its server does between requests. */
export interface Backend {
  app: Hono<AppEnv>;
  /**
   * Takes up the provider payments a report left half-way ({@link resumeCutShortPayments}),
   * through the same adapters as the checkout routes; answers how many it ended.
   */
  resumePayments(): Promise<number>;
}

/** {@link createApp}'s app, with what a server runs beside it: see {@link Backend}. */
export function createBackend(options: CreateAppOptions): Backend {
  const { db } = options;
  const now = options.now ?? (() => new Date());

  const app = new Hono<AppEnv>();
  const providers = options.providers ?? providerConfigFromEnv();
  const send = options.providerFetch ?? loopbackFetch((url, init) => app.request(url, init));
  const trustedProxies = parseTrustedProxies(
    options.trustedProxies?.join(',') ?? process.env['TRUSTED_PROXIES'],
  );
  const proxySecret =
    options.proxySecret === undefined
      ? (process.env[PROXY_SECRET_VARIABLE] ?? null)
      : options.proxySecret;
  const rateLimits = options.rateLimits ?? rateLimitsFromEnv();
  const campaignAdminToken =
    options.campaignAdminToken === undefined
      ? (process.env['CAMPAIGN_ADMIN_TOKEN'] ?? null)
      : options.campaignAdminToken;
  const mailTransport =
    options.mailTransport === undefined ? smtpTransportFromEnv() : options.mailTransport;
  if (mailTransport !== null) {
    startMailSender(db, mailTransport, process.env['MAIL_FROM'] ?? DEFAULT_MAIL_FROM);
  }
  if (options.logRequests ?? process.env['LOG_REQUESTS'] === '1') app.use(requestLogger);
  app.use(async (c, next) => {
    c.set('db', db);
    c.set('now', now);
    await next();
  });
  app.use(clientMiddleware(trustedProxies, proxySecret));
  app.use(rateLimitMiddleware(rateLimits));
  // Before the session: a beacon reads, starts and sets no session (routes/vitals.ts).
  app.route('/api/v1', vitalsRoutes(campaignAdminToken));
  app.use(sessionMiddleware);
  app.use(csrfMiddleware);
  app.use(limitBody);
  app.use(rejectMalformedJson);
  app.use(previewClock(campaignAdminToken));

  // Laravel Sanctum's handshake: the session middleware issues both cookies.
  app.get('/sanctum/csrf-cookie', (c) => {
    ensureSession(c);
    return c.body(null, 204);
  });

  app.route('/api/v1', catalogueRoutes);
  app.route('/api/v1', articleRoutes);
  app.route('/api/v1', shopRoutes);
  app.route('/api/v1', shippingRoutes);
  app.route('/api/v1', promoCodeRoutes);
  app.route('/api/v1', reservationRoutes);
  const adapters = checkoutAdapters(providers, send);
  app.route('/api/v1', checkoutRoutes({ config: providers, adapters }));
  app.route('/api/v1', contentRoutes);
  app.route('/api/v1', withdrawalRoutes);
  app.route(
    '/api/v1',
    customerRoutes({
      loginLimit: rateLimits.login === undefined ? DEFAULT_LOGIN_LIMIT : rateLimits.login,
    }),
  );
  app.route(
    '/api/v1',
    campaignsAdminRoutes({
      token: campaignAdminToken,
      onCampaignChange: options.onCampaignChange,
    }),
  );
  app.route('/api/v1', ordersAdminRoutes(campaignAdminToken));
  app.route(
    '/images',
    imageRoutes(new PictureCache(options.pictureCacheDir ?? pictureCacheDirFor(db))),
  );
  app.route('/osrm', osrmRoutes);
  app.route('/address', addressRoutes);
  app.route('/social', socialRoutes);
  app.route(KLARNA_PATH, klarnaRoutes(providers, send));
  app.route(VIPPS_PATH, vippsRoutes(providers, send));
  if (options.outbox ?? process.env['NODE_ENV'] !== 'production') app.route('/dev', outboxRoutes);

  app.notFound((c) => c.json({ message: 'Not Found' }, 404));
  app.onError((error, c) => {
    if (error instanceof ApiHttpError) return c.json(error.body, error.status, error.headers);
    if (error instanceof HTTPException) {
      return c.json({ message: error.message === '' ? 'Error' : error.message }, error.status);
    }
    console.error(error);
    return c.json({ message: 'Server Error' }, 500);
  });
  return { app, resumePayments: () => resumeCutShortPayments(db, adapters, now) };
}
