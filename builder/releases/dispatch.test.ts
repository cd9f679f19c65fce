import { describe, expect, it } from 'vitest';
import { dispatchRebuild } from './dispatch.ts';

const token = 'github_pat_11ABCDEFG0123456789_secret';
const repository = 'kjede/storefront';

/** A fetch that records what it was asked and answers with `answer`. */
function fakeFetch(answer: () => Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    return Promise.resolve(answer());
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

describe('dispatchRebuild', () => {
  it("posts a rebuild event with the brand to the repository's dispatches", async () => {
    const { fetch, calls } = fakeFetch(() => new Response(null, { status: 204 }));
    await dispatchRebuild('villmark', { repository, token, fetch });
    expect(calls.map((call) => call.url)).toEqual([
      'https://api.github.com/repos/kjede/storefront/dispatches',
    ]);
    const init = calls[0]?.init ?? {};
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      event_type: 'rebuild',
      client_payload: { brand: 'villmark' },
    });
    const headers = new Headers(init.headers);
    expect(headers.get('Accept')).toBe('application/vnd.github+json');
    expect(headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(headers.get('X-GitHub-Api-Version')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('rejects naming the status and GitHub’s reason, never the token', async () => {
    const { fetch } = fakeFetch(() =>
      Response.json({ message: 'Bad credentials' }, { status: 401, statusText: 'Unauthorized' }),
    );
    const error = await dispatchRebuild('toppfart', { repository, token, fetch }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    const { message } = error as Error;
    expect(message).toContain('401 Unauthorized');
    expect(message).toContain('Bad credentials');
    expect(message).toContain('toppfart');
    expect(message).not.toContain(token);
  });

  it('cuts the token out of a reason that quotes it', async () => {
    const { fetch } = fakeFetch(() =>
      Response.json({ message: `token ${token} rejected` }, { status: 403 }),
    );
    const attempt = dispatchRebuild('smatroll', { repository, token, fetch });
    await expect(attempt).rejects.toThrow(/403/);
    await expect(attempt).rejects.not.toThrow(token);
  });

  it('rejects on any other success status, with a body that is not JSON', async () => {
    const { fetch } = fakeFetch(() => new Response('<html>proxy</html>', { status: 200 }));
    await expect(dispatchRebuild('toppfart', { repository, token, fetch })).rejects.toThrow(
      /: 200\b/,
    );
  });

  it('sends nothing for a repository that is not owner/name, or without a token', async () => {
    const { fetch, calls } = fakeFetch(() => new Response(null, { status: 204 }));
    await expect(
      dispatchRebuild('toppfart', { repository: 'kjede/storefront/../../user', token, fetch }),
    ).rejects.toThrow(/owner\/name/);
    await expect(dispatchRebuild('toppfart', { repository, token: '', fetch })).rejects.toThrow(
      /TOKEN is empty/,
    );
    expect(calls).toHaveLength(0);
  });
});
