import type { DatabaseSync } from 'node:sqlite';
import type { ApiLineUnits, ApiShipment } from '../../contract/index.ts';
import { transaction } from '../db/database.ts';
import { cachedStatement } from '../db/statement-cache.ts';
import { ApiHttpError, validationError } from '../http/errors.ts';
import { orderShipments } from './withdrawal.ts';

/** 404 of a delivery call for an order that does not exist. */
export const UNKNOWN_ORDER = 'Ordren finnes ikke.';

/** 404 of a delivery call for a parcel that is not the order's. */
export const UNKNOWN_SHIPMENT = 'Pakken finnes ikke.';

interface LineLeft {
  id: number;
  count: number;
  /** Units in parcels already. */
  sent: number;
  withdrawn: number;
}

/** The order's lines in order with what is sent and withdrawn of each; 404 for no order. */
function linesLeft(db: DatabaseSync, orderId: number): LineLeft[] {
  const known = cachedStatement(db, 'SELECT 1 FROM orders WHERE id = ?').get(orderId);
  if (known === undefined) throw new ApiHttpError(404, { message: UNKNOWN_ORDER });
  return cachedStatement(
    db,
    `SELECT l.id, l.count,
       (SELECT coalesce(sum(sl.count), 0) FROM shipment_lines sl
        WHERE sl.order_line_id = l.id) AS sent,
       (SELECT coalesce(sum(wl.count), 0) FROM withdrawal_lines wl
        WHERE wl.order_line_id = l.id) AS withdrawn
     FROM order_lines l WHERE l.order_id = ? ORDER BY l.id`,
  ).all(orderId) as unknown as LineLeft[];
}

const linesError = (message: string) => validationError({ lines: [message] });

/**
 * The units a parcel holds: `lines` as sent, each a line of the order (its place), once,
 * with a whole count up to its units in no parcel yet; left out, every unit neither sent
 * nor withdrawn. 422 on `lines` otherwise, or when that leaves nothing.
 */
function parcelUnits(left: readonly LineLeft[], lines: unknown): ApiLineUnits[] {
  if (lines === undefined) {
    const rest = left
      .map((l, line) => ({ line, count: Math.max(0, l.count - l.sent - l.withdrawn) }))
      .filter((u) => u.count > 0);
    if (rest.length === 0) throw linesError('Ordren har ingen enheter igjen å sende.');
    return rest;
  }
  if (!Array.isArray(lines) || lines.length === 0) {
    throw linesError('lines må være en liste med minst én linje.');
  }
  const seen = new Set<number>();
  return lines.map((item: unknown) => {
    const { line, count } = (typeof item === 'object' && item !== null ? item : {}) as Record<
      string,
      unknown
    >;
    const row = typeof line === 'number' ? left[line] : undefined;
    if (typeof line !== 'number' || row === undefined) {
      throw linesError(`Linje ${String(line)} finnes ikke i ordren.`);
    }
    if (seen.has(line)) throw linesError(`Linje ${String(line)} står flere ganger.`);
    seen.add(line);
    const unsent = row.count - row.sent;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > unsent) {
      throw linesError(
        `Linje ${String(line)} har bare ${String(unsent)} ${unsent === 1 ? 'enhet' : 'enheter'} igjen å sende.`,
      );
    }
    return { line, count };
  });
}

/** A stored parcel of the order on the wire; 404 when it is not the order's. */
function shipmentOf(db: DatabaseSync, orderId: number, shipmentId: number): ApiShipment {
  const shipment = orderShipments(db, orderId).find((s) => s.id === shipmentId);
  if (shipment === undefined) throw new ApiHttpError(404, { message: UNKNOWN_SHIPMENT });
  return shipment;
}

/**
 * Records a parcel of an order (`POST admin/orders/{id}/shipments`), holding `lines` (see
 * {@link parcelUnits}) and delivered at `deliveredAt` (UTC ISO 8601) or not yet (null).
 */
export function recordShipment(
  db: DatabaseSync,
  orderId: number,
  input: { lines: unknown; deliveredAt: string | null },
  now: Date,
): ApiShipment {
  return transaction(db, () => {
    const left = linesLeft(db, orderId);
    const units = parcelUnits(left, input.lines);
    const { lastInsertRowid } = cachedStatement(
      db,
      'INSERT INTO shipments (order_id, delivered_at, created_at) VALUES (?, ?, ?)',
    ).run(orderId, input.deliveredAt, now.toISOString());
    const id = Number(lastInsertRowid);
    const insert = cachedStatement(
      db,
      'INSERT INTO shipment_lines (shipment_id, order_line_id, count) VALUES (?, ?, ?)',
    );
    for (const { line, count } of units) insert.run(id, left[line]?.id ?? 0, count);
    return shipmentOf(db, orderId, id);
  });
}

/**
 * Records when a parcel was delivered (`PATCH admin/orders/{id}/shipments/{shipmentId}`),
 * replacing an earlier record; 404 for an unknown order or a parcel that is not its.
 */
export function deliverShipment(
  db: DatabaseSync,
  orderId: number,
  shipmentId: number,
  deliveredAt: string,
): ApiShipment {
  return transaction(db, () => {
    shipmentOf(db, orderId, shipmentId);
    cachedStatement(db, 'UPDATE shipments SET delivered_at = ? WHERE id = ?').run(
      deliveredAt,
      shipmentId,
    );
    return shipmentOf(db, orderId, shipmentId);
  });
}
