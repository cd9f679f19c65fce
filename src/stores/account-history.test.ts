import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer, CustomerReview, CustomerOrder, Page, Reservation } from '../lib/types.ts';

// The customers/* calls are stubbed; each test says what the server answers.
const api = vi.hoisted(() => ({
  historyPage: vi.fn(),
  customerCode: vi.fn<() => Promise<string>>(),
  postReview: vi.fn<() => Promise<CustomerReview>>(),
}));
vi.mock('../lib/api/customers.ts', () => ({
  customerCode: api.customerCode,
  postReview: api.postReview,
}));
vi.mock('../lib/api/customer-history.ts', () => ({ historyPage: api.historyPage }));

let storage: Record<string, string> = {};

/** Fresh copies of the stores over the current storage, as a page load reads them. */
async function load() {
  vi.resetModules();
  const { setPersistentEngine } = await import('@nanostores/persistent');
  setPersistentEngine(storage, { addEventListener: () => {}, removeEventListener: () => {} });
  const history = await import('./account-history.ts');
  const code = await import('./customer-code.ts');
  const { $user } = await import('./user.ts');
  const { ApiRequestError } = await import('../lib/api/client.ts');
  $user.set({ loaded: true, customer: { id: 9, email: 'kari@example.no' } as Customer });
  return { ...history, ...code, $user, ApiRequestError };
}

const order = (id: number, date: string, total = 100): CustomerOrder => ({
  id,
  vat: 25,
  vatTotal: 20,
  netAmount: 80,
  total,
  lines: [],
  date,
  status: 'paid',
  withdrawal: null,
});

const reservation = (id: number, date: string) => ({ id, date }) as Reservation;

const review = (id: number, createdAt: string): CustomerReview => ({
  id,
  articleId: 7,
  articleName: 'Lue',
  rating: 4,
  content: 'Fin',
  createdAt,
  approved: false,
  trueToSize: true,
  anonymous: false,
});

function page<T>(items: T[], currentPage: number, lastPage: number, total: number): Page<T> {
  return { items, page: { currentPage, lastPage, perPage: 2, total } };
}

beforeEach(() => {
  storage = {};
  api.historyPage.mockReset();
  api.customerCode.mockReset();
  api.postReview.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('loadHistory', () => {
  it('starts idle and loads page 1', async () => {
    const s = await load();
    expect(s.$history.get().orders).toEqual({
      status: 'idle',
      items: [],
      page: 0,
      lastPage: 0,
      total: 0,
    });
    api.historyPage.mockResolvedValue(
      page([order(2, '2025-03-01'), order(1, '2025-02-01')], 1, 2, 3),
    );
    await s.loadHistory('orders');
    expect(api.historyPage).toHaveBeenCalledWith('orders', 1);
    expect(s.$history.get().orders).toMatchObject({
      status: 'ready',
      page: 1,
      lastPage: 2,
      total: 3,
    });
    expect(s.$history.get().orders.items.map((o) => o.id)).toEqual([2, 1]);
  });

  it('merges later pages by id, the newer entry winning, newest first', async () => {
    const s = await load();
    api.historyPage
      .mockResolvedValueOnce(page([order(3, '2025-03-01'), order(2, '2025-02-01')], 1, 2, 3))
      // A new order moved order 2 onto page 2, and its total changed meanwhile.
      .mockResolvedValueOnce(page([order(2, '2025-02-01', 555), order(1, '2025-02-01')], 2, 2, 3));
    await s.loadHistory('orders');
    await s.loadMoreHistory('orders');
    expect(api.historyPage).toHaveBeenLastCalledWith('orders', 2);
    const { items, page: loaded } = s.$history.get().orders;
    expect(items.map((o) => [o.id, o.total])).toEqual([
      [3, 100],
      [2, 555],
      [1, 100],
    ]);
    expect(loaded).toBe(2);
  });

  it('sorts reservations by date and reviews by their creation date', async () => {
    const s = await load();
    api.historyPage
      .mockResolvedValueOnce(
        page([reservation(1, '2025-01-05'), reservation(2, '2024-12-31')], 1, 1, 2),
      )
      .mockResolvedValueOnce(page([review(5, '2024-01-01'), review(6, '2025-01-01')], 1, 1, 2));
    await s.loadHistory('reservations');
    await s.loadHistory('reviews');
    expect(s.$history.get().reservations.items.map((r) => r.id)).toEqual([1, 2]);
    expect(s.$history.get().reviews.items.map((r) => r.id)).toEqual([6, 5]);
  });

  it('page 1 again replaces what was loaded', async () => {
    const s = await load();
    api.historyPage
      .mockResolvedValueOnce(page([order(1, '2025-01-01')], 1, 1, 1))
      .mockResolvedValueOnce(page([order(7, '2025-04-01')], 1, 1, 1));
    await s.loadHistory('orders');
    await s.loadHistory('orders');
    expect(s.$history.get().orders.items.map((o) => o.id)).toEqual([7]);
  });

  it('loads no more past the last page or while loading', async () => {
    const s = await load();
    api.historyPage.mockResolvedValue(page([order(1, '2025-01-01')], 1, 1, 1));
    await s.loadHistory('orders');
    await s.loadMoreHistory('orders');
    expect(api.historyPage).toHaveBeenCalledTimes(1);

    api.historyPage.mockResolvedValueOnce(page([], 1, 3, 5));
    await s.loadHistory('reviews');
    api.historyPage.mockImplementation(() => new Promise(() => undefined));
    void s.loadMoreHistory('reviews');
    await s.loadMoreHistory('reviews');
    expect(api.historyPage).toHaveBeenCalledTimes(3);
  });

  it('drops the answer to an older request', async () => {
    const s = await load();
    let answerFirst: (p: Page<CustomerOrder>) => void = () => undefined;
    api.historyPage
      .mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)))
      .mockResolvedValueOnce(page([order(2, '2025-02-01')], 1, 1, 1));
    const first = s.loadHistory('orders');
    await s.loadHistory('orders');
    answerFirst(page([order(1, '2025-01-01')], 1, 1, 1));
    await first;
    expect(s.$history.get().orders.items.map((o) => o.id)).toEqual([2]);
  });

  it.each([401, 404])('on %i clears the user and sets status error', async (status) => {
    const s = await load();
    api.historyPage.mockRejectedValue(new s.ApiRequestError(status, 'x'));
    await s.loadHistory('reservations');
    expect(s.$history.get().reservations.status).toBe('error');
    expect(s.$user.get().customer).toBeNull();
    expect(console.error).not.toHaveBeenCalled();
  });

  it('on another failure keeps the user and the items, and logs', async () => {
    const s = await load();
    api.historyPage.mockResolvedValueOnce(page([order(1, '2025-01-01')], 1, 2, 3));
    await s.loadHistory('orders');
    api.historyPage.mockRejectedValueOnce(new s.ApiRequestError(500, 'x'));
    await s.loadMoreHistory('orders');
    expect(s.$history.get().orders).toMatchObject({ status: 'error', page: 1 });
    expect(s.$history.get().orders.items).toHaveLength(1);
    expect(s.$user.get().customer).not.toBeNull();
    expect(console.error).toHaveBeenCalled();
  });
});

