import { describe, expect, it } from 'vitest';
import { createBuildHookApp, hookTokenVariable } from './hook.ts';
import { idleStatus, type BrandStatus } from './queue.ts';

const token = 'hemmelig-nøkkel-for-toppfart';

function hookWith() {
  const triggered: string[] = [];
  const logged: string[] = [];
  const target = {
    trigger: (brand: string): BrandStatus => {
      triggered.push(brand);
      return { ...idleStatus(brand), state: 'queued' };
    },
    status: (brand: string) => ({ ...idleStatus(brand), state: 'live' as const, releaseId: 'r1' }),
  };
  const app = createBuildHookApp({
    target,
    tokens: new Map([
      ['toppfart', token],
      ['villmark', undefined],
    ]),
    log: (m) => logged.push(m),
  });
  return { app, triggered, logged };
}

describe('build hook', () => {
  it('names the token variable per brand', () => {
    expect(hookTokenVariable('smatroll')).toBe('BUILD_HOOK_TOKEN_SMATROLL');
  });

  it('refuses a missing or wrong token with 401 and starts nothing', async () => {
    const { app, triggered } = hookWith();
    for (const headers of [{}, { Authorization: 'Bearer feil' }, { Authorization: token }]) {
      const response = await app.request('/hooks/build/toppfart', { method: 'POST', headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('WWW-Authenticate')).toBe('Bearer');
    }
    expect(triggered).toEqual([]);
  });

  it('refuses every request for a brand without a configured token', async () => {
    const { app } = hookWith();
    const response = await app.request('/hooks/build/villmark', {
      method: 'POST',
      headers: { Authorization: 'Bearer ' },
    });
    expect(response.status).toBe(401);
  });

  it('starts a build with the right token, answers 202 with the state, never logging the token', async () => {
    const { app, triggered, logged } = hookWith();
    const response = await app.request('/hooks/build/toppfart', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ brand: 'toppfart', state: 'queued' });
    expect(triggered).toEqual(['toppfart']);
    expect(logged.join('\n')).not.toContain(token);
    expect(logged.join('\n')).toContain('toppfart');
  });

  it('answers the state on GET with the token, 404 for an unknown brand', async () => {
    const { app } = hookWith();
    const auth = { headers: { Authorization: `Bearer ${token}` } };
    const state = await app.request('/hooks/build/toppfart', auth);
    expect(await state.json()).toMatchObject({ state: 'live', releaseId: 'r1' });
    expect((await app.request('/hooks/build/toppfart')).status).toBe(401);
    expect((await app.request('/hooks/build/ukjent', auth)).status).toBe(404);
  });
});
