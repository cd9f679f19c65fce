import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildHookNotifier, type HookFetch } from './notify-hooks.ts';

const ENV = {
  BUILD_HOOK_URL: 'http://127.0.0.1:4321/hooks/build/',
  BUILD_HOOK_TOKEN_TOPPFART: 'toppfart-hemmelig',
  BUILD_HOOK_TOKEN_SMATROLL: 'smatroll-hemmelig',
};

function fakeFetch(answer: (url: string) => Promise<{ status: number }>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const send: HookFetch = (url, init) => {
    calls.push({ url, init });
    return answer(url);
  };
  return { calls, send };
}

function captureLogs(): () => string {
  const lines: string[] = [];
  for (const method of ['log', 'warn', 'error'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(' '));
    });
  }
  return () => lines.join('\n');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('buildHookNotifier', () => {
  it('is off without BUILD_HOOK_URL', () => {
    const { send } = fakeFetch(() => Promise.resolve({ status: 202 }));
    expect(buildHookNotifier({}, send)).toBeUndefined();
    expect(buildHookNotifier({ BUILD_HOOK_URL: ' ' }, send)).toBeUndefined();
  });

  it("POSTs each brand's hook with its own token and logs brand and status only", async () => {
    const logs = captureLogs();
    const { calls, send } = fakeFetch((url) =>
      Promise.resolve({ status: url.endsWith('/smatroll') ? 401 : 202 }),
    );
    const notify = buildHookNotifier(ENV, send);
    await notify?.({ campaignId: 7, brands: ['toppfart', 'villmark', 'smatroll'] });

    expect(
      calls.map((c) => [c.url, c.init.method, new Headers(c.init.headers).get('Authorization')]),
    ).toEqual([
      ['http://127.0.0.1:4321/hooks/build/toppfart', 'POST', 'Bearer toppfart-hemmelig'],
      ['http://127.0.0.1:4321/hooks/build/smatroll', 'POST', 'Bearer smatroll-hemmelig'],
    ]);
    const text = logs();
    expect(text).toContain('Build hook toppfart (campaign 7): 202');
    expect(text).toContain('Build hook smatroll (campaign 7): 401');
    expect(text).toContain(
      'Build hook villmark (campaign 7): skipped, BUILD_HOOK_TOKEN_VILLMARK is not set.',
    );
    expect(text).not.toContain('hemmelig');
  });

  it('logs a failed hook without its token and never rejects', async () => {
    const logs = captureLogs();
    const { send } = fakeFetch(() => Promise.reject(new TypeError('fetch failed')));
    const notify = buildHookNotifier(ENV, send);
    await expect(notify?.({ campaignId: 3, brands: ['toppfart'] })).resolves.toBeUndefined();
    expect(logs()).toContain('Build hook toppfart (campaign 3): failed, fetch failed');
    expect(logs()).not.toContain('hemmelig');
  });

  it('sends nothing for a change that touches no brand', async () => {
    const { calls, send } = fakeFetch(() => Promise.resolve({ status: 202 }));
    await buildHookNotifier(ENV, send)?.({ campaignId: 1, brands: [] });
    expect(calls).toEqual([]);
  });
});
