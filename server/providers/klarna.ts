import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env.ts';
import {
  KLARNA_ORDER_ID_PLACEHOLDER,
  klarnaTaxOf,
  type KlarnaCaptureRequest,
  type KlarnaError,
  type KlarnaOmOrder,
  type KlarnaOrder,
  type KlarnaOrderLine,
  type KlarnaOrderRequest,
  type KlarnaRefundRequest,
} from './klarna-wire.ts';
import { renderPayPage, withResult } from './pay-page.ts';
import type { ProviderConfig, ProviderFetch } from './provider-config.ts';

/** Path under which {@link klarnaRoutes} are mounted. */
export const KLARNA_PATH = '/providers/first';

const LINE_TYPES = new Set(['physical', 'digital', 'discount', 'shipping_fee', 'surcharge']);

function klarnaError(
  c: Context,
  status: 400 | 401 | 403 | 404 | 409,
  code: string,
  messages: string[],
) {
  return c.json<KlarnaError>(
    { error_code: code, error_messages: messages, correlation_id: randomUUID() },
    status,
  );
}

const isInt = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value);

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function lineErrors(line: unknown, i: number): string[] {
  if (typeof line !== 'object' || line === null) return [`Bad value: order_lines[${String(i)}]`];
  const l = line as Record<string, unknown>;
  const bad = (field: string) => `Bad value: order_lines[${String(i)}].${field}`;
  const errors: string[] = [];
  if (typeof l['type'] !== 'string' || !LINE_TYPES.has(l['type'])) errors.push(bad('type'));
  if (typeof l['reference'] !== 'string') errors.push(bad('reference'));
  if (typeof l['name'] !== 'string' || l['name'] === '') errors.push(bad('name'));
  for (const field of ['quantity', 'unit_price', 'tax_rate', 'total_amount', 'total_tax_amount']) {
    if (!isInt(l[field])) errors.push(bad(field));
  }
  const discount = l['total_discount_amount'] ?? 0;
  if (!isInt(discount)) errors.push(bad('total_discount_amount'));
  if (errors.length > 0) return errors;
  const { quantity, unit_price, tax_rate, total_amount, total_tax_amount } =
    l as unknown as KlarnaOrderLine;
  if (quantity < 1) errors.push(bad('quantity'));
  if (total_amount !== quantity * unit_price - (discount as number)) {
    errors.push(bad('total_amount'));
  }
  // Klarna accepts a rounding difference of one minor unit in a line's tax.
  if (Math.abs(total_tax_amount - klarnaTaxOf(total_amount, tax_rate)) > 1) {
    errors.push(bad('total_tax_amount'));
  }
  return errors;
}

/** Every reason a create-order body is not one Klarna accepts, in Klarna's words. */
function orderErrors(body: Record<string, unknown>): string[] {
  const errors: string[] = [];
  if (body['purchase_country'] !== 'NO') errors.push('Bad value: purchase_country');
  if (body['purchase_currency'] !== 'NOK') errors.push('Bad value: purchase_currency');
  if (body['locale'] !== 'nb-NO') errors.push('Bad value: locale');
  if (!isInt(body['order_amount'])) errors.push('Bad value: order_amount');
  if (!isInt(body['order_tax_amount'])) errors.push('Bad value: order_tax_amount');
  const urls = body['merchant_urls'];
  for (const key of ['terms', 'checkout', 'confirmation', 'push'] as const) {
    const url =
      typeof urls === 'object' && urls !== null
        ? (urls as Record<string, unknown>)[key]
        : undefined;
    if (!isHttpUrl(url)) errors.push(`Bad value: merchant_urls.${key}`);
  }
  const ref = body['merchant_reference1'];
  if (ref !== undefined && typeof ref !== 'string') errors.push('Bad value: merchant_reference1');
  const lines = body['order_lines'];
  if (!Array.isArray(lines) || lines.length === 0) return [...errors, 'Bad value: order_lines'];
  errors.push(...lines.flatMap(lineErrors));
  if (errors.length > 0) return errors;
  const order = body as unknown as KlarnaOrderRequest;
  const sum = order.order_lines.reduce((n, l) => n + l.total_amount, 0);
  const tax = order.order_lines.reduce((n, l) => n + l.total_tax_amount, 0);
  if (sum !== order.order_amount) errors.push('Bad value: order_amount');
  if (tax !== order.order_tax_amount) errors.push('Bad value: order_tax_amount');
  return errors;
}

