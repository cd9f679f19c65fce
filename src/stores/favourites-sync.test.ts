import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '../lib/types.ts';

// The favourites calls are stubbed; each test says what the server answers.
const api = vi.hoisted(() => ({
  getFavourites: vi.fn<() => Promise<number[]>>(),
  saveFavourites: vi.fn<(ids: readonly number[]) => Promise<number[]>>(),
}));
vi.mock('../lib/api/customers.ts', () => api);

let storage: Record<string, string> = {};

/** Fresh copies of the stores over the current storage, as a page load reads them. */
async function load() {
  vi.resetModules();
  const { setPersistentEngine } = await import('@nanostores/persistent');
  setPersistentEngine(storage, { addEventListener: () => {}, removeEventListener: () => {} });
  const favourites = await import('./favourites.ts');
  const sync = await import('./favourites-sync.ts');
  const { $user } = await import('./user.ts');
  const { ApiRequestError } = await import('../lib/api/client.ts');
  return { ...favourites, ...sync, $user, ApiRequestError };
}

const customer = (id: number) => ({ id, email: `${String(id)}@example.no` }) as Customer;
const logIn = (s: Awaited<ReturnType<typeof load>>, id = 9) =>
  s.$user.set({ loaded: true, customer: customer(id) });

/** Lets pending answers and the save delay run. */
const settle = () => vi.advanceTimersByTimeAsync(300);

