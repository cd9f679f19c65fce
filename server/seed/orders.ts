import type { DatabaseSync } from 'node:sqlite';
import { cartSum } from '../../contract/cart-totals.ts';
import { klarnaTaxOf } from '../providers/klarna-wire.ts';

const DAY = 86_400_000;

/** A sample order: its parcels as [lines by place, days before now it came, or null]. */
interface SampleOrder {
  email: string;
  /** Days before now it was paid. */
  paidDaysAgo: number;
  /** Units per line, of the catalogue's first sellable variants in turn. */
  units: number[];
  parcels: Array<{ lines: number[]; deliveredDaysAgo: number | null }>;
}

/**
 * Guest orders paid with the first provider and delivered as the period of withdrawal reads
 * it (contract/README.md, "Deliveries"), to see and withdraw through the withdrawal form by
 * their number and address: on time in one parcel, late in one parcel (home delivery
 * promises 4 working days), in two parcels, with the second still on its way, and one whose
 * period has run out.
 */
export const sampleOrders: readonly SampleOrder[] = [
  {
    email: 'levert@example.no',
    paidDaysAgo: 6,
    units: [1],
    parcels: [{ lines: [0], deliveredDaysAgo: 3 }],
  },
  {
    email: 'sen-levering@example.no',
    paidDaysAgo: 16,
    units: [1],
    parcels: [{ lines: [0], deliveredDaysAgo: 2 }],
  },
  {
    email: 'to-pakker@example.no',
    paidDaysAgo: 14,
    units: [2, 1],
    parcels: [
      { lines: [0], deliveredDaysAgo: 12 },
      { lines: [1], deliveredDaysAgo: 4 },
    ],
  },
  {
    email: 'underveis@example.no',
    paidDaysAgo: 8,
    units: [1, 1],
    parcels: [
      { lines: [0], deliveredDaysAgo: 5 },
      { lines: [1], deliveredDaysAgo: null },
    ],
  },
  {
    email: 'gammel-ordre@example.no',
    paidDaysAgo: 40,
    units: [1],
    parcels: [{ lines: [0], deliveredDaysAgo: 37 }],
  },
];

interface VariantRow {
  variant_id: number;
  article_id: number;
  ean: string;
  name: string;
  size: string;
  color: string;
  price: number;
  pant: number;
}

/**
 * Writes {@link sampleOrders} with their reservations, lines and parcels, each confirmed
 * with its information when paid, over the catalogue just seeded (home delivery from the web
 * shop `webShopId`). Adds the rows written to `counts`.
 */
export function seedOrders(
  db: DatabaseSync,
  nowMs: number,
  webShopId: number,
  counts: Record<string, number>,
): void {
  const variants = db
    .prepare(
      `SELECT v.id AS variant_id, a.id AS article_id, v.ean, a.name, s.name AS size,
         c.name AS color, a.price, coalesce(a.pant, 0) AS pant
       FROM variants v JOIN articles a ON a.id = v.article_id
       JOIN sizes s ON s.id = v.size_id JOIN colors c ON c.id = v.color_id
       WHERE a.visible = 1 AND a.purchasable_on_web = 1 AND a.only_cc = 0
       ORDER BY v.id LIMIT 20`,
    )
    .all() as unknown as VariantRow[];
  const shipping = db.prepare("SELECT price FROM shipping_methods WHERE id = 'delivery'").get() as
    { price: number } | undefined;
  if (variants.length === 0 || shipping === undefined) return;
  const add = (table: string, n = 1): void => {
    counts[table] = (counts[table] ?? 0) + n;
  };
  const insert = (sql: string, ...values: Array<string | number | null>): number =>
    Number(db.prepare(sql).run(...values).lastInsertRowid);
  let next = 0;
  sampleOrders.forEach((sample, i) => {
    const paidAt = new Date(nowMs - sample.paidDaysAgo * DAY).toISOString();
    const lines = sample.units.map((count) => {
      const v = variants[next++ % variants.length] as VariantRow;
      return { ...v, count };
    });
    const subtotal = cartSum(lines);
    const total = subtotal + shipping.price;
    const reservationId = insert(
      `INSERT INTO reservations (shop_id, status_id, name, email, phone, delivery, address,
         city, zipcode, shipping_method_id, subtotal, discount, shipping_price, total,
         provider, provider_order_id, payment_status, created_at)
       VALUES (?, 1, 'Kari Nordmann', ?, '91234567', 1, 'Storgata 12B', 'Oslo', '0155',
         'delivery', ?, 0, ?, ?, 'first', ?, 'paid', ?)`,
      webShopId,
      sample.email,
      subtotal,
      shipping.price,
      total,
      `seed-order-${String(i + 1)}`,
      paidAt,
    );
    const vatTotal = klarnaTaxOf(total);
    const orderId = insert(
      `INSERT INTO orders (reservation_id, provider, provider_order_id, vat, vat_total,
         net_amount, total, created_at, informed_at)
       VALUES (?, 'first', ?, 25, ?, ?, ?, ?, ?)`,
      reservationId,
      `seed-order-${String(i + 1)}`,
      vatTotal,
      total - vatTotal,
      total,
      paidAt,
      paidAt,
    );
    add('reservations');
    add('orders');
    const lineIds = lines.map((l) => {
      const values = [l.variant_id, l.article_id, l.ean, l.name, l.size, l.color, l.count];
      insert(
        `INSERT INTO reservation_lines (reservation_id, variant_id, article_id, ean, name, size,
           color, count, price, pant) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        reservationId,
        ...values,
        l.price,
        l.pant,
      );
      return insert(
        `INSERT INTO order_lines (order_id, variant_id, article_id, ean, name, size, color,
           count, price, pant) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        orderId,
        ...values,
        l.price,
        l.pant,
      );
    });
    add('reservation_lines', lines.length);
    add('order_lines', lines.length);
    for (const parcel of sample.parcels) {
      const deliveredAt =
        parcel.deliveredDaysAgo === null
          ? null
          : new Date(nowMs - parcel.deliveredDaysAgo * DAY).toISOString();
      const shipmentId = insert(
        'INSERT INTO shipments (order_id, delivered_at, created_at) VALUES (?, ?, ?)',
        orderId,
        deliveredAt,
        paidAt,
      );
      add('shipments');
      for (const line of parcel.lines) {
        insert(
          'INSERT INTO shipment_lines (shipment_id, order_line_id, count) VALUES (?, ?, ?)',
          shipmentId,
          lineIds[line] ?? 0,
          lines[line]?.count ?? 0,
        );
        add('shipment_lines');
      }
    }
  });
}
