import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { ApiKlarnaOrder, ApiPaymentStatus, ApiVippsOrder } from '../../contract/index.ts';
import { shopUrl } from '../accounts/mail.ts';
import { sessionCustomerId } from '../accounts/session-customer.ts';
import { adapterFor, type CheckoutAdapters } from '../checkout/adapters.ts';
import { findPayment, paymentStatus, releaseExpiredPayments } from '../checkout/payments.ts';
import { priceReservation } from '../checkout/pricing.ts';
import type { CheckoutAdapter } from '../checkout/provider-adapter.ts';
import {
  findReservation,
  releaseReservation,
  reserve,
  toApiReservation,
} from '../checkout/reserve.ts';
import { settlePayment } from '../checkout/settle-payment.ts';
import { cachedStatement } from '../db/statement-cache.ts';
import { readJsonObject } from '../http/body.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiHttpError, notFound, validationError } from '../http/errors.ts';
import { idempotent } from '../http/idempotency.ts';
import type { ProviderConfig } from '../providers/provider-config.ts';
import { verifyWebhook, type VippsWebhookEvent } from '../providers/vipps-wire.ts';

/** Answer when a provider cannot start a payment; the shop shows it as it is. */
export const PAYMENT_START_FAILED = 'Betalingen kunne ikke startes. Prøv igjen.';
/** Answer when a provider cannot be asked about a payment. */
export const PAYMENT_READ_FAILED = 'Betalingen kunne ikke sjekkes. Prøv igjen.';

/**
 * The shop page to return to, absolute: a root-relative path (resolved on `publicOrigin`),
 * or an http(s) URL on `publicOrigin`'s host: the shop's public origin, where the shopper is
 * (`c.get('publicOrigin')`). Anything else (another host, `//host`, backslashes, credentials,
 * other schemes) is null, so the providers can never be used to redirect a shopper elsewhere.
 */
