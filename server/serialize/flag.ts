import type { ApiFlag } from '../../contract/index.ts';

/** A stored 0/1 column (or JSON value) as the wire's flag: 1 only for exactly 1. */
export function toApiFlag(value: unknown): ApiFlag {
  return value === 1 ? 1 : 0;
}
