import type { ApiAdminCampaign, ApiAdminCampaignInput, ApiDataList } from '../../contract/index.ts';
import { searchArticles } from '../../src/lib/api/catalogue.ts';
import { createApiClient } from '../../src/lib/api/client.ts';

/**
 * The page's way to the campaign calls (`/api/v1/admin/campaigns`, contract/README.md), the
 * other administration calls (field-vitals.ts) and the shop's search, server side: the secret stays on the builder, and every failure comes
 * back as words the page can show, never a thrown error, so the page keeps working when the
 * API is down.
 */

/** A failed call: the API's message and its messages per field (`items.0.price`). */
export interface AdminFailure {
  ok: false;
  /** The HTTP status, or null when the API did not answer at all. */
  status: number | null;
  message: string;
  errors: Record<string, string[]>;
}

/** What a call answered. */
export type AdminResult<T> = { ok: true; value: T } | AdminFailure;

/** An article found by the search, as the campaign form lists it. */
export interface FoundArticle {
  id: number;
  name: string;
  /** Its price today in øre. */
  price: number;
}

/** The API's base URL and the secret of its campaign calls. */
export interface AdminApi {
  apiUrl: string;
  token: string;
  /** How to send the calls: the builder's own backend in process, or the network. */
  fetch?: typeof globalThis.fetch;
}

const CAMPAIGNS = '/admin/campaigns';

/** Words for an API that did not answer. */
export const API_DOWN = 'API-et svarer ikke akkurat nå.';

/**
 * One call of the administration at `path` (`/admin/campaigns`, `/admin/vitals`), with the
 * secret; every failure as an {@link AdminFailure}.
 */
export async function adminCall<T>(
  { apiUrl, token, fetch = globalThis.fetch }: AdminApi,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<AdminResult<T>> {
  let response: Response;
  try {
    response = await fetch(`${apiUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: 'application/json',
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return { ok: false, status: null, message: API_DOWN, errors: {} };
  }
  const body = (await response.json().catch(() => null)) as unknown;
  if (response.ok) return { ok: true, value: body as T };
  const error = (body ?? {}) as { message?: unknown; errors?: unknown };
  return {
    ok: false,
    status: response.status,
    message:
      typeof error.message === 'string'
        ? error.message
        : `API-et svarte ${String(response.status)}.`,
    errors:
      typeof error.errors === 'object' && error.errors !== null
        ? (error.errors as Record<string, string[]>)
        : {},
  };
}

/** Every campaign, ended and coming ones too. */
export async function listCampaigns(api: AdminApi): Promise<AdminResult<ApiAdminCampaign[]>> {
  const answer = await adminCall<ApiDataList<ApiAdminCampaign>>(api, CAMPAIGNS);
  return answer.ok ? { ok: true, value: answer.value.data } : answer;
}

/** Creates a campaign. */
export function createCampaign(
  api: AdminApi,
  input: ApiAdminCampaignInput,
): Promise<AdminResult<ApiAdminCampaign>> {
  return adminCall(api, CAMPAIGNS, { method: 'POST', body: input });
}

/** Changes a campaign: its fields and items as the form has them. */
export function changeCampaign(
  api: AdminApi,
  id: number,
  input: ApiAdminCampaignInput,
): Promise<AdminResult<ApiAdminCampaign>> {
  return adminCall(api, `${CAMPAIGNS}/${String(id)}`, { method: 'PATCH', body: input });
}

/** Ends a campaign now. */
export function endCampaign(api: AdminApi, id: number): Promise<AdminResult<ApiAdminCampaign>> {
  return adminCall(api, `${CAMPAIGNS}/${String(id)}/end`, { method: 'POST' });
}

/** The first articles of `brand` the shop's search finds for `query`. */
export async function findArticles(
  apiUrl: string,
  brand: string,
  query: string,
): Promise<AdminResult<FoundArticle[]>> {
  try {
    const client = createApiClient({ baseURL: apiUrl, tenant: brand });
    const { articles } = await searchArticles({ query, take: 8 }, client);
    return {
      ok: true,
      value: articles.map((a) => ({ id: a.id, name: a.name, price: a.originalPrice })),
    };
  } catch {
    return { ok: false, status: null, message: `Søket virket ikke. ${API_DOWN}`, errors: {} };
  }
}
