import { vi } from 'vitest';

/** How many Intl objects of one kind a module made when imported, and while used. */
export interface IntlMade {
  atLoad: number;
  inUse: number;
}

/**
 * Imports a module afresh with `load` and runs `use` on it, counting the `Intl[name]` objects
 * made by each: a format made on first use, as a page that writes nothing at load should not
 * pay the browser's locale data, counts `{ atLoad: 0, inUse: 1 }`.
 */
export async function intlMade<M>(
  name: 'NumberFormat' | 'Collator',
  load: () => Promise<M>,
  use: (module: M) => void,
): Promise<IntlMade> {
  vi.resetModules();
  const made = vi.spyOn(Intl, name);
  try {
    const module = await load();
    const atLoad = made.mock.calls.length;
    use(module);
    return { atLoad, inUse: made.mock.calls.length - atLoad };
  } finally {
    made.mockRestore();
  }
}