describe('updateOrder', () => {
  it('shows the order as it now stands in place of the loaded one, and leaves the others', async () => {
    const s = await load();
    api.historyPage.mockResolvedValue(
      page([order(2, '2025-03-01'), order(1, '2025-02-01')], 1, 1, 2),
    );
    await s.loadHistory('orders');
    s.updateOrder({ ...order(2, '2025-03-01'), status: 'withdrawn' });
    s.updateOrder({ ...order(3, '2025-03-02'), status: 'withdrawn' });
    expect(s.$history.get().orders.items.map((o) => [o.id, o.status])).toEqual([
      [2, 'withdrawn'],
      [1, 'paid'],
    ]);
  });
});

describe('loadCustomerCode', () => {
  it('loads the code', async () => {
    api.customerCode.mockResolvedValue('K-9');
    const s = await load();
    expect(await s.loadCustomerCode()).toBe('K-9');
    expect(s.$customerCode.get()).toBe('K-9');
  });

  it('on 401 clears the user and answers null', async () => {
    const s = await load();
    api.customerCode.mockRejectedValue(new s.ApiRequestError(401, 'x'));
    expect(await s.loadCustomerCode()).toBeNull();
    expect(s.$user.get().customer).toBeNull();
  });
});

describe('submitReview', () => {
  const input = { articleId: 7, rating: 4, content: 'Fin', trueToSize: true, anonymous: false };

  it('adds the new review, pending, to the loaded ones', async () => {
    const s = await load();
    api.historyPage.mockResolvedValue(page([review(5, '2024-01-01')], 1, 1, 1));
    await s.loadHistory('reviews');
    api.postReview.mockResolvedValue(review(6, '2025-01-01'));
    expect(await s.submitReview(input)).toEqual({ ok: true });
    expect(api.postReview).toHaveBeenCalledWith(input);
    expect(s.$history.get().reviews.items.map((r) => [r.id, r.approved])).toEqual([
      [6, false],
      [5, false],
    ]);
    expect(s.$history.get().reviews.total).toBe(2);
  });

  it('answers a 422 with the translated message', async () => {
    const s = await load();
    api.postReview.mockRejectedValue(
      new s.ApiRequestError(422, 'x', { article_id: ['Not bought by you.'] }),
    );
    expect(await s.submitReview(input)).toEqual({
      ok: false,
      message: 'Ugyldig data',
      fields: { articleId: 'Ugyldig data' },
    });
  });

  it('on 401 clears the user and asks to log in', async () => {
    const s = await load();
    api.postReview.mockRejectedValue(new s.ApiRequestError(401, 'x'));
    expect(await s.submitReview(input)).toMatchObject({
      ok: false,
      message: 'Ingen bruker logget inn - vennligst logg inn',
    });
    expect(s.$user.get().customer).toBeNull();
  });
});
