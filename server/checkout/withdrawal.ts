import type { DatabaseSync } from 'node:sqlite';
import type {
  ApiLineUnits,
  ApiOrderHistory,
  ApiShipment,
  ApiWithdrawableLine,
  ApiWithdrawal,
  ApiWithdrawalRecord,
} from '../../contract/index.ts';
import { lineSum } from '../../contract/cart-totals.ts';
import { withdrawalPeriod, withdrawalRefusal } from '../../contract/withdrawal.ts';
import { queueWithdrawalReceipt } from '../accounts/purchase-mail.ts';
import { transaction } from '../db/database.ts';
import { cachedStatement } from '../db/statement-cache.ts';
import { ApiHttpError } from '../http/errors.ts';

/**
 * How a withdrawal reached the shop: from my page, through the confirmation's link, or by
 * the withdrawal form's order number and e-mail address.
 */
export type WithdrawalVia = 'account' | 'link' | 'form';

interface OrderFacts {
  email: string;
  informed_at: string | null;
  subtotal: number;
  discount: number;
  shipping_price: number;
  /** The price of the shop's standard delivery (the default method), or null for none. */
  standard_shipping: number | null;
}

interface LineRow {
  id: number;
  name: string;
  count: number;
  price: number;
  pant: number;
}

/** What is known of an order's lines, parcels and withdrawals. */
interface OrderState {
  facts: OrderFacts;
  lines: LineRow[];
  shipments: ApiShipment[];
  withdrawals: ApiWithdrawalRecord[];
  /** Units withdrawn so far, per line in order. */
  withdrawn: number[];
}

const FACTS_SQL = `
  SELECT r.email, o.informed_at, r.subtotal, r.discount, r.shipping_price,
    (SELECT price FROM shipping_methods WHERE is_default = 1 ORDER BY sort LIMIT 1)
      AS standard_shipping
  FROM orders o JOIN reservations r ON r.id = o.reservation_id WHERE o.id = ?`;

/** Units per line (by place) of `rows` of `{order_line_id, count}`, for `lines`. */
function unitsByLine(lines: ReadonlyArray<{ id: number }>, rows: UnitRows): ApiLineUnits[] {
  return rows.map((row) => ({
    line: lines.findIndex((l) => l.id === row.order_line_id),
    count: row.count,
  }));
}

type UnitRows = Array<{ order_line_id: number; count: number }>;

/** The ids of an order's lines, in the order the wire numbers them. */
function lineIds(db: DatabaseSync, orderId: number): Array<{ id: number }> {
  return cachedStatement(db, 'SELECT id FROM order_lines WHERE order_id = ? ORDER BY id').all(
    orderId,
  ) as unknown as Array<{ id: number }>;
}

/** An order's parcels as `ApiOrderHistory.shipments` carries them, oldest first. */
export function orderShipments(db: DatabaseSync, orderId: number): ApiShipment[] {
  const lines = lineIds(db, orderId);
  const shipmentLines = cachedStatement(
    db,
    'SELECT order_line_id, count FROM shipment_lines WHERE shipment_id = ? ORDER BY order_line_id',
  );
  return (
    cachedStatement(
      db,
      'SELECT id, delivered_at FROM shipments WHERE order_id = ? ORDER BY id',
    ).all(orderId) as unknown as Array<{ id: number; delivered_at: string | null }>
  ).map((s) => ({
    id: s.id,
    lines: unitsByLine(lines, shipmentLines.all(s.id) as unknown as UnitRows),
    deliveredAt: s.delivered_at,
  }));
}

