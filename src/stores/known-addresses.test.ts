import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FoundAddress } from '../lib/types.ts';

let storage: Record<string, string>;

/** A fresh copy of the store over `storage`, as a page load reads it. */
async function load() {
  vi.resetModules();
  const { setPersistentEngine } = await import('@nanostores/persistent');
  setPersistentEngine(storage, { addEventListener: () => {}, removeEventListener: () => {} });
  return import('./known-addresses.ts');
}

const storgata: FoundAddress = {
  street: 'Storgata',
  houseNumber: '1',
  postalCode: '0150',
  city: 'Oslo',
};

beforeEach(() => {
  storage = {};
});

describe('$knownAddresses', () => {
  it('starts empty, and keeps what is set for the next page', async () => {
    const { $knownAddresses } = await load();
    expect($knownAddresses.get()).toEqual([]);
    $knownAddresses.set([storgata]);
    expect(JSON.parse(storage['knownAddresses'] ?? 'null')).toEqual([storgata]);
    expect((await load()).$knownAddresses.get()).toEqual([storgata]);
  });

  it.each([
    ['text that is not JSON', '{"street'],
    ['an object', JSON.stringify(storgata)],
    ['an address without its city', JSON.stringify([{ ...storgata, city: undefined }])],
    ['a house number as a number', JSON.stringify([{ ...storgata, houseNumber: 1 }])],
    ['null in the list', JSON.stringify([storgata, null])],
  ])('reads %s, left by other code, as none', async (_what, stored) => {
    storage['knownAddresses'] = stored;
    expect((await load()).$knownAddresses.get()).toEqual([]);
  });
});
