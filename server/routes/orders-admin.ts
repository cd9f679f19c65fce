import { Hono } from 'hono';
import type { ApiShipment } from '../../contract/index.ts';
import { deliverShipment, recordShipment } from '../checkout/shipments.ts';
import { requireBearerToken } from '../http/bearer-auth.ts';
import { readJsonObject } from '../http/body.ts';
import type { AppEnv } from '../http/env.ts';
import { validationError } from '../http/errors.ts';
import { isInstant, parseIntParam } from '../http/params.ts';

/** `deliveredAt` of a body as stored (UTC ISO 8601); 422 unless an instant with a zone. */
function deliveredAt(body: Record<string, unknown>): string {
  const value = body['deliveredAt'];
  if (typeof value !== 'string' || !isInstant(value.trim())) {
    throw validationError({
      deliveredAt: [
        'deliveredAt må være et tidspunkt med tidssone, f.eks. 2025-03-19T14:05:00+01:00.',
      ],
    });
  }
  return new Date(value.trim()).toISOString();
}

/** 422 for a field the call does not know, so a misspelt name never passes unnoticed. */
function onlyFields(body: Record<string, unknown>, known: readonly string[]): void {
  const unknown = Object.keys(body).find((key) => !known.includes(key));
  if (unknown !== undefined) {
    throw validationError({ [unknown]: [`${unknown} er ikke et felt her.`] });
  }
}

/**
 * The delivery administration under /api/v1, every call with `Authorization: Bearer
 * <token>`, the campaign administration's (see contract/README.md, "Deliveries"):
 * `POST admin/orders/{id}/shipments` records a parcel, `PATCH
 * admin/orders/{id}/shipments/{shipmentId}` its delivery; the period of withdrawal reads
 * them at once.
 */
export function ordersAdminRoutes(token: string | null): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('/admin/orders/*', requireBearerToken(token));

  routes.post('/admin/orders/:id/shipments', async (c) => {
    const id = parseIntParam(c.req.param('id'), 'id');
    const body = await readJsonObject(c);
    onlyFields(body, ['lines', 'deliveredAt']);
    const notYet = body['deliveredAt'] === undefined || body['deliveredAt'] === null;
    const shipment = recordShipment(
      c.get('db'),
      id,
      { lines: body['lines'], deliveredAt: notYet ? null : deliveredAt(body) },
      c.get('now')(),
    );
    return c.json<ApiShipment>(shipment, 201);
  });

  routes.patch('/admin/orders/:id/shipments/:shipmentId', async (c) => {
    const id = parseIntParam(c.req.param('id'), 'id');
    const shipmentId = parseIntParam(c.req.param('shipmentId'), 'shipmentId');
    const body = await readJsonObject(c);
    onlyFields(body, ['deliveredAt']);
    const at = deliveredAt(body);
    return c.json<ApiShipment>(deliverShipment(c.get('db'), id, shipmentId, at));
  });

  return routes;
}
