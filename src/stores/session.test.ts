import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LINK_INVALID } from '../lib/domain/account-messages.ts';
import type { Customer } from '../lib/types.ts';

// Every customers/* call is stubbed; each test says what the server answers.
const api = vi.hoisted(() => ({
  login: vi.fn(),
  register: vi.fn(),
  logout: vi.fn(),
  currentCustomer: vi.fn(),
  updateCustomer: vi.fn(),
  deleteCustomer: vi.fn(),
  resendVerification: vi.fn(),
  verifyEmail: vi.fn(),
  requestPasswordReset: vi.fn(),
  resetPassword: vi.fn(),
}));
vi.mock('../lib/api/customers.ts', () => api);

let storage: Record<string, string> = {};
let tabStorage: Map<string, string>;
const location = { reload: vi.fn(), assign: vi.fn(), origin: 'https://butikk.test' };

/** A fresh copy of the modules over the current storage, as a page load reads it. */
async function load() {
  vi.resetModules();
  const { setPersistentEngine } = await import('@nanostores/persistent');
  setPersistentEngine(storage, { addEventListener: () => {}, removeEventListener: () => {} });
  const session = await import('./session.ts');
  const user = await import('./user.ts');
  const alerts = await import('./alerts.ts');
  const { ApiRequestError } = await import('../lib/api/client.ts');
  const fail = (status: number, errors: Record<string, string[]> = {}) =>
    new ApiRequestError(status, `HTTP ${String(status)}`, errors);
  return { ...session, ...user, ...alerts, fail };
}

const kari: Customer = {
  id: 9,
  firstname: 'Kari',
  surname: 'Nordmann',
  auth_id: 'abc',
  email: 'kari@example.no',
  phone: '91234567',
  birth_date: null,
  gender_id: null,
  cookies: true,
  permissions: [],
  terms_conditions: true,
  verified: false,
  address: { addr: null, postnr: null },
  city: null,
  preferences: [],
  club: false,
  marketing: false,
  newsletter: true,
  event_invite: false,
  birthday_gift: false,
  cookie_default: false,
  cookie_ga: false,
  cookie_google_tag_manager: false,
  cookie_meta_pixel: false,
};

const stored = (customer: Customer | null) =>
  JSON.stringify({ loaded: customer !== null, customer });

const SIGNED_OUT = { loaded: false, customer: null };

beforeEach(() => {
  storage = {};
  tabStorage = new Map();
  for (const fn of Object.values(api)) fn.mockReset();
  location.reload.mockReset();
  location.assign.mockReset();
  vi.stubGlobal('location', location);
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => tabStorage.get(key) ?? null,
    setItem: (key: string, value: string) => tabStorage.set(key, value),
  });
  // The browser holds a session of the API (its readable anti-forgery cookie).
  vi.stubGlobal('document', { cookie: 'count=0; XSRF-TOKEN=abc%3D', querySelector: () => null });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('$user', () => {
  it('reads a stored user and persists changes under `user`', async () => {
    storage['user'] = stored(kari);
    const s = await load();
    expect(s.$user.get()).toEqual({ loaded: true, customer: kari });
    s.clearUser();
    expect(JSON.parse(storage['user'] ?? '')).toEqual(SIGNED_OUT);
  });

  it.each([
    ['not JSON', '{'],
    ['null', 'null'],
    ['a customer without its fields', JSON.stringify({ loaded: true, customer: { id: 9 } })],
    ['loaded without a customer', JSON.stringify({ loaded: true, customer: null })],
    ['a customer not loaded', JSON.stringify({ loaded: false, customer: kari })],
    ['a bad flag', JSON.stringify({ loaded: true, customer: { ...kari, verified: 'yes' } })],
  ])('reads %s as nobody', async (_what, value) => {
    storage['user'] = value;
    const s = await load();
    expect(s.$user.get()).toEqual(SIGNED_OUT);
    expect(s.isLoggedIn(s.$user.get())).toBe(false);
  });
});

