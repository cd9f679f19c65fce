/**
 * Delivery administration (`/api/v1/admin/orders/{id}/shipments`): the warehouse or the
 * carrier's report records an order's parcels and when each was delivered, with the bearer
 * token of the campaign administration. See README.md beside this file, "Deliveries".
 */

import type { ApiLineUnits } from './withdrawal.ts';

/** Body of `POST admin/orders/{id}/shipments`: a parcel sent, perhaps delivered already. */
export interface ApiShipmentInput {
  /** The units it holds; left out, every unit of the order in no parcel yet. */
  lines?: ApiLineUnits[];
  /** When the shopper received it: an ISO 8601 instant with a time zone, or null (default). */
  deliveredAt?: string | null;
}

/** Body of `PATCH admin/orders/{id}/shipments/{shipmentId}`: the parcel's delivery. */
export interface ApiShipmentDelivery {
  /** An ISO 8601 instant with a time zone, e.g. `2025-03-19T14:05:00+01:00`. */
  deliveredAt: string;
}
