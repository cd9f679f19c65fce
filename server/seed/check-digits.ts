/**
 * Check digits of the identifiers the seed invents: EAN-13 barcodes (GS1) and Norwegian
 * organisation numbers (MOD11). Generated data must pass the same checks a real till or
 * the Brønnøysund register would apply.
 */

/** The GS1 check digit of the first 12 digits of an EAN-13 (weights 1,3,1,3 ... from the left). */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new RangeError(`EAN body must be 12 digits: ${first12}`);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** Whether a string is a 13-digit EAN with a correct check digit. */
export function isValidEan13(ean: string): boolean {
  return /^\d{13}$/.test(ean) && ean13CheckDigit(ean.slice(0, 12)) === Number(ean[12]);
}

/** Builds an EAN-13 from a 12-digit body by appending its check digit. */
export function toEan13(first12: string): string {
  return `${first12}${ean13CheckDigit(first12)}`;
}

const ORG_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2] as const;

/**
 * The MOD11 check digit of the first 8 digits of a Norwegian organisation number, or null
 * when the remainder gives 10 (such bodies are never issued).
 */
export function orgNoCheckDigit(first8: string): number | null {
  if (!/^\d{8}$/.test(first8)) throw new RangeError(`org number body must be 8 digits: ${first8}`);
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(first8[i]) * (ORG_WEIGHTS[i] as number);
  const check = 11 - (sum % 11);
  if (check === 11) return 0;
  return check === 10 ? null : check;
}

/** Whether a 9-digit Norwegian organisation number passes MOD11. */
export function isValidOrgNo(orgNo: string): boolean {
  if (!/^\d{9}$/.test(orgNo)) return false;
  return orgNoCheckDigit(orgNo.slice(0, 8)) === Number(orgNo[8]);
}