function orderState(db: DatabaseSync, orderId: number): OrderState {
  const facts = cachedStatement(db, FACTS_SQL).get(orderId) as OrderFacts | undefined;
  if (facts === undefined) throw new Error(`Order ${String(orderId)} has no reservation.`);
  const lines = cachedStatement(
    db,
    'SELECT id, name, count, price, pant FROM order_lines WHERE order_id = ? ORDER BY id',
  ).all(orderId) as unknown as LineRow[];
  const shipments = orderShipments(db, orderId);
  const withdrawalLines = cachedStatement(
    db,
    'SELECT order_line_id, count FROM withdrawal_lines WHERE withdrawal_id = ? ORDER BY order_line_id',
  );
  const withdrawals = (
    cachedStatement(
      db,
      'SELECT id, created_at, refund, shipping FROM withdrawals WHERE order_id = ? ORDER BY id',
    ).all(orderId) as unknown as Array<{
      id: number;
      created_at: string;
      refund: number;
      shipping: number;
    }>
  ).map((w): ApiWithdrawalRecord => ({
    id: w.id,
    withdrawnAt: w.created_at,
    lines: unitsByLine(lines, withdrawalLines.all(w.id) as unknown as UnitRows),
    refund: w.refund,
    shipping: w.shipping,
  }));
  const withdrawn = lines.map(() => 0);
  for (const w of withdrawals) {
    for (const { line, count } of w.lines) withdrawn[line] = (withdrawn[line] ?? 0) + count;
  }
  return { facts, lines, shipments, withdrawals, withdrawn };
}

/** The period of an order as its parcels and its confirmation's record make it. */
function periodOf(state: OrderState) {
  const sent = state.lines.map(() => 0);
  for (const s of state.shipments) {
    for (const { line, count } of s.lines) sent[line] = (sent[line] ?? 0) + count;
  }
  return withdrawalPeriod({
    deliveries: state.shipments.map((s) => s.deliveredAt),
    allSent: state.lines.every((l, i) => (sent[i] ?? 0) >= l.count - (state.withdrawn[i] ?? 0)),
    informedAt: state.facts.informed_at,
  });
}

const withdrawableLines = (state: OrderState): ApiWithdrawableLine[] =>
  state.lines.map((l, line) => {
    const withdrawn = state.withdrawn[line] ?? 0;
    return { line, count: l.count, withdrawn, withdrawable: l.count - withdrawn };
  });

/**
 * The state, parcels and right of withdrawal of a stored order, as `ApiOrderHistory`
 * carries them.
 */
export function orderWithdrawal(
  db: DatabaseSync,
  orderId: number,
): Pick<ApiOrderHistory, 'status' | 'withdrawal' | 'shipments'> {
  const state = orderState(db, orderId);
  const lines = withdrawableLines(state);
  const whole = lines.every((l) => l.withdrawable === 0);
  return {
    status: whole ? 'withdrawn' : 'paid',
    withdrawal: {
      ...periodOf(state),
      withdrawnAt: whole ? (state.withdrawals.at(-1)?.withdrawnAt ?? null) : null,
      lines,
      withdrawals: state.withdrawals,
    },
    shipments: state.shipments,
  };
}

const linesError = (message: string): ApiHttpError =>
  new ApiHttpError(422, { message, errors: { lines: [message] } });

/**
 * The units a request names (`lines` as sent), checked against what each line has left;
 * everything left when `lines` is undefined or null. 422 on `errors.lines` otherwise.
 */
function requestedUnits(state: OrderState, lines: unknown): ApiLineUnits[] {
  const left = withdrawableLines(state);
  if (lines === undefined || lines === null) {
    return left
      .filter((l) => l.withdrawable > 0)
      .map((l) => ({ line: l.line, count: l.withdrawable }));
  }
  if (!Array.isArray(lines) || lines.length === 0) {
    throw linesError('Velg minst én vare du vil angre.');
  }
  const seen = new Set<number>();
  return lines.map((item: unknown): ApiLineUnits => {
    const { line, count } = (typeof item === 'object' && item !== null ? item : {}) as {
      line?: unknown;
      count?: unknown;
    };
    const found = typeof line === 'number' ? left[line] : undefined;
    const row = typeof line === 'number' ? state.lines[line] : undefined;
    if (found === undefined || row === undefined) {
      throw linesError('Ordren har ingen slik vare.');
    }
    if (seen.has(found.line)) throw linesError('Hver vare kan bare velges én gang.');
    seen.add(found.line);
    if (found.withdrawable === 0) throw linesError(`${row.name} er allerede angret.`);
    if (
      typeof count !== 'number' ||
      !Number.isInteger(count) ||
      count < 1 ||
      count > found.withdrawable
    ) {
      throw linesError(`Du kan angre fra 1 til ${String(found.withdrawable)} av ${row.name}.`);
    }
    return { line: found.line, count };
  });
}

