/**
 * The logged-in customer's history (docs/spec.md §7, `customers/current/{kind}`): reservations,
 * orders and reviews, a page at a time. Apart from the rest of the account's calls
 * (customers.ts), which the session code, and with it the login page and every page's idle
 * session check, loads: only the history page needs these, and the order and reservation
 * mappers (mappers/checkout.ts) come with them.
 */

import type {
  ApiCustomerReview,
  ApiOrderHistory,
  ApiPaginated,
  ApiReservation,
} from '../../../contract/index.ts';
import { toReservation } from '../mappers/checkout.ts';
import { mapList, toPageInfo } from '../mappers/common.ts';
import { toCustomerReview } from '../mappers/customer.ts';
import { toCustomerOrder } from '../mappers/withdrawal.ts';
import type { HistoryItems, HistoryKind, Page } from '../types.ts';
import { defaultClient, type ApiClient } from './client.ts';

interface HistoryWire {
  reservations: ApiReservation;
  orders: ApiOrderHistory;
  reviews: ApiCustomerReview;
}

const historyMappers: { [K in HistoryKind]: (wire: HistoryWire[K]) => HistoryItems[K] | null } = {
  reservations: toReservation,
  orders: toCustomerOrder,
  reviews: toCustomerReview,
};

/**
 * One page (one-based) of the customer's reservations, orders or reviews; 404 when nobody is
 * logged in.
 */
export async function historyPage<K extends HistoryKind>(
  kind: K,
  page: number,
  client: ApiClient = defaultClient(),
): Promise<Page<HistoryItems[K]>> {
  const answer = await client.get<ApiPaginated<HistoryWire[K]>>(`customers/current/${kind}`, {
    page,
  });
  const mapper: (wire: HistoryWire[K]) => HistoryItems[K] | null = historyMappers[kind];
  return { items: mapList(answer?.data, mapper), page: toPageInfo(answer?.meta) };
}
