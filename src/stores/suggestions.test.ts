import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchArticles } from '../lib/api/catalogue.ts';
import type { Article } from '../lib/types.ts';
import { $suggestions, clearSuggestions, suggest } from './suggestions.ts';

vi.mock('../lib/api/catalogue.ts', () => ({ searchArticles: vi.fn() }));
const search = vi.mocked(searchArticles);

const article = (id: number, name: string) => ({ id, name, price: 49900 }) as Article;

const categories = [
  { label: 'Jakker', context: 'Klær › Jakker', href: '/klaer/jakker' },
  { label: 'Sko', context: 'Sko', href: '/sko' },
];

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify([...categories, { label: 'bad' }]))),
  );
  search.mockReset();
});

afterEach(() => {
  clearSuggestions();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('suggest', () => {
  it('asks once after typing pauses, for six articles, and matches categories', async () => {
    search.mockResolvedValue({ total: 1, articles: [article(7, 'Vinterjakke Blå')] });
    suggest('j');
    suggest('ja');
    suggest('jakke');
    await vi.advanceTimersByTimeAsync(199);
    expect(search).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect($suggestions.get().status).toBe('ready'));
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]?.[0]).toMatchObject({ query: 'jakke', take: 6 });
    expect($suggestions.get()).toEqual({
      query: 'jakke',
      status: 'ready',
      categories: [categories[0]],
      articles: [
        { id: 7, name: 'Vinterjakke Blå', price: 49900, href: '/product/vinterjakke-bla' },
      ],
    });
  });

  it('cancels a request a newer query made stale and keeps the newer answer', async () => {
    let answerOld: (value: { total: number; articles: Article[] }) => void = () => undefined;
    search
      .mockImplementationOnce(
        (query) =>
          new Promise((resolve, reject) => {
            answerOld = resolve;
            query.signal?.addEventListener('abort', () => reject(new Error('aborted')));
          }),
      )
      .mockResolvedValueOnce({ total: 1, articles: [article(2, 'Sko Ny')] });
    suggest('sko');
    await vi.advanceTimersByTimeAsync(200);
    const firstSignal = search.mock.calls[0]?.[0].signal;
    suggest('sko ny');
    expect(firstSignal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    answerOld({ total: 1, articles: [article(1, 'Gammel')] });
    await vi.waitFor(() => expect($suggestions.get().query).toBe('sko ny'));
    expect($suggestions.get().articles.map((a) => a.id)).toEqual([2]);
    expect($suggestions.get().status).toBe('ready');
  });

  it('clears at once for an empty query, without asking', async () => {
    suggest('  , ');
    await vi.advanceTimersByTimeAsync(500);
    expect(search).not.toHaveBeenCalled();
    expect($suggestions.get().status).toBe('idle');
  });

  it('reports a failed search as an error state', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    search.mockRejectedValue(new Error('HTTP 500'));
    suggest('ull');
    await vi.advanceTimersByTimeAsync(200);
    await vi.waitFor(() => expect($suggestions.get().status).toBe('error'));
    expect($suggestions.get().articles).toEqual([]);
  });
});