/**
 * What a withdrawal of `units` refunds: their share of what was paid for the goods (the
 * promo code's discount taken off in proportion); the withdrawal that leaves nothing gets
 * what is left of that, so the parts add up, and the shipping, up to the standard delivery.
 */
function refundOf(
  state: OrderState,
  units: readonly ApiLineUnits[],
): { refund: number; shipping: number } {
  const { subtotal, discount, shipping_price, standard_shipping } = state.facts;
  const paidForGoods = subtotal - discount;
  const taken = units.reduce((n, u) => n + u.count, 0);
  const left = withdrawableLines(state).reduce((n, l) => n + l.withdrawable, 0);
  if (taken === left) {
    const refunded = state.withdrawals.reduce((n, w) => n + w.refund - w.shipping, 0);
    const shipping = Math.min(shipping_price, standard_shipping ?? shipping_price);
    return { refund: paidForGoods - refunded + shipping, shipping };
  }
  const amount = units.reduce((n, { line, count }) => {
    const l = state.lines[line];
    return l === undefined ? n : n + lineSum({ price: l.price, pant: l.pant, count });
  }, 0);
  return {
    refund: subtotal === 0 ? 0 : Math.round((amount * paidForGoods) / subtotal),
    shipping: 0,
  };
}

/**
 * Records a withdrawal of a stored order, of the units `lines` names (everything left when
 * it is undefined), and queues its receipt at once, in one transaction. With nothing left
 * and no `lines`, it answers the last withdrawal as recorded, with no second record and no
 * second receipt. After the period: 422 with the refusal naming its last day in `message`
 * and `errors.order`; bad `lines`: 422 on `errors.lines`. The receipt goes to the order's
 * address, or to `fallbackEmail` when the order keeps none (its account was deleted).
 */
export function withdrawOrder(
  db: DatabaseSync,
  orderId: number,
  request: { via: WithdrawalVia; lines: unknown; fallbackEmail: string },
  now: Date,
): ApiWithdrawal {
  return transaction(db, () => {
    const state = orderState(db, orderId);
    const email = state.facts.email === '' ? request.fallbackEmail : state.facts.email;
    const last = state.withdrawals.at(-1);
    const nothingLeft = state.withdrawn.every((n, i) => n >= (state.lines[i]?.count ?? 0));
    if (
      nothingLeft &&
      last !== undefined &&
      (request.lines === undefined || request.lines === null)
    ) {
      return { ...last, orderId, email };
    }
    const refusal = withdrawalRefusal(periodOf(state), now);
    if (refusal !== null) {
      throw new ApiHttpError(422, { message: refusal, errors: { order: [refusal] } });
    }
    const units = requestedUnits(state, request.lines);
    const { refund, shipping } = refundOf(state, units);
    const withdrawnAt = now.toISOString();
    const { lastInsertRowid } = cachedStatement(
      db,
      `INSERT INTO withdrawals (order_id, via, refund, shipping, created_at)
       VALUES (?, ?, ?, ?, ?)`,
    ).run(orderId, request.via, refund, shipping, withdrawnAt);
    const id = Number(lastInsertRowid);
    const insertLine = cachedStatement(
      db,
      'INSERT INTO withdrawal_lines (withdrawal_id, order_line_id, count) VALUES (?, ?, ?)',
    );
    for (const { line, count } of units) {
      const row = state.lines[line];
      if (row !== undefined) insertLine.run(id, row.id, count);
    }
    const record: ApiWithdrawalRecord = { id, withdrawnAt, lines: units, refund, shipping };
    const sentTo = queueWithdrawalReceipt(db, orderId, record, email, now);
    return { ...record, orderId, email: sentTo };
  });
}
