/**
 * The HTTP client of the `/api/v1` contract (docs/spec.md §7): an ofetch instance that marks every
 * request as XHR, accepts JSON, sends cookies, echoes the anti-forgery token on unsafe
 * methods, and has no time-out. Where no browser keeps cookies (Node at build time) the
 * client keeps the session and token cookies itself. Before its first unsafe request without a
 * token it fetches the `XSRF-TOKEN` cookie from `/sanctum/csrf-cookie`; a 419 (session or
 * token expired) fetches a fresh one once and retries the request once.
 * Every failure surfaces as an {@link ApiRequestError}.
 */

import { FetchError, ofetch } from 'ofetch';
import { isRecord, isString } from '../../../contract/guards.ts';
import type { ApiError } from '../../../contract/index.ts';
import { cookiePairs, readCookie } from '../domain/cookies.ts';
import { whenShown } from '../html/when-shown.ts';
import { readXsrfToken } from './xsrf.ts';

/** Base of the contract in the browser: same origin. */
export const BROWSER_BASE_URL = '/api/v1';

/** Base when building without `API_URL`: the reference backend's default address. */
export const LOCAL_API_URL = 'http://127.0.0.1:8787/api/v1';

/** Status of a failed request that got no answer at all (network down, CORS, DNS). */
export const NO_RESPONSE = 0;

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A failed call: the HTTP status, the server's message and Laravel's field errors. */
export class ApiRequestError extends Error {
  /** HTTP status, or {@link NO_RESPONSE} when no answer came. */
  readonly status: number;
  /** Laravel's `errors` object (422); empty when the answer had none. */
  readonly errors: Readonly<Record<string, readonly string[]>>;
  /** The parsed error body, for answers that carry more (e.g. a filter error's position). */
  readonly data: unknown;

  /** Builds the error; `errors` defaults to none. */
  constructor(
    status: number,
    message: string,
    errors: Readonly<Record<string, readonly string[]>> = {},
    data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.errors = errors;
    this.data = data;
  }
}

/**
 * The error for an answer that came (2xx) but that the mappers could not read: 502, as a
 * gateway answers a broken upstream; `what` names it ('a reservation').
 */
export function unreadableAnswer(what: string): ApiRequestError {
  return new ApiRequestError(502, `The API answered ${what} the shop cannot read.`);
}

/**
 * The default base: `/api/v1` in the browser; at build time (Node) `$API_URL`, which names
 * the contract's base like `http://127.0.0.1:8787/api/v1`, else {@link LOCAL_API_URL}.
 */
export function defaultBaseURL(): string {
  if (typeof window !== 'undefined') return BROWSER_BASE_URL;
  const fromEnv = typeof process === 'undefined' ? undefined : process.env['API_URL'];
  return fromEnv ? fromEnv : LOCAL_API_URL;
}

/** Where to get a fresh XSRF cookie: `/sanctum/csrf-cookie` on the API's origin. */
export function csrfCookieURL(baseURL: string): string {
  return URL.canParse(baseURL)
    ? new URL('/sanctum/csrf-cookie', baseURL).href
    : '/sanctum/csrf-cookie';
}

/** Options of {@link createApiClient}. */
export interface ApiClientOptions {
  /** Base of the contract; default {@link defaultBaseURL}. */
  baseURL?: string;
  /** A fetch to use instead of the global one (tests, custom agents). */
  fetch?: typeof globalThis.fetch;
  /** Where the anti-forgery token comes from; default {@link readXsrfToken} on `document`. */
  readToken?: () => string | null;
  /**
   * Keep the session and `XSRF-TOKEN` cookies in the client and send them back, for where no
   * browser does it (Node at build time). Default: on when there is no `document`.
   */
  cookieJar?: boolean;
  /**
   * A `Cookie` header the jar starts with: a host that calls the API for a shopper passes
   * the shopper's own (their session and anti-forgery token), as the proxy forwards them.
   */
  cookies?: string;
  /**
   * The brand (tenant id) whose assortment scoped endpoints answer with; sent as
   * `?tenant=` on every request. Omitted: the server's default tenant.
   */
  tenant?: string;
  /** Headers sent with every request (a preview build's moment and token, ./preview.ts). */
  headers?: Readonly<Record<string, string>>;
}

