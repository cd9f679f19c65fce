import { randomBytes, randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { renderPayPage, withResult } from './pay-page.ts';
import type { ProviderConfig, ProviderFetch } from './provider-config.ts';
import {
  signWebhook,
  type VippsAccessToken,
  type VippsAggregate,
  type VippsCreatePaymentRequest,
  type VippsModificationRequest,
  type VippsModificationResponse,
  type VippsPayment,
  type VippsProblem,
  type VippsState,
  type VippsWebhookEvent,
} from './vipps-wire.ts';

/** Path under which {@link vippsRoutes} are mounted. */
export const VIPPS_PATH = '/providers/second';

const TOKEN_LIFETIME_S = 3600;

type ProblemStatus = 400 | 401 | 404 | 409;

function problem(c: Context, status: ProblemStatus, detail: string, field?: string): Response {
  const titles: Record<ProblemStatus, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    404: 'Not Found',
    409: 'Conflict',
  };
  return c.json<VippsProblem>(
    {
      type: `https://developer.vippsmobilepay.com/docs/APIs/epayment-api/problems#${titles[status].toLowerCase().replace(' ', '-')}`,
      title: titles[status],
      status,
      detail,
      instance: c.req.path,
      traceId: randomUUID(),
      ...(field === undefined ? {} : { extraDetails: [{ name: field, reason: detail }] }),
    },
    status,
  );
}

const nok = (value: number) => ({ currency: 'NOK' as const, value });
const isInt = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value);

/** The first field of a create-payment body that Vipps would refuse, or null. */
function createPaymentError(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'body';
  const b = body as Record<string, unknown>;
  const amount = b['amount'] as Record<string, unknown> | undefined;
  if (typeof amount !== 'object' || amount === null || amount['currency'] !== 'NOK') {
    return 'amount.currency';
  }
  if (!isInt(amount['value']) || amount['value'] < 100) return 'amount.value';
  const method = b['paymentMethod'] as Record<string, unknown> | undefined;
  if (typeof method !== 'object' || method === null || method['type'] !== 'WALLET') {
    return 'paymentMethod.type';
  }
  const customer = b['customer'] as Record<string, unknown> | undefined;
  if (
    customer !== undefined &&
    (typeof customer !== 'object' ||
      customer === null ||
      typeof customer['phoneNumber'] !== 'string' ||
      !/^\d{10,15}$/u.test(customer['phoneNumber']))
  ) {
    return 'customer.phoneNumber';
  }
  if (typeof b['reference'] !== 'string' || !/^[a-zA-Z0-9-]{8,64}$/u.test(b['reference'])) {
    return 'reference';
  }
  try {
    if (!['http:', 'https:'].includes(new URL(String(b['returnUrl'])).protocol)) return 'returnUrl';
  } catch {
    return 'returnUrl';
  }
  if (b['userFlow'] !== 'WEB_REDIRECT') return 'userFlow';
  const description = b['paymentDescription'];
  if (description !== undefined && (typeof description !== 'string' || description.length > 100)) {
    return 'paymentDescription';
  }
  return null;
}

/** The amount of a capture or refund body (`modificationAmount`, NOK øre > 0), or null. */
function modificationAmount(body: unknown): number | null {
  const amount = (body as Partial<VippsModificationRequest> | undefined)?.modificationAmount;
  return amount?.currency === 'NOK' && isInt(amount.value) && amount.value >= 1
    ? amount.value
    : null;
}

const badAmount = (c: Context) =>
  problem(c, 400, 'Invalid value of modificationAmount', 'modificationAmount');

interface StoredPayment {
  request: VippsCreatePaymentRequest;
  state: VippsState;
  pspReference: string;
  authorized: number;
  captured: number;
  cancelled: number;
  refunded: number;
}

/**
 * A simulator of the second provider, shaped like the Vipps MobilePay ePayment API: access
 * tokens from `accesstoken/get`, `epayment/v1/payments` (create with a required
 * Idempotency-Key, read, capture) behind Bearer token, subscription key and merchant serial
 * number, a Norwegian payment page at `pay/{reference}`, and HMAC-signed webhooks on every
 * state change on that page. The merchant's modifications (`capture`, `cancel`, `refund`, each
 * with a required Idempotency-Key) are recorded in the payment's `aggregate`, as Vipps does;
 * they send no webhook here. Payments live in memory, per app.
 */
