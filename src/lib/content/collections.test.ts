import { afterEach, describe, expect, it, vi } from 'vitest';

const read = vi.fn((name: string) =>
  Promise.resolve(name === 'genders' ? [{ id: 'x', data: { id: 1, name: 'Herre' } }] : []),
);
vi.mock('astro:content', () => ({ getCollection: read, getEntry: vi.fn() }));

/** The module afresh, as each build imports it once. */
async function collections() {
  vi.resetModules();
  read.mockClear();
  return import('./collections.ts');
}

describe('startupList', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('reads a list once per build and shares it, frozen, with every page that asks', async () => {
    vi.stubEnv('DEV', false);
    const { startupList } = await collections();
    const genders = await startupList('genders');
    expect(genders).toEqual([{ id: 1, name: 'Herre' }]);
    expect(Object.isFrozen(genders)).toBe(true);
    expect(await startupList('genders')).toBe(genders);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('reads it anew each time in the dev server, whose lists change while it runs', async () => {
    vi.stubEnv('DEV', true);
    const { startupList } = await collections();
    const first = await startupList('genders');
    expect(await startupList('genders')).not.toBe(first);
    expect(read).toHaveBeenCalledTimes(2);
  });
});
