import type { DatabaseSync } from 'node:sqlite';
import { queueLatePaymentMail } from '../accounts/purchase-mail.ts';
import { transaction } from '../db/database.ts';
import { cachedStatement } from '../db/statement-cache.ts';
import { adapterFor, type CheckoutAdapters } from './adapters.ts';
import { payInTransaction, recordPayment } from './payments.ts';
import type { CheckoutAdapter, PaymentReturn } from './provider-adapter.ts';
import { findReservation, reservationLines, takeStock, type ReservationRow } from './reserve.ts';

/**
 * A payment the provider approved after the shop gave it up (`expired`, stock returned): in
 * one transaction that re-reads the reservation, its stock is taken again by the rules of a
 * new reservation ({@link takeStock}, same shop, lines and prices), and it becomes `late`
 * (status 1 again, its order still to be made); if any line is short, nothing is taken and it
 * becomes `refunding` (to be given back at the provider). Decided once: a second report finds
 * it no longer `expired`.
 */
export function takeLateApproval(db: DatabaseSync, reservationId: number): void {
  transaction(db, () => {
    const row = findReservation(db, reservationId);
    if (row?.payment_status !== 'expired') return;
    db.exec('SAVEPOINT late_stock');
    const short = takeStock(db, reservationLines(db, row.id), row.shop_id);
    if (short.length > 0) db.exec('ROLLBACK TO late_stock');
    db.exec('RELEASE late_stock');
    cachedStatement(
      db,
      short.length === 0
        ? "UPDATE reservations SET status_id = 1, payment_status = 'late' WHERE id = ?"
        : "UPDATE reservations SET payment_status = 'refunding' WHERE id = ?",
    ).run(row.id);
  });
}

/** Makes the one order of a `late` payment, once, in one transaction. */
export function completeLateOrder(db: DatabaseSync, reservationId: number, now: Date): void {
  transaction(db, () => {
    const row = findReservation(db, reservationId);
    if (row?.payment_status === 'late') payInTransaction(db, row, now);
  });
}

/**
 * Records that a `refunding` payment was given back at the provider, once, in one
 * transaction: the return (`payment_returns`, one row per reservation), status `refunded` and
 * the shopper's e-mail saying so.
 */
export function recordReturn(
  db: DatabaseSync,
  reservationId: number,
  given: PaymentReturn,
  now: Date,
): void {
  transaction(db, () => {
    const row = findReservation(db, reservationId);
    if (row?.payment_status !== 'refunding') return;
    cachedStatement(
      db,
      'INSERT INTO payment_returns (reservation_id, kind, amount, created_at) VALUES (?, ?, ?, ?)',
    ).run(row.id, given.kind, given.amount, now.toISOString());
    cachedStatement(db, "UPDATE reservations SET payment_status = 'refunded' WHERE id = ?").run(
      row.id,
    );
    queueLatePaymentMail(db, row.id, given, now);
  });
}

/**
 * One step of a payment towards where it ends, through the provider. Each step's provider
 * call comes before the transaction that records its outcome, so work cut short leaves a
 * state that is taken up again on the next report, never one that poses as finished.
 */
async function step(
  db: DatabaseSync,
  adapter: CheckoutAdapter,
  row: ReservationRow,
  now: Date,
): Promise<void> {
  const id = row.provider_order_id;
  if (id === null) return;
  switch (row.payment_status) {
    case 'pending': {
      const state = await adapter.state(id);
      if (state === 'paid') await adapter.settle(id, row.total);
      recordPayment(db, row.id, state, now);
      return;
    }
    case 'expired':
      if ((await adapter.state(id)) === 'paid') takeLateApproval(db, row.id);
      return;
    case 'late':
      await adapter.settle(id, row.total);
      completeLateOrder(db, row.id, now);
      return;
    case 'refunding':
      recordReturn(db, row.id, await adapter.giveBack(id), now);
      return;
    default:
      // paid, cancelled, failed, refunded: settled.
      return;
  }
}

async function settleNow(
  db: DatabaseSync,
  adapter: CheckoutAdapter,
  reservationId: number,
  now: () => Date,
): Promise<void> {
  // Each step that moves the payment on may lead to another (a capture that meets the
  // time-out leads to the late path); one that moves nothing ends it.
  let row = findReservation(db, reservationId);
  while (row !== undefined) {
    await step(db, adapter, row, now());
    const after = findReservation(db, reservationId);
    if (after?.payment_status === row.payment_status) return;
    row = after;
  }
}

// Settlements running per database and reservation: reports that arrive together take turns,
// so the provider is asked and called once per step rather than once per report.
const running = new WeakMap<DatabaseSync, Map<number, Promise<void>>>();

/**
 * Brings a provider payment as far as the provider's word allows: a pending payment is
 * paid (captured, one order), cancelled or failed; one approved after the time-out becomes
 * its order when its stock can still be taken, else it is given back at the provider
 * (cancelled or refunded) and the shopper is told by e-mail. However often it is reported
 * (push, webhook, return page), each outcome happens once: every transition is a
 * transaction guarded by the state it leaves, reports in this process take turns, and the
 * provider calls carry idempotency keys. Throws when the provider cannot be asked.
 */
export function settlePayment(
  db: DatabaseSync,
  adapter: CheckoutAdapter,
  reservationId: number,
  now: () => Date,
): Promise<void> {
  let queue = running.get(db);
  if (queue === undefined) {
    queue = new Map();
    running.set(db, queue);
  }
  const turns = queue;
  const run = (turns.get(reservationId) ?? Promise.resolve())
    .catch(() => undefined)
    .then(() => settleNow(db, adapter, reservationId, now));
  turns.set(reservationId, run);
  const done = () => {
    if (turns.get(reservationId) === run) turns.delete(reservationId);
  };
  run.then(done, done);
  return run;
}

/**
 * Takes up the payments a report left half-way: `late` (its order still to be made) and
 * `refunding` (still to be given back). They stay so only when the process was cut short
 * between a provider call and its record, or the provider did not answer; each is brought on
 * as a new report would bring it ({@link settlePayment}, so it takes turns with reports that
 * arrive meanwhile). One the provider still cannot take waits for the next sweep. Answers how
 * many were brought to an end.
 */
export async function resumeCutShortPayments(
  db: DatabaseSync,
  adapters: CheckoutAdapters,
  now: () => Date,
): Promise<number> {
  const rows = cachedStatement(
    db,
    `SELECT id, provider FROM reservations
     WHERE payment_status IN ('late', 'refunding') AND provider_order_id IS NOT NULL`,
  ).all() as Array<{ id: number; provider: string }>;
  let ended = 0;
  for (const row of rows) {
    const adapter = adapterFor(adapters, row.provider);
    if (adapter === null) continue;
    try {
      await settlePayment(db, adapter, row.id, now);
      const after = findReservation(db, row.id)?.payment_status;
      if (after !== 'late' && after !== 'refunding') ended += 1;
    } catch (error) {
      console.warn(`payment sweep: reservation ${String(row.id)}: ${String(error)}`);
    }
  }
  return ended;
}
