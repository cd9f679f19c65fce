/**
 * The build's boundary check: a client that checks every answer it reads against the
 * contract's schema (src/lib/mappers/schemas.ts) before the mappers see it. Build time only
 * (src/lib/api/startup.ts makes it), so no page's JavaScript carries the schemas.
 *
 * - An answer whose container is not the contract's shape (not JSON, a list that is an
 *   object, a paginator without `meta`) throws an Error naming the method, the URL and the
 *   path of the first bad field, e.g. `GET http://…/api/v1/categories: $[3].subcategories:
 *   expected Array, got string`. The build fails with it; it never maps nothing in silence.
 * - An item inside a good answer that lacks required fields is logged as 'Missing data' with
 *   its id and the bad field, counted (common.ts) and left out; the rest is kept.
 * - A failed request keeps its {@link ApiRequestError} (status and all) and names the URL.
 */

import { missingData } from '../mappers/common.ts';
import { firstProblem, ruleFor, type ItemRule } from '../mappers/schemas.ts';
import {
  ApiRequestError,
  clientOf,
  type ApiClient,
  type Query,
  type RequestOptions,
} from './client.ts';

/** The URL of a request as the client sends it (base, path and query; tenant included). */
export function requestUrl(
  baseURL: string,
  path: string,
  query: Query | undefined,
  tenant?: string,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, tenant })) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.size > 0 ? `?${params.toString()}` : '';
  return `${baseURL.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}${search}`;
}

function listAt(answer: unknown, at: readonly string[]): unknown {
  let value = answer;
  for (const key of at) value = (value as Record<string, unknown>)[key];
  return value;
}

/** The answer with the bad items of `rule`'s list left out, each logged as 'Missing data'. */
function withoutBadItems(answer: unknown, rule: ItemRule): unknown {
  const items = listAt(answer, rule.at) as unknown[];
  const base = `$${rule.at.map((k) => `.${k}`).join('')}`;
  const kept = items.filter((item, i) => {
    const problem = firstProblem(rule.schema, item, `${base}[${String(i)}]`);
    return problem === null || missingData(rule.kind, item, problem) !== null;
  });
  if (kept.length === items.length) return answer;
  if (rule.at.length === 0) return kept;
  // Copy the containers along the way, so the caller's answer object is left as it came.
  const copy = (value: unknown, depth: number): unknown => {
    if (depth === rule.at.length) return kept;
    const key = rule.at[depth] as string;
    const record = value as Record<string, unknown>;
    return { ...record, [key]: copy(record[key], depth + 1) };
  };
  return copy(answer, 0);
}

/**
 * Checks `answer` of `method path` against its rule: throws on a bad container, drops bad
 * items. Paths without a rule pass unchanged.
 */
export function checkAnswer(method: string, path: string, url: string, answer: unknown): unknown {
  const rule = ruleFor(method, path);
  if (!rule) return answer;
  const problem = firstProblem(rule.answer, answer);
  if (problem !== null) throw new Error(`${method} ${url}: ${problem}`);
  return rule.items ? withoutBadItems(answer, rule.items) : answer;
}

/** `client` with every answer checked by {@link checkAnswer}; `tenant` is its `?tenant=`. */
export function checkedClient(client: ApiClient, tenant?: string): ApiClient {
  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? 'GET';
    const url = requestUrl(client.baseURL, path, options.query, tenant);
    let answer: unknown;
    try {
      answer = await client.request<unknown>(path, options);
    } catch (error) {
      if (error instanceof ApiRequestError && !error.message.includes(url.split('?')[0] ?? url)) {
        throw new ApiRequestError(
          error.status,
          `${method} ${url}: ${error.message}`,
          error.errors,
          error.data,
        );
      }
      throw error;
    }
    return checkAnswer(method, path, url, answer) as T;
  }
  return clientOf(client.baseURL, request);
}