/** Query values; `undefined` leaves the parameter out. */
export type Query = Record<string, string | number | boolean | undefined>;

/** One request to the contract. */
export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** Sent as JSON. */
  body?: Record<string, unknown> | readonly unknown[];
  /** Aborts the request, e.g. when a newer one makes its answer stale. */
  signal?: AbortSignal;
  /** Extra headers, e.g. `Idempotency-Key` on a request that must not run twice. */
  headers?: Record<string, string>;
}

/** A client bound to one base URL. Paths are relative to it, without a leading slash. */
export interface ApiClient {
  readonly baseURL: string;
  /** Sends a request and resolves with the parsed JSON answer (undefined for 204). */
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  /** `GET path?query`. */
  get<T>(path: string, query?: Query): Promise<T>;
  /** `POST path` with a JSON body. */
  post<T>(path: string, body?: RequestOptions['body']): Promise<T>;
  /** `PUT path` with a JSON body. */
  put<T>(path: string, body?: RequestOptions['body']): Promise<T>;
  /** `DELETE path`. */
  delete<T>(path: string): Promise<T>;
}

/** Cookies a client keeps itself where no browser keeps them. */
interface CookieJar {
  /** Takes the `Set-Cookie` lines of a response; an empty value or `Max-Age=0` deletes. */
  store(headers: Headers): void;
  /** The `Cookie` request header, or null when the jar is empty. */
  header(): string | null;
}

function createCookieJar(initial = ''): CookieJar {
  const cookies = new Map(cookiePairs(initial));
  return {
    store(headers) {
      for (const line of headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';');
        const [cookie] = cookiePairs(pair);
        if (cookie === undefined) continue;
        const [name, value] = cookie;
        const expired = attributes.some((a) => /^\s*max-age\s*=\s*0\s*$/iu.test(a));
        if (value === '' || expired) cookies.delete(name);
        else cookies.set(name, value);
      }
    },
    header: () =>
      cookies.size ? [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') : null,
  };
}

function jarToken(jar: CookieJar | null): string | null {
  const cookies = jar?.header();
  return cookies ? readCookie(cookies, 'XSRF-TOKEN') : null;
}

function toApiError(error: unknown): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  if (error instanceof FetchError) {
    const data: unknown = error.data;
    const body = isRecord(data) ? data : {};
    const message = isString(body['message']) ? body['message'] : error.message;
    const errors = isRecord(body['errors']) ? (body['errors'] as ApiError['errors']) : {};
    return new ApiRequestError(error.status ?? NO_RESPONSE, message, errors, data ?? null);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ApiRequestError(NO_RESPONSE, message);
}

const statusOf = (error: unknown): number | undefined =>
  error instanceof FetchError ? error.status : undefined;

