import { parseOptions } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { ARGON2_OPTIONS, DUMMY_HASH, checkPassword, hashPassword } from './passwords.ts';

const ARGON2ID = 2;

describe('passwords', () => {
  it('hashes with Argon2id at OWASP parameters and a fresh salt each time', async () => {
    const first = await hashPassword('hemmelig-passord');
    const second = await hashPassword('hemmelig-passord');
    expect(first).not.toBe(second);
    expect(parseOptions(first)).toMatchObject({ algorithm: ARGON2ID, ...ARGON2_OPTIONS });
    expect(ARGON2_OPTIONS).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  });

  it('checks a password against its hash', async () => {
    const hash = await hashPassword('hemmelig-passord');
    await expect(checkPassword(hash, 'hemmelig-passord')).resolves.toBe(true);
    await expect(checkPassword(hash, 'Hemmelig-passord')).resolves.toBe(false);
  });

  it('answers false for no account, after a check that costs what a real one costs', async () => {
    await expect(checkPassword(null, 'hemmelig-passord')).resolves.toBe(false);
    expect(parseOptions(DUMMY_HASH)).toMatchObject({ algorithm: ARGON2ID, ...ARGON2_OPTIONS });
  });
});