describe('loadUser', () => {
  it('sets the customer the server names', async () => {
    api.currentCustomer.mockResolvedValue(kari);
    const s = await load();
    await s.loadUser();
    expect(s.$user.get()).toEqual({ loaded: true, customer: kari });
    expect(s.$userChecked.get()).toBe(true);
  });

  it('clears the user when nobody is logged in (204)', async () => {
    storage['user'] = stored(kari);
    api.currentCustomer.mockResolvedValue(null);
    const s = await load();
    await s.loadUser();
    expect(s.$user.get()).toEqual(SIGNED_OUT);
  });

  it('keeps what was there when the server cannot be reached', async () => {
    storage['user'] = stored(kari);
    const s = await load();
    api.currentCustomer.mockRejectedValue(s.fail(0));
    await s.loadUser();
    expect(s.$user.get().customer).toEqual(kari);
    expect(s.$userChecked.get()).toBe(true);
    expect(console.error).toHaveBeenCalled();
  });

  it('answers for the header later in the same page, which does not ask again', async () => {
    storage['user'] = stored(kari);
    api.currentCustomer.mockResolvedValue(kari);
    const s = await load();
    await s.loadUser();
    await s.loadUserOnce();
    expect(api.currentCustomer).toHaveBeenCalledTimes(1);
  });
});

describe('a login while the user is being read', () => {
  it('is not undone by the older answer', async () => {
    let answer: (customer: Customer | null) => void = () => undefined;
    api.currentCustomer.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    api.login.mockResolvedValue(kari);
    const s = await load();
    const loading = s.loadUser();
    await s.logIn('kari@example.no', 'hemmelig1');
    answer(null);
    await loading;
    expect(s.$user.get()).toEqual({ loaded: true, customer: kari });
  });
});

describe('loadUserOnce', () => {
  it('asks once per tab for a guest', async () => {
    api.currentCustomer.mockResolvedValue(null);
    let s = await load();
    await s.loadUserOnce();
    await s.loadUserOnce();
    expect(api.currentCustomer).toHaveBeenCalledTimes(1);
    expect(tabStorage.get('userChecked')).toBe('1');

    s = await load();
    await s.loadUserOnce();
    expect(api.currentCustomer).toHaveBeenCalledTimes(1);
    expect(s.$userChecked.get()).toBe(true);
  });

  it('does not ask for a guest whose browser holds no session', async () => {
    vi.stubGlobal('document', { cookie: 'count=0', querySelector: () => null });
    const s = await load();
    await s.loadUserOnce();
    expect(api.currentCustomer).not.toHaveBeenCalled();
    expect(s.$userChecked.get()).toBe(true);
  });

  it('asks once per page load while a user is persisted', async () => {
    tabStorage.set('userChecked', '1');
    storage['user'] = stored(kari);
    api.currentCustomer.mockResolvedValue(kari);
    let s = await load();
    await s.loadUserOnce();
    await s.loadUserOnce();
    s = await load();
    await s.loadUserOnce();
    expect(api.currentCustomer).toHaveBeenCalledTimes(2);
  });

  it('asks again on the next page when the server was not reached', async () => {
    let s = await load();
    api.currentCustomer.mockRejectedValueOnce(s.fail(0)).mockResolvedValue(null);
    await s.loadUserOnce();
    expect(tabStorage.has('userChecked')).toBe(false);
    s = await load();
    await s.loadUserOnce();
    expect(api.currentCustomer).toHaveBeenCalledTimes(2);
  });
});

describe('logIn', () => {
  it('sets the user', async () => {
    api.login.mockResolvedValue(kari);
    const s = await load();
    expect(await s.logIn('91234567', 'hemmelig1')).toEqual({ ok: true });
    expect(api.login).toHaveBeenCalledWith('91234567', 'hemmelig1');
    expect(s.$user.get()).toEqual({ loaded: true, customer: kari });
  });

  it('on 401 logs out on the server and clears the user (docs/spec.md §8)', async () => {
    storage['user'] = stored(kari);
    const s = await load();
    api.login.mockRejectedValue(s.fail(401));
    api.logout.mockRejectedValue(s.fail(500));
    expect(await s.logIn('kari@example.no', 'x')).toEqual({
      ok: false,
      message: 'Du er allerede logget inn - logg ut for å logge inn med en ny bruker',
      fields: {},
    });
    expect(api.logout).toHaveBeenCalledTimes(1);
    expect(s.$user.get()).toEqual(SIGNED_OUT);
  });

  it.each([
    [422, 'Feil brukernavn/passord - har du glemt passordet ditt?'],
    [419, 'Vennligst last siden på nytt'],
    [0, 'Noe gikk galt. Prøv igjen om litt.'],
  ])('answers %i with its message and no field messages', async (status, message) => {
    const s = await load();
    api.login.mockRejectedValue(s.fail(status, { email: ['These credentials do not match.'] }));
    expect(await s.logIn('kari@example.no', 'feil')).toEqual({ ok: false, message, fields: {} });
    expect(api.logout).not.toHaveBeenCalled();
  });
});

