import { describe, expect, it, vi } from 'vitest';
import { getArticleChanges } from './catalogue.ts';
import { createApiClient } from './client.ts';

/** A client whose every answer is `status` with `body`; the URLs it asked are recorded. */
function answering(status: number, body: unknown) {
  const urls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    urls.push(url.pathname + url.search);
    return Response.json(body, { status });
  });
  const client = createApiClient({
    baseURL: 'http://api.test/api/v1',
    fetch: fetch as unknown as typeof globalThis.fetch,
    readToken: () => 'token',
  });
  return { client, urls };
}

describe('getArticleChanges', () => {
  it('asks with the cursor and answers the named ids', async () => {
    const { client, urls } = answering(200, { cursor: 'db.8.1', articleIds: [3, 7.5, 9] });
    expect(await getArticleChanges('db.5.0', client)).toEqual({
      cursor: 'db.8.1',
      articleIds: [3, 9],
    });
    expect(urls).toEqual(['/api/v1/articles/changes?since=db.5.0']);
  });

  it('answers "all" as the API says it, and null where the API has no change feed', async () => {
    expect(
      await getArticleChanges(undefined, answering(200, { cursor: 'c', articleIds: null }).client),
    ).toEqual({ cursor: 'c', articleIds: null });
    const missing = answering(404, { message: 'Not Found' }).client;
    expect(await getArticleChanges('c', missing)).toBeNull();
  });

  it('fails when the API itself fails, as every other read of the build does', async () => {
    const broken = answering(503, { message: 'Unavailable' }).client;
    await expect(getArticleChanges('c', broken)).rejects.toMatchObject({ status: 503 });
  });
});
