import { describe, expect, it } from 'vitest';
import {
  accountErrorMessage,
  GENERIC_FAILURE,
  INVALID_ACCOUNT_DATA,
  loginErrorMessage,
  OTHER_USER_LOGGED_IN,
  RELOAD_PAGE,
  RESEND_ALERT_MS,
  RESEND_FAILED,
  resendSentMessage,
  translateFieldErrors,
} from './account-messages.ts';

// The strings below are copied from docs/spec.md §8 as written there.
describe('loginErrorMessage', () => {
  it.each([
    [401, 'Du er allerede logget inn - logg ut for å logge inn med en ny bruker'],
    [404, 'Ingen bruker logget inn - vennligst logg inn'],
    [419, 'Vennligst last siden på nytt'],
    [422, 'Feil brukernavn/passord - har du glemt passordet ditt?'],
    [
      423,
      'Hei - vi ser at det allerede finnes en konto med samme email/telefonummer - har du glemt passordet?',
    ],
    [
      429,
      'Du har brukt opp antall innloggingsforsøk - for å beskytte kontoen din tillater vi ikke flere forsøk på en stund.  Vennligst kom tilbake senere og prøv igjen.',
    ],
  ])('%i reads docs/spec.md §8 word for word', (status, message) => {
    expect(loginErrorMessage(status)).toBe(message);
  });

  it('keeps the two spaces before Vennligst in the 429 message', () => {
    expect(loginErrorMessage(429)).toContain('en stund.  Vennligst');
  });

  it.each([0, 400, 500, 503])(
    '%i, which the spec does not name, reads the generic message',
    (s) => {
      expect(loginErrorMessage(s)).toBe('Noe gikk galt. Prøv igjen om litt.');
      expect(GENERIC_FAILURE).toBe('Noe gikk galt. Prøv igjen om litt.');
    },
  );
});

describe('accountErrorMessage', () => {
  it('401: another user is logged in', () => {
    expect(accountErrorMessage(401, {})).toBe('En annen bruker er logget inn');
    expect(OTHER_USER_LOGGED_IN).toBe('En annen bruker er logget inn');
  });

  it('422 without field errors: every field must be filled in', () => {
    expect(accountErrorMessage(422, {})).toBe('Ikke gyldig data, alle feltene må fylles ut');
    expect(accountErrorMessage(422, { email: [] })).toBe(INVALID_ACCOUNT_DATA);
  });

  it('422 and 403 with field errors: the translated field message', () => {
    expect(accountErrorMessage(422, { first_name: ['required'] })).toBe('Fornavn må ha en verdi');
    expect(accountErrorMessage(403, { phone: ['bad'] })).toBe('Telefonnummer må ha en verdi');
    expect(accountErrorMessage(422, { birth_date: ['bad'] })).toBe('Ugyldig data');
  });

  it('403 without field errors: Ugyldig data', () => {
    expect(accountErrorMessage(403, {})).toBe('Ugyldig data');
  });

  it('419 and 423 read as at login; others the generic message', () => {
    expect(accountErrorMessage(419, {})).toBe(RELOAD_PAGE);
    expect(accountErrorMessage(423, {})).toBe(loginErrorMessage(423));
    expect(accountErrorMessage(500, {})).toBe(GENERIC_FAILURE);
  });
});

describe('translateFieldErrors', () => {
  it('translates each field as docs/spec.md §5 says', () => {
    expect(
      translateFieldErrors({
        first_name: ['The first name field is required.'],
        last_name: ['x'],
        phone: ['x'],
        email: ['x'],
        password: ['x'],
        postal_code: ['x'],
      }),
    ).toEqual({
      first_name: 'Fornavn må ha en verdi',
      last_name: 'Etternavn må ha en verdi',
      phone: 'Telefonnummer må ha en verdi',
      email: 'Email må ha en verdi',
      password: 'Ugyldig data',
      postal_code: 'Ugyldig data',
    });
  });

  it('leaves out fields without messages', () => {
    expect(translateFieldErrors({ email: [], phone: ['x'] })).toEqual({
      phone: 'Telefonnummer må ha en verdi',
    });
  });
});

describe('resend verification', () => {
  it('reads docs/spec.md §8 and shows for 3000 ms', () => {
    expect(RESEND_FAILED).toBe('Epost ble ikke sendt');
    expect(resendSentMessage('kari@example.no')).toBe('Epost sendt til kari@example.no');
    expect(RESEND_ALERT_MS).toBe(3000);
  });

  it('the reload message is the 419 one', () => {
    expect(RELOAD_PAGE).toBe('Vennligst last siden på nytt');
  });
});
