import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getBundle } from '../lib/api/catalogue.ts';
import type { Article } from '../lib/types.ts';
import { $bundle, loadBundle } from './bundle.ts';

vi.mock('../lib/api/catalogue.ts', () => ({ getBundle: vi.fn() }));
// Article 5's name is held by a lower id in this build.
vi.mock('./product-paths.ts', () => ({
  loadProductPaths: async () => new Map([[5, 'vare-5--5']]),
}));
const bundle = vi.mocked(getBundle);
const article = (id: number) => ({ id, name: `Vare ${String(id)}` }) as Article;

beforeEach(() => {
  bundle.mockReset();
});

describe('loadBundle', () => {
  it('loads the ids of the path and keeps their order', async () => {
    bundle.mockResolvedValue([article(3), article(9), article(5)]);
    await loadBundle('/utvalg/9+5+3');
    expect(bundle).toHaveBeenCalledWith([9, 5, 3]);
    const state = $bundle.get();
    expect(state.status === 'ready' && state.articles.map((a) => a.id)).toEqual([9, 5, 3]);
    expect(state.status === 'ready' && state.articles.map((a) => a.path)).toEqual([
      undefined,
      '/product/vare-5--5',
      undefined,
    ]);
  });

  it('answers invalid ids without asking the server', async () => {
    await loadBundle('/utvalg/1+x');
    expect($bundle.get()).toEqual({ status: 'invalid' });
    expect(bundle).not.toHaveBeenCalled();
  });

  it('reports a failed request', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    bundle.mockRejectedValue(new Error('HTTP 500'));
    await loadBundle('/utvalg/1');
    expect($bundle.get()).toEqual({ status: 'error' });
  });

  it('lets the later of two loads win', async () => {
    let answerFirst: (a: Article[]) => void = () => undefined;
    bundle
      .mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)))
      .mockResolvedValueOnce([article(2)]);
    const first = loadBundle('/utvalg/1');
    await loadBundle('/utvalg/2');
    answerFirst([article(1)]);
    await first;
    const state = $bundle.get();
    expect(state.status === 'ready' && state.articles.map((a) => a.id)).toEqual([2]);
  });
});