describe('registerCustomer', () => {
  const input = {
    firstname: '',
    surname: 'Nordmann',
    email: 'kari@example.no',
    phone: '91234567',
    password: 'hemmelig1',
    passwordConfirmation: 'hemmelig1',
    termsAccepted: true,
  };

  it('sets the user', async () => {
    api.register.mockResolvedValue(kari);
    const s = await load();
    expect(await s.registerCustomer(input)).toEqual({ ok: true });
    expect(s.isLoggedIn(s.$user.get())).toBe(true);
  });

  it('refuses terms not accepted without asking the server', async () => {
    const s = await load();
    const result = await s.registerCustomer({ ...input, termsAccepted: false });
    expect(result).toMatchObject({ ok: false, fields: { termsAccepted: expect.any(String) } });
    expect(api.register).not.toHaveBeenCalled();
  });

  it('answers 422 field errors translated and keyed by the app names', async () => {
    const s = await load();
    api.register.mockRejectedValue(
      s.fail(422, {
        first_name: ['The first name field is required.'],
        password_confirmation: ['The password confirmation does not match.'],
      }),
    );
    expect(await s.registerCustomer(input)).toEqual({
      ok: false,
      message: 'Feil brukernavn/passord - har du glemt passordet ditt?',
      fields: { firstname: 'Fornavn må ha en verdi', passwordConfirmation: 'Ugyldig data' },
    });
  });

  it('answers 423 for a taken e-mail or phone', async () => {
    const s = await load();
    api.register.mockRejectedValue(s.fail(423));
    expect(await s.registerCustomer(input)).toMatchObject({
      message:
        'Hei - vi ser at det allerede finnes en konto med samme email/telefonummer - har du glemt passordet?',
    });
  });
});

describe('logOut', () => {
  it('clears the user', async () => {
    storage['user'] = stored(kari);
    api.logout.mockResolvedValue(undefined);
    const s = await load();
    expect(await s.logOut()).toEqual({ ok: true });
    expect(s.$user.get()).toEqual(SIGNED_OUT);
  });

  it('on 419 clears the user and asks for a reload (docs/spec.md §8)', async () => {
    storage['user'] = stored(kari);
    const s = await load();
    api.logout.mockRejectedValue(s.fail(419));
    expect(await s.logOut()).toEqual({
      ok: false,
      message: 'Vennligst last siden på nytt',
      fields: {},
    });
    expect(s.$user.get()).toEqual(SIGNED_OUT);
  });

  it('clears locally when the server fails, and says so', async () => {
    storage['user'] = stored(kari);
    const s = await load();
    api.logout.mockRejectedValue(s.fail(500));
    expect(await s.logOut()).toMatchObject({ ok: false });
    expect(s.$user.get()).toEqual(SIGNED_OUT);
  });

  it('counts nobody logged in on the server as done', async () => {
    storage['user'] = stored(kari);
    const s = await load();
    api.logout.mockRejectedValue(s.fail(401));
    expect(await s.logOut()).toEqual({ ok: true });
  });
});