export function vippsRoutes(config: ProviderConfig, send: ProviderFetch): Hono<AppEnv> {
  const settings = config.vipps;
  const tokens = new Map<string, number>();
  const payments = new Map<string, StoredPayment>();
  // Answers per Idempotency-Key and operation, replayed for a retry, as Vipps does.
  const answers = new Map<string, { status: 200 | 201; body: unknown }>();
  const routes = new Hono<AppEnv>();

  const toPayment = (reference: string, p: StoredPayment): VippsPayment => ({
    aggregate: aggregate(p),
    amount: p.request.amount,
    state: p.state,
    paymentMethod: { type: 'WALLET' },
    pspReference: p.pspReference,
    redirectUrl: `${VIPPS_PATH}/pay/${reference}`,
    reference,
  });
  const modification = (p: StoredPayment): VippsModificationResponse => ({
    amount: p.request.amount,
    state: p.state,
    aggregate: aggregate(p),
    pspReference: p.pspReference,
    reference: p.request.reference,
  });
  const aggregate = (p: StoredPayment): VippsAggregate => ({
    authorizedAmount: nok(p.authorized),
    cancelledAmount: nok(p.cancelled),
    capturedAmount: nok(p.captured),
    refundedAmount: nok(p.refunded),
  });

  routes.post('/accesstoken/get', (c) => {
    const ok =
      c.req.header('client_id') === settings.clientId &&
      c.req.header('client_secret') === settings.clientSecret &&
      c.req.header('Ocp-Apim-Subscription-Key') === settings.subscriptionKey;
    if (!ok) return problem(c, 401, 'Invalid client credentials or subscription key');
    const now = Math.floor(c.get('now')().getTime() / 1000);
    const token = randomBytes(32).toString('base64url');
    tokens.set(token, now + TOKEN_LIFETIME_S);
    return c.json<VippsAccessToken>({
      token_type: 'Bearer',
      expires_in: String(TOKEN_LIFETIME_S),
      ext_expires_in: String(TOKEN_LIFETIME_S),
      expires_on: String(now + TOKEN_LIFETIME_S),
      not_before: String(now),
      resource: '00000002-0000-0000-c000-000000000000',
      access_token: token,
    });
  });

  routes.use('/epayment/*', async (c, next) => {
    const token = /^Bearer (.+)$/u.exec(c.req.header('Authorization') ?? '')?.[1];
    const expires = token === undefined ? undefined : tokens.get(token);
    if (expires === undefined || expires * 1000 <= c.get('now')().getTime()) {
      return problem(c, 401, 'Invalid or expired access token');
    }
    if (c.req.header('Ocp-Apim-Subscription-Key') !== settings.subscriptionKey) {
      return problem(c, 401, 'Invalid subscription key');
    }
    if (c.req.header('Merchant-Serial-Number') !== settings.merchantSerialNumber) {
      return problem(c, 400, 'Invalid Merchant-Serial-Number', 'Merchant-Serial-Number');
    }
    return next();
  });

  /** Runs `fn` once per Idempotency-Key of `operation`; a retry gets the first answer. */
  async function once(
    c: Context<AppEnv>,
    operation: string,
    fn: () => Promise<Response> | Response,
  ): Promise<Response> {
    const key = c.req.header('Idempotency-Key');
    if (key === undefined || key === '' || key.length > 50) {
      return problem(c, 400, 'The Idempotency-Key header is required', 'Idempotency-Key');
    }
    const stored = answers.get(`${operation} ${key}`);
    if (stored !== undefined) return c.json(stored.body, stored.status);
    const res = await fn();
    if (res.status === 200 || res.status === 201) {
      answers.set(`${operation} ${key}`, { status: res.status, body: await res.clone().json() });
    }
    return res;
  }

  async function readBody(c: Context<AppEnv>): Promise<unknown> {
    try {
      return JSON.parse(await c.req.text()) as unknown;
    } catch {
      return undefined;
    }
  }

  routes.post('/epayment/v1/payments', (c) =>
    once(c, 'create', async () => {
      const body = await readBody(c);
      const bad = createPaymentError(body);
      if (bad !== null) return problem(c, 400, `Invalid value of ${bad}`, bad);
      const request = body as VippsCreatePaymentRequest;
      if (payments.has(request.reference)) {
        return problem(c, 409, 'A payment with this reference already exists', 'reference');
      }
      payments.set(request.reference, {
        request,
        state: 'CREATED',
        pspReference: randomUUID(),
        authorized: 0,
        captured: 0,
        cancelled: 0,
        refunded: 0,
      });
      return c.json(
        {
          redirectUrl: `${VIPPS_PATH}/pay/${request.reference}`,
          reference: request.reference,
        },
        201,
      );
    }),
  );

  routes.get('/epayment/v1/payments/:reference', (c) => {
    const reference = c.req.param('reference');
    const p = payments.get(reference);
    if (p === undefined) return problem(c, 404, 'Payment not found');
    return c.json<VippsPayment>(toPayment(reference, p));
  });

  /**
   * `POST epayment/v1/payments/{reference}/{operation}`: a modification of one payment, run
   * once per Idempotency-Key, with the payment (404 if none) and the parsed body.
   */
  const modify = (
    operation: 'capture' | 'cancel' | 'refund',
    fn: (c: Context<AppEnv>, p: StoredPayment, body: unknown) => Response,
  ) =>
    routes.post(`/epayment/v1/payments/:reference/${operation}`, (c) =>
      once(c, `${operation} ${c.req.param('reference')}`, async () => {
        const p = payments.get(c.req.param('reference'));
        if (p === undefined) return problem(c, 404, 'Payment not found');
        return fn(c, p, await readBody(c));
      }),
    );

  modify('capture', (c, p, body) => {
    const amount = modificationAmount(body);
    if (amount === null) return badAmount(c);
    if (p.state !== 'AUTHORIZED' || amount > p.authorized - p.captured - p.cancelled) {
      return problem(c, 409, 'The payment cannot be captured by that amount', 'modificationAmount');
    }
    p.captured += amount;
    return c.json(modification(p));
  });

  // Vipps cancels what is authorised and not captured; before authorisation the payment is
  // TERMINATED instead. `cancelTransactionOnly` refuses to touch an authorised payment.
  modify('cancel', (c, p, body) => {
    if (p.state === 'CREATED') {
      p.state = 'TERMINATED';
      p.cancelled = p.request.amount.value;
      return c.json(modification(p));
    }
    const open = p.authorized - p.captured - p.cancelled;
    const onlyUnauthorised =
      (body as { cancelTransactionOnly?: unknown } | undefined)?.cancelTransactionOnly === true;
    if (p.state !== 'AUTHORIZED' || open <= 0 || onlyUnauthorised) {
      return problem(c, 409, 'The payment cannot be cancelled', 'state');
    }
    p.cancelled += open;
    return c.json(modification(p));
  });

  modify('refund', (c, p, body) => {
    const amount = modificationAmount(body);
    if (amount === null) return badAmount(c);
    if (amount > p.captured - p.refunded) {
      return problem(c, 409, 'The refund is larger than the captured amount', 'modificationAmount');
    }
    p.refunded += amount;
    return c.json(modification(p));
  });

  routes.get('/pay/:reference', (c) => {
    const reference = c.req.param('reference');
    const p = payments.get(reference);
    if (p === undefined) return c.html('<p>Fant ikke betalingen.</p>', 404);
    c.header('Cache-Control', 'no-store');
    const closed =
      p.state === 'CREATED'
        ? undefined
        : p.state === 'AUTHORIZED'
          ? 'Betalingen er godkjent.'
          : 'Betalingen er avsluttet.';
    return c.html(
      renderPayPage({
        provider: 'Testbetaling B',
        amount: p.request.amount.value,
        action: `${VIPPS_PATH}/pay/${reference}`,
        ...(closed === undefined ? {} : { closed }),
      }),
    );
  });

  routes.post('/pay/:reference/:action{approve|cancel|decline}', async (c) => {
    const reference = c.req.param('reference');
    const p = payments.get(reference);
    if (p === undefined) return c.html('<p>Fant ikke betalingen.</p>', 404);
    const action = c.req.param('action');
    if (p.state === 'CREATED') {
      p.state =
        action === 'approve' ? 'AUTHORIZED' : action === 'cancel' ? 'ABORTED' : 'TERMINATED';
      if (p.state === 'AUTHORIZED') p.authorized = p.request.amount.value;
      const event: VippsWebhookEvent = {
        msn: settings.merchantSerialNumber,
        reference,
        pspReference: p.pspReference,
        name: p.state,
        amount: p.request.amount,
        timestamp: c.get('now')().toISOString(),
        success: true,
      };
      const body = JSON.stringify(event);
      const headers = signWebhook(
        settings.webhookSecret,
        settings.webhookUrl,
        body,
        c.get('now')(),
      );
      // Vipps retries failed webhooks; the shop also reads the payment on return.
      await send(settings.webhookUrl, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body,
      }).catch((error: unknown) => {
        console.warn(`vipps simulator: webhook for ${reference} failed`, error);
      });
    }
    const result = p.state === 'AUTHORIZED' ? null : p.state === 'ABORTED' ? 'cancelled' : 'failed';
    return c.redirect(withResult(p.request.returnUrl, result), 303);
  });

  return routes;
}