const withOrderId = (url: string, id: string) =>
  url.replaceAll(KLARNA_ORDER_ID_PLACEHOLDER, encodeURIComponent(id));

/** A capture or refund body whose `field` is a positive amount in minor units, or null. */
async function amountBody<T>(c: Context, field: keyof T & string): Promise<T | null> {
  try {
    const body = JSON.parse(await c.req.text()) as Record<string, unknown> | null;
    const value = body?.[field];
    return isInt(value) && value > 0 ? (body as T) : null;
  } catch {
    return null;
  }
}

/** The optional `description` and `reference` of a capture or refund body, if strings. */
function notes(body: { description?: unknown; reference?: unknown }) {
  return {
    ...(typeof body.description === 'string' ? { description: body.description } : {}),
    ...(typeof body.reference === 'string' ? { reference: body.reference } : {}),
  };
}

/**
 * A simulator of the first provider, shaped like Klarna Checkout v3: Basic-authenticated
 * `POST/GET checkout/v3/orders`, and a Norwegian payment page at `pay/{order_id}` that
 * approves (completes the order, POSTs the merchant's push URL, redirects to the
 * confirmation URL), cancels or declines (redirects to the checkout URL with
 * `result=cancelled` or `result=failed`). A completed order is also an order management
 * order (`ordermanagement/v1/orders/{order_id}`: read, `cancel`, `captures`, `refunds`, with
 * Klarna's 403 refusals and `Klarna-Idempotency-Key` replays), which records what was
 * captured, cancelled and refunded. Orders live in memory, per app.
 */