describe('updateAccount and deleteAccount', () => {
  it('saves the changes of the logged-in customer and holds the answer', async () => {
    storage['user'] = stored(kari);
    api.updateCustomer.mockResolvedValue({ ...kari, firstname: 'Kaja' });
    const s = await load();
    expect(await s.updateAccount({ firstname: 'Kaja' })).toEqual({ ok: true });
    expect(api.updateCustomer).toHaveBeenCalledWith(9, { firstname: 'Kaja' });
    expect(s.$user.get().customer?.firstname).toBe('Kaja');
  });

  it('on 401 clears the user and reloads (docs/spec.md §8)', async () => {
    storage['user'] = stored(kari);
    const s = await load();
    api.updateCustomer.mockRejectedValue(s.fail(401));
    expect(await s.updateAccount({ firstname: 'Kaja' })).toEqual({
      ok: false,
      message: 'En annen bruker er logget inn',
      fields: {},
    });
    expect(s.$user.get()).toEqual(SIGNED_OUT);
    expect(location.reload).toHaveBeenCalledTimes(1);
  });

  it('on 422 answers the translated field message by field', async () => {
    storage['user'] = stored(kari);
    const s = await load();
    api.updateCustomer.mockRejectedValue(
      s.fail(422, { phone: ['The phone format is invalid.'], postal_code: ['Bad.'] }),
    );
    expect(await s.updateAccount({ phone: '123' })).toEqual({
      ok: false,
      message: 'Telefonnummer må ha en verdi',
      fields: { phone: 'Telefonnummer må ha en verdi', postnr: 'Ugyldig data' },
    });
  });

  it('on 422 without fields asks for every field', async () => {
    storage['user'] = stored(kari);
    const s = await load();
    api.updateCustomer.mockRejectedValue(s.fail(422));
    expect(await s.updateAccount({ phone: '123' })).toMatchObject({
      message: 'Ikke gyldig data, alle feltene må fylles ut',
    });
  });

  it('on 403 answers the translated field message or Ugyldig data', async () => {
    storage['user'] = stored(kari);
    const s = await load();
    api.updateCustomer.mockRejectedValue(s.fail(403));
    expect(await s.updateAccount({ phone: '123' })).toMatchObject({ message: 'Ugyldig data' });
  });

  it('needs a logged-in customer', async () => {
    const s = await load();
    expect(await s.updateAccount({ firstname: 'Kaja' })).toMatchObject({
      ok: false,
      message: 'Ingen bruker logget inn - vennligst logg inn',
    });
    expect(await s.deleteAccount()).toMatchObject({ ok: false });
    expect(api.updateCustomer).not.toHaveBeenCalled();
    expect(api.deleteCustomer).not.toHaveBeenCalled();
  });

  it('deletes the account and clears the user', async () => {
    storage['user'] = stored(kari);
    api.deleteCustomer.mockResolvedValue(undefined);
    const s = await load();
    expect(await s.deleteAccount()).toEqual({ ok: true });
    expect(api.deleteCustomer).toHaveBeenCalledWith(9);
    expect(s.$user.get()).toEqual(SIGNED_OUT);
  });

  it('on a 401 at deletion clears the user and reloads', async () => {
    storage['user'] = stored(kari);
    const s = await load();
    api.deleteCustomer.mockRejectedValue(s.fail(401));
    expect(await s.deleteAccount()).toMatchObject({ message: 'En annen bruker er logget inn' });
    expect(location.reload).toHaveBeenCalledTimes(1);
  });
});

describe('resendVerification', () => {
  it('shows "Epost sendt til {email}" for 3000 ms', async () => {
    storage['user'] = stored(kari);
    api.resendVerification.mockResolvedValue('ok');
    const s = await load();
    expect(await s.resendVerification()).toEqual({
      ok: true,
      message: 'Epost sendt til kari@example.no',
    });
    expect(s.$alerts.get()).toMatchObject([
      { type: 'success', message: 'Epost sendt til kari@example.no', timeout: 3000 },
    ]);
  });

  it('answers "Epost ble ikke sendt" on failure', async () => {
    storage['user'] = stored(kari);
    const s = await load();
    api.resendVerification.mockRejectedValue(s.fail(500));
    expect(await s.resendVerification()).toEqual({
      ok: false,
      message: 'Epost ble ikke sendt',
      fields: {},
    });
  });
});

describe('links from e-mails', () => {
  it('verifying shows the logged-in customer as verified', async () => {
    storage['user'] = stored(kari);
    api.verifyEmail.mockResolvedValue({ ...kari, verified: true });
    const s = await load();
    expect(await s.verifyEmail(9, 'tok')).toEqual({ ok: true });
    expect(s.$user.get().customer?.verified).toBe(true);
  });

  it('verifying leaves a guest a guest', async () => {
    api.verifyEmail.mockResolvedValue({ ...kari, verified: true });
    const s = await load();
    expect(await s.verifyEmail(9, 'tok')).toEqual({ ok: true });
    expect(s.$user.get()).toEqual(SIGNED_OUT);
  });

  it('a refused verification token reads as an invalid link', async () => {
    const s = await load();
    api.verifyEmail.mockRejectedValue(s.fail(422, { token: ['Invalid.'] }));
    expect(await s.verifyEmail(9, 'bad')).toMatchObject({ ok: false, message: LINK_INVALID });
  });

  it('asking for a reset link answers the server message', async () => {
    api.requestPasswordReset.mockResolvedValue('Sjekk e-posten din');
    const s = await load();
    expect(await s.requestPasswordReset('kari@example.no')).toEqual({
      ok: true,
      message: 'Sjekk e-posten din',
    });
  });

  it('a refused reset token reads as an invalid link; a bad password by its field', async () => {
    const s = await load();
    const input = { token: 't', email: 'e', password: 'p', passwordConfirmation: 'p' };
    api.resetPassword.mockRejectedValueOnce(s.fail(422, { token: ['Invalid token.'] }));
    expect(await s.resetPassword(input)).toEqual({
      ok: false,
      message: LINK_INVALID,
      fields: {},
    });
    api.resetPassword.mockRejectedValueOnce(s.fail(422, { password: ['Too short.'] }));
    expect(await s.resetPassword(input)).toEqual({
      ok: false,
      message: 'Ugyldig data',
      fields: { password: 'Ugyldig data' },
    });
  });
});

