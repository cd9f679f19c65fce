import { Hono } from 'hono';
import type { ApiReservation } from '../../contract/index.ts';
import { sessionCustomerId } from '../accounts/session-customer.ts';
import { priceReservation } from '../checkout/pricing.ts';
import { findReservation, reserve, toApiReservation } from '../checkout/reserve.ts';
import { readJsonObject } from '../http/body.ts';
import type { AppEnv } from '../http/env.ts';
import { idempotent } from '../http/idempotency.ts';

/**
 * `POST reservations` (Klikk & Hent, or delivery): validates and prices the request from
 * the database, takes the stock in one transaction and answers 201 `ApiReservation`; 422
 * for invalid fields, 409 `ApiStockConflict` when a line is short. Under /api/v1.
 */
export const reservationRoutes = new Hono<AppEnv>();

reservationRoutes.post('/reservations', (c) =>
  idempotent(c, 'reservations', async () => {
    const body = await readJsonObject(c);
    const db = c.get('db');
    const now = c.get('now')();
    const id = reserve(db, priceReservation(db, body, now), now, sessionCustomerId(c));
    const row = findReservation(db, id);
    if (row === undefined) throw new Error(`Reservation ${String(id)} vanished.`);
    return c.json<ApiReservation>(toApiReservation(db, row), 201);
  }),
);
