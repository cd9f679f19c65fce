import { describe, expect, it } from 'vitest';
import { norwegianDay, withdrawalLastDay, withdrawalRefusal } from '../../contract/withdrawal.ts';
import { orderWithdrawal } from '../checkout/withdrawal.ts';
import { openDatabase } from '../db/database.ts';
import { sampleOrders } from './orders.ts';
import { defaultSeedNow, seedDatabase } from './seed.ts';

const now = defaultSeedNow;
const daysAgo = (n: number): string => norwegianDay(new Date(now.getTime() - n * 86_400_000));

describe('the sample orders', () => {
  const db = openDatabase(':memory:');
  const { counts } = seedDatabase(db, { articles: 60, seed: 3, now, orders: true });
  const orders = db
    .prepare(
      'SELECT o.id, r.email FROM orders o JOIN reservations r ON r.id = o.reservation_id ORDER BY o.id',
    )
    .all() as Array<{ id: number; email: string }>;
  const period = (email: string) => {
    const order = orders.find((o) => o.email === email);
    if (order === undefined) throw new Error(`No sample order to ${email}.`);
    return orderWithdrawal(db, order.id);
  };

  it('are written only when asked for, each confirmed with its information', () => {
    expect(orders.map((o) => o.email)).toEqual(sampleOrders.map((o) => o.email));
    expect(counts['shipments']).toBe(7);
    const without = openDatabase(':memory:');
    seedDatabase(without, { articles: 60, seed: 3, now });
    expect(without.prepare('SELECT count(*) AS n FROM orders').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT count(*) AS n FROM orders WHERE informed_at IS NULL').get()).toEqual({
      n: 0,
    });
  });

  it('run their periods from their last delivery: on time, late, in two parcels, on the way, over', () => {
    expect(period('levert@example.no').withdrawal).toMatchObject({
      receivedDay: daysAgo(3),
      lastDay: withdrawalLastDay(daysAgo(3)),
    });
    // Paid 16 days ago and delivered 2 days ago: still open, where a guess from the paid
    // day would have closed it.
    const late = period('sen-levering@example.no').withdrawal;
    expect(late.receivedDay).toBe(daysAgo(2));
    expect(withdrawalRefusal(late, now)).toBeNull();
    const two = period('to-pakker@example.no');
    expect(two.shipments).toHaveLength(2);
    expect(two.withdrawal.receivedDay).toBe(daysAgo(4));
    expect(period('underveis@example.no').withdrawal.lastDay).toBeNull();
    const over = period('gammel-ordre@example.no').withdrawal;
    expect(withdrawalRefusal(over, now)).toContain('Angrefristen for denne ordren gikk ut');
  });
});