describe('handleUnauthorised', () => {
  it.each([401, 404])('clears the user on %i', async (status) => {
    storage['user'] = stored(kari);
    const s = await load();
    expect(s.handleUnauthorised(s.fail(status))).toBe(true);
    expect(s.$user.get()).toEqual(SIGNED_OUT);
  });

  it('leaves the user on other failures', async () => {
    storage['user'] = stored(kari);
    const s = await load();
    expect(s.handleUnauthorised(s.fail(500))).toBe(false);
    expect(s.handleUnauthorised(new Error('bug'))).toBe(false);
    expect(s.isLoggedIn(s.$user.get())).toBe(true);
  });
});

describe('after login', () => {
  it.each([
    ['/min-side/historikk', '/min-side/historikk'],
    ['/product/jakke?farge=1', '/product/jakke?farge=1'],
    ['handlekurv', null],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['https://x.example/', null],
    ['javascript:alert(1)', null],
    ['min-side', null],
    ['', null],
    [null, null],
  ])('safeNext(%j) is %j', async (raw, expected) => {
    const s = await load();
    expect(s.safeNext(raw)).toBe(expected);
  });

  it('lets through only what stays on this site: any string, a path of its own or nothing', async () => {
    const s = await load();
    const raw = fc.oneof(
      fc.string(),
      fc.string().map((t) => `/${t}`),
      fc.constantFrom('//', '/\\', ' //', '\t/x', 'https://', 'javascript:', 'data:'),
    );
    fc.assert(
      fc.property(raw, (value) => {
        const next = s.safeNext(value);
        const resolved = next === null ? null : new URL(next, 'https://shop.example/side');
        expect(resolved === null || resolved.origin === 'https://shop.example').toBe(true);
        expect(next === null || value.includes(next)).toBe(true);
      }),
    );
  });

  it('goes to a same-site next path', async () => {
    const s = await load();
    s.returnAfterLogin('/min-side/historikk');
    expect(location.assign).toHaveBeenCalledWith('/min-side/historikk');
  });

  it('goes to my page without a usable next', async () => {
    const s = await load();
    s.returnAfterLogin(null);
    s.returnAfterLogin('//evil.example');
    expect(location.assign.mock.calls).toEqual([['/min-side'], ['/min-side']]);
  });

  it('from the cart goes back to the page it was opened on, with the open-cart flag', async () => {
    const s = await load();
    s.returnAfterLogin('/product/jakke?farge=2&handlekurv=1');
    expect(location.assign).toHaveBeenCalledWith('/product/jakke?farge=2&handlekurv=1');
  });
});

describe('followUserAcrossTabs', () => {
  function storageEvent(oldValue: string | null, newValue: string | null, key = 'user') {
    return Object.assign(new Event('storage'), { key, oldValue, newValue });
  }

  it('reloads only when another tab changes who is logged in', async () => {
    const target = new EventTarget();
    vi.stubGlobal('window', target);
    const s = await load();
    const stop = s.followUserAcrossTabs();

    target.dispatchEvent(storageEvent(stored(kari), stored({ ...kari, firstname: 'Kaja' })));
    target.dispatchEvent(storageEvent(stored(null), stored(null)));
    target.dispatchEvent(storageEvent(null, stored(null)));
    target.dispatchEvent(storageEvent(stored(null), stored(kari), 'favourites'));
    target.dispatchEvent(storageEvent('{', stored(null)));
    expect(location.reload).not.toHaveBeenCalled();

    target.dispatchEvent(storageEvent(stored(null), stored(kari)));
    target.dispatchEvent(storageEvent(stored(kari), stored(null)));
    target.dispatchEvent(storageEvent(stored(kari), null));
    target.dispatchEvent(storageEvent(stored(kari), stored({ ...kari, id: 10 })));
    expect(location.reload).toHaveBeenCalledTimes(4);

    stop();
    target.dispatchEvent(storageEvent(stored(null), stored(kari)));
    expect(location.reload).toHaveBeenCalledTimes(4);
  });
});
