import { describe, expect, it } from 'vitest';
import { PublishingSessions } from './session.ts';

describe('PublishingSessions', () => {
  it('lets the right secret in with a session and an anti-forgery token of its own', async () => {
    const sessions = new PublishingSessions({ secret: 'kampanje' });
    const session = await sessions.signIn('kampanje', '10.0.0.1');
    if ('kind' in session) throw new Error('refused');
    expect(session.id).not.toContain('kampanje');
    expect(session.csrf).not.toBe(session.id);
    expect(sessions.find(session.id)).toBe(session);
    expect(await sessions.checkWrite(session, session.csrf, '10.0.0.1')).toBeNull();
    expect(await sessions.checkWrite(session, 'gjettet', '10.0.0.1')).toEqual({ kind: 'forged' });
    expect(await sessions.checkWrite(session, undefined, '10.0.0.1')).toEqual({ kind: 'forged' });
    sessions.signOut(session.id);
    expect(sessions.find(session.id)).toBeNull();
  });

  it('refuses a wrong secret, then every attempt past the limit, the right one too', async () => {
    const sessions = new PublishingSessions({
      secret: 'kampanje',
      signInLimit: { requests: 3, seconds: 60 },
    });
    for (let i = 0; i < 3; i++) {
      expect(await sessions.signIn('feil', '10.0.0.2')).toEqual({ kind: 'wrong' });
    }
    const limited = await sessions.signIn('kampanje', '10.0.0.2');
    expect(limited).toMatchObject({ kind: 'limit' });
    expect((limited as { retryAfter: number }).retryAfter).toBeGreaterThan(0);
    // Another address has its own count.
    expect(await sessions.signIn('kampanje', '10.0.0.3')).toHaveProperty('csrf');
  });

  it('clears the count after a right secret, so a typo now and then never locks out', async () => {
    const sessions = new PublishingSessions({
      secret: 'kampanje',
      signInLimit: { requests: 2, seconds: 60 },
    });
    expect(await sessions.signIn('feil', '10.0.0.4')).toEqual({ kind: 'wrong' });
    expect(await sessions.signIn('kampanje', '10.0.0.4')).toHaveProperty('csrf');
    expect(await sessions.signIn('feil', '10.0.0.4')).toEqual({ kind: 'wrong' });
    expect(await sessions.signIn('kampanje', '10.0.0.4')).toHaveProperty('csrf');
  });

  it('limits writes per address and ends sessions left idle', async () => {
    let now = 0;
    const sessions = new PublishingSessions({
      secret: 'kampanje',
      writeLimit: { requests: 2, seconds: 60 },
      idleMs: 1000,
      now: () => now,
    });
    const session = await sessions.signIn('kampanje', '10.0.0.5');
    if ('kind' in session) throw new Error('refused');
    expect(await sessions.checkWrite(session, session.csrf, '10.0.0.5')).toBeNull();
    expect(await sessions.checkWrite(session, session.csrf, '10.0.0.5')).toMatchObject({
      kind: 'limit',
    });
    now = 2000;
    expect(sessions.find(session.id)).toBeNull();
  });

  it('lets nobody in without a configured secret', async () => {
    const sessions = new PublishingSessions({ secret: '' });
    expect(sessions.enabled).toBe(false);
    expect(await sessions.signIn('', '10.0.0.6')).toEqual({ kind: 'disabled' });
  });
});
