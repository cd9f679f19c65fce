import { hash, verify } from '@node-rs/argon2';

/**
 * OWASP's Argon2id parameters (Password Storage Cheat Sheet): 19 MiB of memory, 2 passes,
 * one lane. The algorithm is the package's default, Argon2id (its const enum cannot be named
 * from an isolated module); the PHC string of every hash records all of them.
 */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Shortest password accepted. */
export const MIN_PASSWORD_LENGTH = 8;

/**
 * The hash of a random password nobody kept, made with {@link ARGON2_OPTIONS}: a login for an
 * unknown account is checked against it, so it costs what a wrong password for a real account
 * costs and the answer's timing does not tell which accounts exist.
 */
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$V0n77l37c9pOom5yhUYskQ$0+BxR+uypjthsyqSb5D8GeX+AqFQAqv3sma1SWGlt+I';

/** Argon2id PHC string of `password`, with a fresh salt; computed off the event loop. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * Whether `password` matches `passwordHash`; with `passwordHash` null (no such account) it
 * checks against a dummy hash of the same cost and answers false.
 */
export async function checkPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  const matches = await verify(passwordHash ?? DUMMY_HASH, password);
  return passwordHash !== null && matches;
}