/**
 * Creates a client. Build-time code passes `{ baseURL: process.env.API_URL }`; tests pass a
 * fake `fetch`. In the browser the defaults are right.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseURL = options.baseURL ?? defaultBaseURL();
  const fetchImpl = options.fetch ?? ((...args) => globalThis.fetch(...args));
  const jar =
    (options.cookieJar ?? typeof document === 'undefined')
      ? createCookieJar(options.cookies)
      : null;
  const readToken = options.readToken ?? (() => readXsrfToken() ?? jarToken(jar));
  let warnedMissingToken = false;

  const $fetch = ofetch.create(
    {
      baseURL,
      ...(options.tenant === undefined ? {} : { query: { tenant: options.tenant } }),
      credentials: 'include',
      headers: {
        'X-Requested-With': 'XMLHttpRequest',
        Accept: 'application/json',
        ...options.headers,
      },
      // docs/spec.md §7: no time-out; retries are ours (419) and never blind.
      retry: false,
      onRequest({ options: request }) {
        const cookie = jar?.header();
        if (cookie) request.headers.set('Cookie', cookie);
        if (!UNSAFE_METHODS.has(request.method ?? 'GET')) return;
        const token = readToken();
        if (token) {
          request.headers.set('X-XSRF-TOKEN', token);
        } else if (!warnedMissingToken && !jar) {
          // With its own cookie jar (Node) the client simply has no session yet; the 419
          // answer fetches one. In a browser a missing token is worth a note.
          // docs/spec.md §8: a missing token is logged only; the server answers 419 if it matters.
          warnedMissingToken = true;
          console.warn('Missing XSRF token');
        }
      },
      onResponse({ response }) {
        jar?.store(response.headers);
      },
    },
    { fetch: fetchImpl },
  );

  async function refreshCsrfCookie(): Promise<void> {
    const headers = new Headers({
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
    });
    const cookie = jar?.header();
    if (cookie) headers.set('Cookie', cookie);
    const response = await fetchImpl(csrfCookieURL(baseURL), { credentials: 'include', headers });
    jar?.store(response.headers);
  }

  let primed = false;

  async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    // A prerendered page asks the API nothing until the shopper opens it: a page never
    // opened leaves no session, no write and no look-up behind.
    await new Promise<void>(whenShown);
    // Sanctum's SPA flow: without a token the first unsafe request would only earn a 419, so
    // the cookie is fetched first (once), which spares a visitor's first search a round trip.
    if (UNSAFE_METHODS.has(opts.method ?? 'GET') && !primed && readToken() === null) {
      primed = true;
      await refreshCsrfCookie().catch(() => undefined);
    }
    const send = (): Promise<T> =>
      $fetch<T>(path, {
        method: opts.method ?? 'GET',
        ...(opts.query ? { query: opts.query } : {}),
        ...(opts.body === undefined ? {} : { body: opts.body }),
        ...(opts.signal ? { signal: opts.signal } : {}),
        ...(opts.headers ? { headers: opts.headers } : {}),
      });
    try {
      return await send();
    } catch (error) {
      // A GET that got no answer at all (a kept-alive connection the server had just
      // closed) is safe to send once more; anything with an answer is not retried blindly.
      if ((opts.method ?? 'GET') === 'GET' && error instanceof FetchError && !error.response) {
        try {
          return await send();
        } catch (retryError) {
          throw toApiError(retryError);
        }
      }
      if (statusOf(error) !== 419) throw toApiError(error);
      try {
        await refreshCsrfCookie();
      } catch {
        throw toApiError(error);
      }
      try {
        return await send();
      } catch (retryError) {
        throw toApiError(retryError);
      }
    }
  }

  return clientOf(baseURL, request);
}

/** An {@link ApiClient} whose verbs all go through `request`. */
export function clientOf(baseURL: string, request: ApiClient['request']): ApiClient {
  return {
    baseURL,
    request,
    get: (path, query) => request(path, query ? { query } : {}),
    post: (path, body) =>
      request(path, body === undefined ? { method: 'POST' } : { method: 'POST', body }),
    put: (path, body) =>
      request(path, body === undefined ? { method: 'PUT' } : { method: 'PUT', body }),
    delete: (path) => request(path, { method: 'DELETE' }),
  };
}

/**
 * The brand whose build rendered the page (`<html data-tenant>`, set by the Base layout), so
 * browser calls get that brand's assortment; undefined at build time or on a page without it.
 */
export function pageTenant(
  doc: { documentElement: Pick<HTMLElement, 'dataset'> } | undefined = globalThis.document,
): string | undefined {
  const tenant = doc?.documentElement.dataset['tenant'];
  return tenant ? tenant : undefined;
}

let shared: ApiClient | undefined;

/**
 * The client used when a resource function is given none; created on first use. In the
 * browser it is scoped to the page's brand ({@link pageTenant}).
 */
export function defaultClient(): ApiClient {
  const tenant = pageTenant();
  shared ??= createApiClient(tenant === undefined ? {} : { tenant });
  return shared;
}

/**
 * The answer of `call`, or null when the API answers it with a 4xx, as an API without the call
 * does (an addition of contract/README.md the chain's API may lack); other failures throw.
 */
export async function orNullWhereLacking<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return null;
    throw error;
  }
}

/** The answer of `call`, or null when it is a 404 (no such resource); other failures throw. */
export async function orNullOn404<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}
