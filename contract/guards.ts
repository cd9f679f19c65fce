/**
 * Type guards for values read from outside (wire answers, stored JSON, request bodies): one
 * set for the server, the shop and the scripts. Kept free of imports, so a module in every
 * page's layout chunk may use them without bringing anything else along.
 */

/** Whether a value is a non-null, non-array object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a value is a finite number. */
export function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Whether a value is a string. */
export function isString(value: unknown): value is string {
  return typeof value === 'string';
}

/** Whether a value is a boolean. */
export function isBoolean(value: unknown): value is boolean {
  return typeof value === 'boolean';
}
