import { describe, expect, it, vi } from 'vitest';
import { getArticleChanges, getArticleDetails, getCampaignsWithArticleIds } from './catalogue.ts';
import { createApiClient } from './client.ts';

/** A client whose every answer is `status` with `body`; the URLs it asked are recorded. */
function answering(status: number, body: unknown) {
  return answeringBy(() => [status, body]);
}

/** A client that answers each path as `answer` says; the URLs it asked are recorded. */
function answeringBy(answer: (path: string) => [number, unknown]) {
  const urls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    urls.push(url.pathname + url.search);
    const [status, body] = answer(url.pathname);
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

describe('getArticleDetails', () => {
  const wire = (id: number) => ({
    id,
    name: `Artikkel ${String(id)}`,
    price: 19900,
    visible: true,
  });

  it('asks for the ids in one call and answers each mapped detail by id', async () => {
    const { client, urls } = answering(200, [wire(8), { id: 5, name: 7 }, wire(3)]);
    const answer = await getArticleDetails([8, 5, 3, 11], client);
    expect(urls).toEqual(['/api/v1/articles/details?ids=8,5,3,11']);
    expect(answer?.get(8)).toMatchObject({ id: 8, name: 'Artikkel 8', price: 19900 });
    expect(answer?.get(3)).toMatchObject({ id: 3, name: 'Artikkel 3' });
    // One that does not map is null; one the API left out is not there.
    expect(answer?.get(5)).toBeNull();
    expect(answer?.has(11)).toBe(false);
  });

  it('answers null where the API lacks the call, and fails when the API itself fails', async () => {
    expect(
      await getArticleDetails([1], answering(404, { message: 'Not Found' }).client),
    ).toBeNull();
    const broken = answering(503, { message: 'Unavailable' }).client;
    await expect(getArticleDetails([1], broken)).rejects.toMatchObject({ status: 503 });
    await expect(getArticleDetails([1], answering(200, { data: [] }).client)).rejects.toThrow(
      'articles/details answered something other than a list',
    );
  });
});

describe('getCampaignsWithArticleIds', () => {
  const campaign = { id: 4, name: 'Vinterstart', start: '2026-11-01T00:00:00Z', end: '2099-01-01' };
  const article = (id: number) => ({ id, name: `Artikkel ${String(id)}`, price: 19900 });
  const item = (id: number, articleId: number) => ({ id, campaignId: 4, articleId, price: 9900 });

  it("asks for the campaigns' article ids", async () => {
    const { client, urls } = answeringBy(() => [
      200,
      { data: [{ ...campaign, articleIds: [8, 3, 8] }] },
    ]);
    const [only] = await getCampaignsWithArticleIds(client);
    expect(only).toMatchObject({ id: 4, name: 'Vinterstart', articleIds: [8, 3] });
    expect(urls).toEqual(['/api/v1/campaigns/combined/articleids']);
  });

  it('takes the ids from the articles in full where the API lacks the call', async () => {
    const full = {
      ...campaign,
      items: [item(1, 8), item(2, 3), item(3, 8), item(4, 5)],
      // Article 5 is not shown: its item stays out.
      articles: [article(8), article(3)],
    };
    const { client, urls } = answeringBy((path) =>
      path.endsWith('/articleids') ? [404, { message: 'Not Found' }] : [200, { data: [full] }],
    );
    const [only] = await getCampaignsWithArticleIds(client);
    expect(only).toMatchObject({ id: 4, name: 'Vinterstart', articleIds: [8, 3] });
    expect(only).not.toHaveProperty('items');
    expect(urls).toEqual([
      '/api/v1/campaigns/combined/articleids',
      '/api/v1/campaigns/combined/articles',
    ]);
  });

  it('fails when the API itself fails', async () => {
    const broken = answering(503, { message: 'Unavailable' }).client;
    await expect(getCampaignsWithArticleIds(broken)).rejects.toMatchObject({ status: 503 });
  });
});
