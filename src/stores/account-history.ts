/**
 * The logged-in customer's history (docs/spec.md §4): reservations, orders and reviews, each loaded a
 * page at a time and merged by id, and new reviews. A 401 or 404 means nobody is logged in
 * any more and clears the user (docs/spec.md §8). (My page's customer code: customer-code.ts.)
 */

import { atom } from 'nanostores';
import { historyPage } from '../lib/api/customer-history.ts';
import { postReview } from '../lib/api/customers.ts';
import { ApiRequestError, NO_RESPONSE } from '../lib/api/client.ts';
import { accountErrorMessage, NOT_LOGGED_IN } from '../lib/domain/account-messages.ts';
import type { CustomerOrder, HistoryItems, HistoryKind, ReviewInput } from '../lib/types.ts';
import { handleUnauthorised, translatedFields, type AccountResult } from './session.ts';

/** One list of the history: what is loaded so far and where its paging stands. */
export interface HistoryState<T> {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Newest first (by date, then id), each id once. */
  items: T[];
  /** The last page loaded, one-based; 0 before the first. */
  page: number;
  lastPage: number;
  total: number;
}

/** Every list of the history, by kind. */
export type HistoryStates = { [K in HistoryKind]: HistoryState<HistoryItems[K]> };

const idle = <T>(): HistoryState<T> => ({
  status: 'idle',
  items: [],
  page: 0,
  lastPage: 0,
  total: 0,
});

/** The customer's reservations, orders and reviews. */
export const $history = atom<HistoryStates>({
  reservations: idle(),
  orders: idle(),
  reviews: idle(),
});

type HistoryItem = HistoryItems[HistoryKind];

const dateOf = (item: HistoryItem): number => {
  const time = Date.parse('createdAt' in item ? item.createdAt : item.date);
  return Number.isNaN(time) ? -Infinity : time;
};

/**
 * `older` and `newer` as one list: an id in both keeps the newer entry, and the list is
 * sorted newest first by date, then by id.
 */
function mergeById<T extends HistoryItem>(older: readonly T[], newer: readonly T[]): T[] {
  const byId = new Map<number, T>();
  for (const item of [...older, ...newer]) byId.set(item.id, item);
  return [...byId.values()].sort((a, b) => dateOf(b) - dateOf(a) || b.id - a.id);
}

function setList<K extends HistoryKind>(kind: K, state: HistoryState<HistoryItems[K]>): void {
  $history.set({ ...$history.get(), [kind]: state });
}

// The newest request per list: an answer to an older one is dropped.
const latest: Record<HistoryKind, number> = { reservations: 0, orders: 0, reviews: 0 };

function failed(what: string, error: unknown): void {
  if (!handleUnauthorised(error)) console.error(what, error);
}

/**
 * Loads page `page` of a list: page 1 replaces what was loaded, a later page is merged into
 * it by id (docs/spec.md §4). Never rejects; a failure sets status 'error' and keeps the items.
 */
export async function loadHistory<K extends HistoryKind>(kind: K, page = 1): Promise<void> {
  const request = ++latest[kind];
  setList(kind, { ...$history.get()[kind], status: 'loading' });
  try {
    const answer = await historyPage(kind, page);
    if (request !== latest[kind]) return;
    const before: HistoryState<HistoryItems[K]> = $history.get()[kind];
    setList(kind, {
      status: 'ready',
      items: mergeById(page === 1 ? [] : before.items, answer.items),
      page: answer.page.currentPage,
      lastPage: answer.page.lastPage,
      total: answer.page.total,
    });
  } catch (error) {
    if (request !== latest[kind]) return;
    failed(`Could not load the ${kind}`, error);
    setList(kind, { ...$history.get()[kind], status: 'error' });
  }
}

/** Loads the next page of a list, unless one is loading or the last is loaded. */
export async function loadMoreHistory(kind: HistoryKind): Promise<void> {
  const state = $history.get()[kind];
  if (state.status === 'loading' || state.page >= state.lastPage) return;
  await loadHistory(kind, state.page + 1);
}

/**
 * Shows `order` as it now stands (a withdrawal the dialog recorded in it) in place of the
 * loaded one; an order not loaded is left alone.
 */
export function updateOrder(order: CustomerOrder): void {
  const orders = $history.get().orders;
  setList('orders', {
    ...orders,
    items: orders.items.map((loaded) => (loaded.id === order.id ? order : loaded)),
  });
}

/**
 * Posts a review of an article the customer bought and adds it, pending approval, to the
 * loaded reviews.
 */
export async function submitReview(input: ReviewInput): Promise<AccountResult> {
  try {
    const review = await postReview(input);
    const reviews = $history.get().reviews;
    const known = reviews.items.some((item) => item.id === review.id);
    setList('reviews', {
      ...reviews,
      items: mergeById(reviews.items, [review]),
      total: known ? reviews.total : reviews.total + 1,
    });
    return { ok: true };
  } catch (error) {
    if (handleUnauthorised(error)) return { ok: false, message: NOT_LOGGED_IN, fields: {} };
    const answer = error instanceof ApiRequestError ? error : null;
    const status = answer?.status ?? NO_RESPONSE;
    if (status === NO_RESPONSE || status >= 500) console.error('Could not post the review', error);
    return {
      ok: false,
      message: accountErrorMessage(status, answer?.errors ?? {}),
      fields: translatedFields(error),
    };
  }
}
