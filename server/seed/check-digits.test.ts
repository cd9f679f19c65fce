import { describe, expect, it } from 'vitest';
import {
  ean13CheckDigit,
  isValidEan13,
  isValidOrgNo,
  orgNoCheckDigit,
  toEan13,
} from './check-digits.ts';

describe('EAN-13', () => {
  it('computes the GS1 check digit of known barcodes', () => {
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(toEan13('590123412345')).toBe('5901234123457');
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('4006381333932')).toBe(false);
    expect(isValidEan13('400638133393')).toBe(false);
  });
});

describe('organisation numbers', () => {
  it('accepts real MOD11 numbers and rejects altered ones', () => {
    expect(isValidOrgNo('923609016')).toBe(true);
    expect(isValidOrgNo('923609017')).toBe(false);
    expect(orgNoCheckDigit('92360901')).toBe(6);
    expect(isValidOrgNo('12345')).toBe(false);
  });

  it('reports bodies whose remainder gives 10 as unusable', () => {
    // About one body in eleven has remainder 1 and can never be issued.
    const unusable = Array.from({ length: 2000 }, (_, i) => String(90000000 + i)).find(
      (body) => orgNoCheckDigit(body) === null,
    );
    expect(unusable).toBeDefined();
  });
});