beforeEach(() => {
  storage = {};
  api.getFavourites.mockReset();
  api.saveFavourites.mockReset().mockImplementation(async (ids) => [...ids]);
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('$favourites', () => {
  it('toggles an id in and out, persisted under `favourites`', async () => {
    const s = await load();
    s.toggleFavourite(4);
    s.toggleFavourite(7);
    expect(s.$favourites.get()).toEqual([4, 7]);
    expect(s.isFavourite(s.$favourites.get(), 7)).toBe(true);
    s.toggleFavourite(4);
    expect(s.$favourites.get()).toEqual([7]);
    expect(storage['favourites']).toBe('[7]');
    expect(s.isFavourite(s.$favourites.get(), 4)).toBe(false);
  });

  it.each(['{', '"1,2"', '[1,"2"]', '[0]', '[1.5]', '{"ids":[1]}'])(
    'reads the corrupt stored value %s as none',
    async (value) => {
      storage['favourites'] = value;
      const s = await load();
      expect(s.$favourites.get()).toEqual([]);
    },
  );

  it('a guest keeps them locally without asking the server', async () => {
    const s = await load();
    const stop = s.startFavouriteSync();
    s.toggleFavourite(4);
    await settle();
    expect(api.getFavourites).not.toHaveBeenCalled();
    expect(api.saveFavourites).not.toHaveBeenCalled();
    stop();
  });
});

describe('syncing with the account', () => {
  it('joins the local set with the server set on login and saves the union', async () => {
    storage['favourites'] = '[1,2]';
    api.getFavourites.mockResolvedValue([2, 3]);
    const s = await load();
    const stop = s.startFavouriteSync();
    logIn(s);
    await settle();
    expect(s.$favourites.get()).toEqual([2, 3, 1]);
    expect(api.saveFavourites).toHaveBeenCalledTimes(1);
    expect(api.saveFavourites).toHaveBeenCalledWith([2, 3, 1]);
    stop();
  });

  it('saves nothing when the server already holds every local id', async () => {
    storage['favourites'] = '[2]';
    api.getFavourites.mockResolvedValue([2, 3]);
    const s = await load();
    logIn(s);
    const stop = s.startFavouriteSync();
    await settle();
    expect(s.$favourites.get()).toEqual([2, 3]);
    expect(api.saveFavourites).not.toHaveBeenCalled();
    stop();
  });

  it('saves a burst of toggles once, 300 ms after the last', async () => {
    api.getFavourites.mockResolvedValue([]);
    const s = await load();
    logIn(s);
    const stop = s.startFavouriteSync();
    await settle();
    s.toggleFavourite(4);
    await vi.advanceTimersByTimeAsync(200);
    s.toggleFavourite(5);
    await vi.advanceTimersByTimeAsync(299);
    expect(api.saveFavourites).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.saveFavourites.mock.calls).toEqual([[[4, 5]]]);
    stop();
  });

  it('saves nothing over the server set before it has been read', async () => {
    let answer: (ids: number[]) => void = () => undefined;
    api.getFavourites.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const s = await load();
    logIn(s);
    const stop = s.startFavouriteSync();
    s.toggleFavourite(4);
    await settle();
    expect(api.saveFavourites).not.toHaveBeenCalled();
    answer([8]);
    await settle();
    expect(s.$favourites.get()).toEqual([8, 4]);
    expect(api.saveFavourites.mock.calls).toEqual([[[8, 4]]]);
    stop();
  });

  it('writes one set at a time, the newest last', async () => {
    api.getFavourites.mockResolvedValue([]);
    const answers: Array<() => void> = [];
    const s = await load();
    logIn(s);
    const stop = s.startFavouriteSync();
    await settle();
    api.saveFavourites.mockImplementation(
      (ids) => new Promise((resolve) => answers.push(() => resolve([...ids]))),
    );
    s.toggleFavourite(4);
    await settle();
    s.toggleFavourite(5);
    await settle();
    expect(api.saveFavourites).toHaveBeenCalledTimes(1);
    answers[0]?.();
    await settle();
    expect(api.saveFavourites.mock.calls).toEqual([[[4]], [[4, 5]]]);
    answers[1]?.();
    await settle();
    expect(api.saveFavourites).toHaveBeenCalledTimes(2);
    stop();
  });

  it('takes the set the server keeps when it drops an id', async () => {
    api.getFavourites.mockResolvedValue([]);
    api.saveFavourites.mockResolvedValue([4]);
    const s = await load();
    logIn(s);
    const stop = s.startFavouriteSync();
    await settle();
    s.toggleFavourite(4);
    s.toggleFavourite(99999);
    await settle();
    await settle();
    expect(s.$favourites.get()).toEqual([4]);
    expect(api.saveFavourites).toHaveBeenCalledTimes(1);
    stop();
  });

  it('keeps the set locally when saving fails, and tries again on the next change', async () => {
    api.getFavourites.mockResolvedValue([]);
    const s = await load();
    logIn(s);
    const stop = s.startFavouriteSync();
    await settle();
    api.saveFavourites.mockRejectedValueOnce(new s.ApiRequestError(500, 'down'));
    s.toggleFavourite(4);
    await settle();
    expect(s.$favourites.get()).toEqual([4]);
    expect(console.error).toHaveBeenCalled();
    s.toggleFavourite(5);
    await settle();
    expect(api.saveFavourites.mock.calls.at(-1)).toEqual([[4, 5]]);
    stop();
  });

  it('clears the user when the server says nobody is logged in', async () => {
    storage['favourites'] = '[1]';
    const s = await load();
    api.getFavourites.mockRejectedValue(new s.ApiRequestError(404, 'Not found.'));
    logIn(s);
    await s.syncFavourites();
    expect(s.$user.get().customer).toBeNull();
  });

  it('empties the local set on logout, and joins the next account afresh', async () => {
    api.getFavourites.mockResolvedValueOnce([1, 2]).mockResolvedValueOnce([7]);
    const s = await load();
    const stop = s.startFavouriteSync();
    logIn(s, 9);
    await settle();
    expect(s.$favourites.get()).toEqual([1, 2]);
    s.$user.set({ loaded: false, customer: null });
    expect(s.$favourites.get()).toEqual([]);
    logIn(s, 10);
    await settle();
    expect(s.$favourites.get()).toEqual([7]);
    expect(api.saveFavourites).not.toHaveBeenCalled();
    stop();
  });
});
