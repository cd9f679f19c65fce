import { describe, expect, it } from 'vitest';
import {
  ADDRESS_NOT_FOUND,
  checkAddress,
  isPostalCode,
  isValidPhone,
  NO_HOUSE_NUMBER_MESSAGE,
  translateServerErrors,
} from './validation.ts';

describe('isValidPhone', () => {
  it.each([
    ['91234567', true],
    ['41234567', true],
    ['+4791234567', true],
    ['+47 91234567', true],
    ['004741234567', true],
    ['0047 41234567', true],
    [' 91234567', true],
    ['81234567', false],
    ['9123456', false],
    ['912345678', false],
    ['+47  91234567', false],
    ['+46 91234567', false],
    ['47 91234567', false],
    ['9123 4567', false],
    ['', false],
  ])('%j -> %s', (phone, expected) => {
    expect(isValidPhone(phone)).toBe(expected);
  });
});

describe('checkAddress', () => {
  it.each([
    ['Storgata 12', 'Storgata', '12'],
    ['Storgata 12B', 'Storgata', '12B'],
    ['Karl Johans gate 1a', 'Karl Johans gate', '1a'],
    ['  Øvre Slottsgate 3å  ', 'Øvre Slottsgate', '3å'],
  ])('%j is street %j number %j', (input, street, houseNumber) => {
    expect(checkAddress(input)).toEqual({ ok: true, street, houseNumber });
  });

  it.each(['Storgata', 'Storgata 12BC', '12', 'Storgata B12', 'Storgata 12 B', ''])(
    '%j has no house number',
    (input) => {
      expect(checkAddress(input)).toEqual({
        ok: false,
        status: ADDRESS_NOT_FOUND,
        message: NO_HOUSE_NUMBER_MESSAGE,
      });
    },
  );

  it('uses the exact the spec message', () => {
    expect(NO_HOUSE_NUMBER_MESSAGE).toBe(
      "Ingen husnummer oppgitt - addresse må være på format: 'gateaddresse husnummer'",
    );
  });
});

describe('translateServerErrors', () => {
  it.each([
    [{ first_name: ['The first name field is required.'] }, 'Fornavn må ha en verdi'],
    [{ last_name: ['required'] }, 'Etternavn må ha en verdi'],
    [{ phone: ['taken'] }, 'Telefonnummer må ha en verdi'],
    [{ email: ['invalid'] }, 'Email må ha en verdi'],
    [{ password: ['short'], email: ['invalid'] }, 'Email må ha en verdi'],
    [{ last_name: ['x'], first_name: ['y'] }, 'Etternavn må ha en verdi'],
    [{ password: ['short'] }, 'Ugyldig data'],
    [{}, 'Ugyldig data'],
    [undefined, 'Ugyldig data'],
    [null, 'Ugyldig data'],
  ])('%j -> %j', (errors, expected) => {
    expect(translateServerErrors(errors)).toBe(expected);
  });
});

describe('isPostalCode', () => {
  it.each([
    ['0150', true],
    [' 5003 ', true],
    ['150', false],
    ['01500', false],
    ['01a0', false],
    ['', false],
  ])('%j is %s', (code, ok) => {
    expect(isPostalCode(code)).toBe(ok);
  });
});
