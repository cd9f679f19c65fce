import { describe, expect, it, vi } from 'vitest';
import type { ProductEntry } from './product-details.ts';

// The build's channel is one instance per process, whatever copies of the modules read it.
const { slots, entries } = vi.hoisted(() => ({
  slots: new Map<string, { value: unknown }>(),
  entries: { value: [] as ProductEntry[] },
}));
vi.mock('../build-channel.ts', () => ({
  buildSlot: (name: string, initial: unknown) => {
    if (!slots.has(name)) slots.set(name, { value: initial });
    return slots.get(name);
  },
}));
vi.mock('./collections.ts', () => ({ productEntries: () => Promise.resolve(entries.value) }));

/** The module afresh, as each build's bundle has its own copy. */
async function nextBuild(list: ProductEntry[]) {
  vi.resetModules();
  entries.value = list;
  return import('./product-paths.ts');
}

const entry = (id: number, name: string, slug: string, digest = 'a'): ProductEntry => ({
  article: { id, name },
  slug,
  digest,
});

describe('builtProductPaths', () => {
  it("keeps the last build's exceptions while no page's name or segment changed", async () => {
    const clash = [entry(1, 'Jakke', 'jakke'), entry(20, 'Jakke', 'jakke--20')];
    const first = await (await nextBuild(clash)).builtProductPaths();
    expect([...first]).toEqual([[20, 'jakke--20']]);

    // A campaign: the details' digests changed, not the names.
    const again = clash.map((e) => ({ ...e, digest: 'b' }));
    expect(await (await nextBuild(again)).builtProductPaths()).toBe(first);

    const renamed = [entry(1, 'Jakke', 'jakke'), entry(20, 'Vest', 'vest')];
    expect([...(await (await nextBuild(renamed)).builtProductPaths())]).toEqual([]);
    const moved = [entry(1, 'Jakke', 'jakke--1'), entry(20, 'Jakke', 'jakke')];
    expect([...(await (await nextBuild(moved)).builtProductPaths())]).toEqual([[1, 'jakke--1']]);
  });
});