export function klarnaRoutes(config: ProviderConfig, send: ProviderFetch): Hono<AppEnv> {
  const orders = new Map<string, KlarnaOrder>();
  const managed = new Map<string, KlarnaOmOrder>();
  // Answers per Klarna-Idempotency-Key and operation, replayed for a retry.
  const answers = new Map<string, { status: 201 | 204; headers: Record<string, string> }>();
  const expected = `Basic ${Buffer.from(`${config.klarna.username}:${config.klarna.password}`).toString('base64')}`;
  const routes = new Hono<AppEnv>();

  for (const path of ['/checkout/*', '/ordermanagement/*']) {
    routes.use(path, async (c, next) => {
      if (c.req.header('Authorization') !== expected) {
        return klarnaError(c, 401, 'UNAUTHORIZED', ['Bad credentials']);
      }
      return next();
    });
  }

  routes.post('/checkout/v3/orders', async (c) => {
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return klarnaError(c, 400, 'BAD_VALUE', ['Malformed JSON']);
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return klarnaError(c, 400, 'BAD_VALUE', ['Bad value: body']);
    }
    const errors = orderErrors(body as Record<string, unknown>);
    if (errors.length > 0) return klarnaError(c, 400, 'BAD_VALUE', errors);
    const request = body as KlarnaOrderRequest;
    const id = randomUUID();
    const payPath = `${KLARNA_PATH}/pay/${id}`;
    const order: KlarnaOrder = {
      order_id: id,
      status: 'checkout_incomplete',
      purchase_country: request.purchase_country,
      purchase_currency: request.purchase_currency,
      locale: request.locale,
      order_amount: request.order_amount,
      order_tax_amount: request.order_tax_amount,
      order_lines: request.order_lines,
      merchant_urls: request.merchant_urls,
      ...(request.merchant_reference1 === undefined
        ? {}
        : { merchant_reference1: request.merchant_reference1 }),
      html_snippet: `<div id="klarna-checkout-container"><iframe id="klarna-checkout-iframe" title="Betaling" src="${payPath}" style="width:100%;min-height:28rem;border:0"></iframe><p><a href="${payPath}">Åpne betalingen</a></p></div>`,
      started_at: c.get('now')().toISOString(),
    };
    orders.set(id, order);
    return c.json(order, 201);
  });

  routes.get('/checkout/v3/orders/:id', (c) => {
    const order = orders.get(c.req.param('id'));
    if (order === undefined) return klarnaError(c, 404, 'NOT_FOUND', ['Order not found']);
    return c.json(order);
  });

  /**
   * Runs `fn` on the order management order of the path's `:id` (404 NO_SUCH_ORDER if none),
   * once per `Klarna-Idempotency-Key` of `operation` when one is sent: a retry gets the first
   * success again, as Klarna replays it.
   */
  async function managedCall(
    c: Context<AppEnv>,
    operation: string,
    fn: (order: KlarnaOmOrder) => Promise<Response> | Response,
  ): Promise<Response> {
    const order = managed.get(c.req.param('id') ?? '');
    if (order === undefined) return klarnaError(c, 404, 'NO_SUCH_ORDER', ['Order not found']);
    const key = c.req.header('Klarna-Idempotency-Key');
    const slot = key === undefined ? undefined : `${operation} ${order.order_id} ${key}`;
    const stored = slot === undefined ? undefined : answers.get(slot);
    if (stored !== undefined) return c.body(null, stored.status, stored.headers);
    const res = await fn(order);
    if (slot !== undefined && (res.status === 201 || res.status === 204)) {
      answers.set(slot, { status: res.status, headers: Object.fromEntries(res.headers) });
    }
    return res;
  }

  routes.get('/ordermanagement/v1/orders/:id', (c) => {
    const order = managed.get(c.req.param('id'));
    if (order === undefined) return klarnaError(c, 404, 'NO_SUCH_ORDER', ['Order not found']);
    return c.json(order);
  });

  // Klarna cancels only an order without captures; the whole authorisation is released.
  routes.post('/ordermanagement/v1/orders/:id/cancel', (c) =>
    managedCall(c, 'cancel', (order) => {
      if (order.status !== 'AUTHORIZED' || order.captured_amount > 0) {
        return klarnaError(c, 403, 'CANCEL_NOT_ALLOWED', [
          order.status === 'CANCELLED'
            ? 'Order is already cancelled. Cancel not possible.'
            : 'Order has previous captures. Cancel not possible.',
        ]);
      }
      order.status = 'CANCELLED';
      order.remaining_authorized_amount = 0;
      return c.body(null, 204);
    }),
  );

  routes.post('/ordermanagement/v1/orders/:id/captures', (c) =>
    managedCall(c, 'capture', async (order) => {
      const body = await amountBody<KlarnaCaptureRequest>(c, 'captured_amount');
      if (body === null) return klarnaError(c, 400, 'BAD_VALUE', ['Bad value: captured_amount']);
      const amount = body.captured_amount;
      if (order.status === 'CANCELLED' || amount > order.remaining_authorized_amount) {
        return klarnaError(c, 403, 'CAPTURE_NOT_ALLOWED', [
          'Captured amount is higher than the remaining authorized amount.',
        ]);
      }
      const captureId = randomUUID();
      order.captures.push({
        capture_id: captureId,
        captured_amount: amount,
        ...notes(body),
        captured_at: c.get('now')().toISOString(),
      });
      order.captured_amount += amount;
      order.remaining_authorized_amount -= amount;
      order.status = order.remaining_authorized_amount === 0 ? 'CAPTURED' : 'PART_CAPTURED';
      return c.body(null, 201, {
        Location: `${KLARNA_PATH}/ordermanagement/v1/orders/${order.order_id}/captures/${captureId}`,
        'Capture-Id': captureId,
      });
    }),
  );

  // Klarna refunds only what was captured and not yet refunded.
  routes.post('/ordermanagement/v1/orders/:id/refunds', (c) =>
    managedCall(c, 'refund', async (order) => {
      const body = await amountBody<KlarnaRefundRequest>(c, 'refunded_amount');
      if (body === null) return klarnaError(c, 400, 'BAD_VALUE', ['Bad value: refunded_amount']);
      const amount = body.refunded_amount;
      if (amount > order.captured_amount - order.refunded_amount) {
        return klarnaError(c, 403, 'REFUND_NOT_ALLOWED', [
          'Over refund is not allowed. Refund not possible.',
        ]);
      }
      const refundId = randomUUID();
      order.refunds.push({
        refund_id: refundId,
        refunded_amount: amount,
        ...notes(body),
        refunded_at: c.get('now')().toISOString(),
      });
      order.refunded_amount += amount;
      return c.body(null, 201, {
        Location: `${KLARNA_PATH}/ordermanagement/v1/orders/${order.order_id}/refunds/${refundId}`,
        'Refund-Id': refundId,
      });
    }),
  );

  routes.get('/pay/:id', (c) => {
    const id = c.req.param('id');
    const order = orders.get(id);
    if (order === undefined) return c.html('<p>Fant ikke betalingen.</p>', 404);
    const closed =
      order.status === 'checkout_complete'
        ? 'Betalingen er godkjent.'
        : order.simulator_outcome === undefined
          ? undefined
          : 'Betalingen er avsluttet.';
    c.header('Cache-Control', 'no-store');
    return c.html(
      renderPayPage({
        provider: 'Testbetaling A',
        amount: order.order_amount,
        action: `${KLARNA_PATH}/pay/${id}`,
        ...(closed === undefined ? {} : { closed }),
      }),
    );
  });

  routes.post('/pay/:id/:action{approve|cancel|decline}', async (c) => {
    const id = c.req.param('id');
    const order = orders.get(id);
    if (order === undefined) return c.html('<p>Fant ikke betalingen.</p>', 404);
    const open = order.status === 'checkout_incomplete' && order.simulator_outcome === undefined;
    const action = c.req.param('action');
    if (action === 'approve' && open) {
      order.status = 'checkout_complete';
      order.completed_at = c.get('now')().toISOString();
      managed.set(id, {
        order_id: id,
        status: 'AUTHORIZED',
        fraud_status: 'ACCEPTED',
        purchase_currency: order.purchase_currency,
        locale: order.locale,
        order_amount: order.order_amount,
        original_order_amount: order.order_amount,
        captured_amount: 0,
        refunded_amount: 0,
        remaining_authorized_amount: order.order_amount,
        order_lines: order.order_lines,
        ...(order.merchant_reference1 === undefined
          ? {}
          : { merchant_reference1: order.merchant_reference1 }),
        created_at: order.completed_at,
        captures: [],
        refunds: [],
      });
      // Klarna pushes without a body; the merchant reads the order. A failed push is
      // retried by Klarna later; here the shop also reads the order on return.
      await send(withOrderId(order.merchant_urls.push, id), { method: 'POST' }).catch(
        (error: unknown) => {
          console.warn(`klarna simulator: push for ${id} failed`, error);
        },
      );
    } else if (open) {
      order.simulator_outcome = action === 'cancel' ? 'cancelled' : 'declined';
    }
    const checkout = withOrderId(order.merchant_urls.checkout, id);
    const target =
      order.status === 'checkout_complete'
        ? withOrderId(order.merchant_urls.confirmation, id)
        : withResult(checkout, order.simulator_outcome === 'declined' ? 'failed' : 'cancelled');
    return c.redirect(target, 303);
  });

  return routes;
}