export function safeReturnUrl(value: unknown, publicOrigin: string): string | null {
  if (typeof value !== 'string' || value.length > 2000 || /[\\\s]/u.test(value)) return null;
  const base = new URL(publicOrigin);
  try {
    if (value.startsWith('/')) {
      return value.startsWith('//') ? null : new URL(value, base.origin).toString();
    }
    const url = new URL(value);
    const ok = (url.protocol === 'http:' || url.protocol === 'https:') && url.host === base.host;
    return ok && url.username === '' && url.password === '' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Options of {@link checkoutRoutes}. */
export interface CheckoutRoutesOptions {
  config: ProviderConfig;
  /** How the routes reach the providers. */
  adapters: CheckoutAdapters;
}

/**
 * `POST checkout/{provider}/orders`, `GET checkout/{provider}/orders/{orderId}`, Klarna's push
 * and Vipps's webhook; under /api/v1.
 */
export function checkoutRoutes({ config, adapters }: CheckoutRoutesOptions): Hono<AppEnv> {
  const timeoutMs = config.paymentTimeoutMinutes * 60_000;
  const routes = new Hono<AppEnv>();

  const adapterOf = (c: Context<AppEnv>): CheckoutAdapter => {
    const adapter = adapterFor(adapters, c.req.param('provider'));
    if (adapter === null) throw notFound('Provider');
    return adapter;
  };

  /**
   * Asks the provider about a payment and records the answer ({@link settlePayment}): paid
   * payments are captured before their order is stored, one approved after the time-out
   * becomes its order or is given back. Answers the stored status.
   */
  async function settle(
    c: Context<AppEnv>,
    adapter: CheckoutAdapter,
    providerOrderId: string,
  ): Promise<ApiPaymentStatus> {
    const db = c.get('db');
    releaseExpiredPayments(db, c.get('now')(), timeoutMs);
    const row = findPayment(db, adapter.provider, providerOrderId);
    if (row === undefined) throw notFound('Order');
    try {
      await settlePayment(db, adapter, row.id, () => c.get('now')());
    } catch (error) {
      console.warn(`checkout: ${adapter.provider} ${providerOrderId}: ${String(error)}`);
      throw new ApiHttpError(502, { message: PAYMENT_READ_FAILED });
    }
    const after = findReservation(db, row.id);
    if (after === undefined) throw notFound('Order');
    return paymentStatus(db, after);
  }

  routes.post('/checkout/:provider/orders', (c) => {
    const adapter = adapterOf(c);
    return idempotent(c, `checkout ${adapter.provider}`, async () => {
      const body = await readJsonObject(c);
      const db = c.get('db');
      const now = c.get('now')();
      const publicOrigin = c.get('publicOrigin');
      const returnUrl = safeReturnUrl(body['returnUrl'], publicOrigin);
      const priced = priceReservation(db, body, now);
      if (returnUrl === null) {
        throw validationError({ returnUrl: ['Returadressen må være en side i denne butikken.'] });
      }
      releaseExpiredPayments(db, now, timeoutMs);
      const id = reserve(db, priced, now, sessionCustomerId(c), {
        provider: adapter.provider,
        providerOrderId: null,
      });
      // The order's e-mails link back to the brand site the shopper pays from and name the
      // brand's seller.
      const tenant = c.req.query('tenant');
      cachedStatement(
        db,
        `UPDATE reservations SET shop_url = ?,
           tenant_id = (SELECT id FROM tenants WHERE id = ?) WHERE id = ?`,
      ).run(shopUrl(tenant, publicOrigin), tenant ?? null, id);
      const row = findReservation(db, id);
      if (row === undefined) throw new Error(`Reservation ${String(id)} vanished.`);
      let started;
      try {
        started = await adapter.start({
          reservation: toApiReservation(db, row),
          reference: `storefront-${String(id)}-${randomBytes(4).toString('hex')}`,
          returnUrl,
          origin: publicOrigin,
        });
      } catch (error) {
        console.warn(`checkout: ${adapter.provider} start failed: ${String(error)}`);
        releaseReservation(db, id, 'failed');
        throw new ApiHttpError(502, { message: PAYMENT_START_FAILED });
      }
      cachedStatement(db, 'UPDATE reservations SET provider_order_id = ? WHERE id = ?').run(
        started.providerOrderId,
        id,
      );
      const order = { orderId: started.providerOrderId, redirectUrl: started.redirectUrl };
      return adapter.provider === 'second'
        ? c.json<ApiVippsOrder>({ shopId: priced.shopId, ...order }, 201)
        : c.json<ApiKlarnaOrder>(order, 201);
    });
  });

  routes.get('/checkout/:provider/orders/:orderId', async (c) =>
    c.json<ApiPaymentStatus>(await settle(c, adapterOf(c), c.req.param('orderId'))),
  );

  // Klarna pushes `POST {push}?checkout.order.id=…` without a body; the merchant reads
  // the order and acknowledges with any 2xx.
  routes.post('/checkout/first/push', async (c) => {
    const id = c.req.query('checkout.order.id');
    if (id === undefined || id === '') throw notFound('Order');
    await settle(c, adapters.first, id);
    return c.body(null, 204);
  });

  routes.post('/checkout/second/webhook', async (c) => {
    const body = await c.req.text();
    if (
      !verifyWebhook(config.vipps.webhookSecret, c.req.url, c.req.raw.headers, body, c.get('now')())
    ) {
      throw new ApiHttpError(401, { message: 'Invalid signature.' });
    }
    let event: Partial<VippsWebhookEvent>;
    try {
      event = JSON.parse(body) as Partial<VippsWebhookEvent>;
    } catch {
      throw new ApiHttpError(400, { message: 'Malformed JSON body.' });
    }
    if (typeof event.reference !== 'string') throw notFound('Order');
    await settle(c, adapters.second, event.reference);
    return c.body(null, 204);
  });

  return routes;
}
