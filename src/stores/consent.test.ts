import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customer } from '../test-support/customer.ts';

// customers/* is stubbed: the account update answers the customer it was given.
const api = vi.hoisted(() => ({ updateCustomer: vi.fn() }));
vi.mock('../lib/api/customers.ts', () => api);

const NOW = Date.parse('2026-11-01T12:00:00Z');
const SECONDS = NOW / 1000;
const YEAR_MS = 365 * 24 * 3600 * 1000;
let storage: Record<string, string>;
let cookie: string;
let written: string[];

/** A fresh copy of the modules over the current cookie and storage, as a page load reads it. */
async function load() {
  vi.resetModules();
  const { setPersistentEngine } = await import('@nanostores/persistent');
  setPersistentEngine(storage, { addEventListener: () => {}, removeEventListener: () => {} });
  return { ...(await import('./consent.ts')), ...(await import('./consent-choice.ts')) };
}

beforeEach(() => {
  storage = {};
  cookie = '';
  written = [];
  api.updateCustomer.mockReset();
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  vi.stubGlobal('location', { protocol: 'https:', hostname: 'www.toppfart.no', reload: vi.fn() });
  vi.stubGlobal('sessionStorage', { getItem: () => null, setItem: () => undefined });
  // A small cookie jar: what the page writes is what it reads back, and Max-Age=0 deletes.
  vi.stubGlobal('document', {
    get cookie() {
      return cookie;
    },
    set cookie(value: string) {
      written.push(value);
      const pair = value.split(';')[0] ?? '';
      const name = `${pair.split('=')[0] ?? ''}=`;
      const kept = cookie.split('; ').filter((p) => p !== '' && !p.startsWith(name));
      cookie = [...kept, ...(value.includes('Max-Age=0') ? [] : [pair])].join('; ');
    },
    querySelector: () => null,
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const logIn = (changes: Parameters<typeof customer>[0] = {}) => {
  storage['user'] = JSON.stringify({ loaded: true, customer: customer(changes) });
};

describe('$consent', () => {
  it('reads the choice in force from the cookie', async () => {
    cookie = `a=1; cookiesAccepted=true.a-p.${SECONDS - 3600}`;
    const { $consent } = await load();
    expect($consent.get()).toEqual({
      analytics: true,
      tagManager: false,
      pixel: true,
      givenAt: NOW - 3600_000,
    });
  });

  it('reads a choice older than a year as none, though the browser kept the cookie', async () => {
    cookie = `cookiesAccepted=true.atp.${SECONDS}`;
    vi.setSystemTime(NOW + YEAR_MS + 1000);
    const { $consent } = await load();
    expect($consent.get()).toBeNull();
  });

  it('reads no cookie, or an unreadable one, as none', async () => {
    expect((await load()).$consent.get()).toBeNull();
    cookie = 'cookiesAccepted=true';
    expect((await load()).$consent.get()).toBeNull();
  });
});

describe('chooseConsent', () => {
  it("writes a guest's choice to the cookie for a year, Secure over https", async () => {
    const { chooseConsent, $consent } = await load();
    expect(await chooseConsent({ analytics: true, tagManager: false, pixel: false })).toBeNull();
    expect(written).toEqual([
      `cookiesAccepted=true.a--.${SECONDS}; Path=/; Expires=Mon, 01 Nov 2027 12:00:00 GMT; SameSite=Lax; Secure`,
    ]);
    expect($consent.get()).toEqual({
      analytics: true,
      tagManager: false,
      pixel: false,
      givenAt: NOW,
    });
    expect(api.updateCustomer).not.toHaveBeenCalled();
  });

  it("saves a logged-in customer's choice in the account's cookie fields too", async () => {
    logIn();
    api.updateCustomer.mockResolvedValue(customer({ cookie_default: true, cookie_ga: true }));
    const { chooseConsent } = await load();
    expect(await chooseConsent({ analytics: true, tagManager: false, pixel: false })).toEqual({
      ok: true,
    });
    expect(api.updateCustomer).toHaveBeenCalledWith(4, {
      cookie_default: true,
      cookie_ga: true,
      cookie_google_tag_manager: false,
      cookie_meta_pixel: false,
    });
    expect(cookie).toBe(`cookiesAccepted=true.a--.${SECONDS}`);
  });
  it('deletes the cookies of the vendors of a kind it withdraws, and only theirs', async () => {
    cookie = `_ga=GA1.1.2.3; _fbp=fb.1.2; cookiesAccepted=true.atp.${SECONDS - 60}`;
    const { chooseConsent } = await load();
    await chooseConsent({ analytics: false, tagManager: true, pixel: true });
    expect(cookie).toBe(`_fbp=fb.1.2; cookiesAccepted=true.-tp.${SECONDS}`);
    expect(written).toEqual([
      expect.stringMatching(/^cookiesAccepted=true\.-tp\./u),
      '_ga=; Max-Age=0; Path=/',
      '_ga=; Max-Age=0; Path=/; Domain=www.toppfart.no',
      '_ga=; Max-Age=0; Path=/; Domain=toppfart.no',
    ]);
  });
});

describe('takeAccountConsent', () => {
  it("takes a logged-in customer's account choice when the cookie is missing", async () => {
    logIn({ cookie_default: true, cookie_google_tag_manager: true });
    const { takeAccountConsent, $consent } = await load();
    expect(takeAccountConsent()).toEqual({
      analytics: false,
      tagManager: true,
      pixel: false,
      givenAt: NOW,
    });
    expect($consent.get()?.tagManager).toBe(true);
    expect(cookie).toBe(`cookiesAccepted=true.-t-.${SECONDS}`);
    expect(api.updateCustomer).not.toHaveBeenCalled();
  });

  it('keeps the choice in force in this browser over the account', async () => {
    cookie = `cookiesAccepted=true.---.${SECONDS}`;
    logIn({ cookie_default: true, cookie_ga: true });
    const { takeAccountConsent } = await load();
    expect(takeAccountConsent()?.analytics).toBe(false);
    expect(written).toEqual([]);
  });

  it('asks a guest, and a customer whose account holds no choice', async () => {
    expect((await load()).takeAccountConsent()).toBeNull();
    logIn({ cookie_ga: true });
    expect((await load()).takeAccountConsent()).toBeNull();
    expect(written).toEqual([]);
  });
});
