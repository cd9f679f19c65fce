import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '../http/session.ts';

/** What a {@link TestClient} sends through: an app's own `request()`, or real HTTP. */
export interface RequestTarget {
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

/** A {@link RequestTarget} over real HTTP to a server at `origin`, in another process say. */
export function overHttp(origin: string): RequestTarget {
  return { request: (path, init) => fetch(new URL(path, origin), init) };
}

/**
 * A browser stand-in for tests of the whole app: keeps the cookies the app sets and, like
 * the shop's HTTP client, echoes `decodeURIComponent(XSRF-TOKEN)` in `X-XSRF-TOKEN` on
 * unsafe requests. Given an app, its `app.request()` is used, so no port is opened.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  readonly #app: RequestTarget;

  constructor(app: RequestTarget) {
    this.#app = app;
  }

  /** The raw (still URL-encoded) value of a cookie the client holds. */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** The session id the client holds. */
  get sessionId(): string | undefined {
    return this.cookies.get(SESSION_COOKIE);
  }

  /** Sends a request with the held cookies (and the XSRF header on unsafe methods). */
  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set(
        'Cookie',
        [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      );
    }
    const method = (init.method ?? 'GET').toUpperCase();
    const xsrf = this.cookies.get(XSRF_COOKIE);
    if (method !== 'GET' && method !== 'HEAD' && xsrf !== undefined && !headers.has(XSRF_HEADER)) {
      headers.set(XSRF_HEADER, decodeURIComponent(xsrf));
    }
    const res = await this.#app.request(path, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  }

  /** GET and parse JSON. */
  async get<T>(path: string): Promise<{ status: number; body: T; res: Response }> {
    const res = await this.request(path);
    return { status: res.status, body: (await res.json()) as T, res };
  }

  /** POST a JSON body and parse the JSON answer. */
  async post<T>(path: string, body: unknown): Promise<{ status: number; body: T; res: Response }> {
    const res = await this.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T, res };
  }
}

/** What {@link callApi} answers: the status, the parsed JSON body (null for none), the response. */
export interface ApiAnswer<T> {
  status: number;
  body: T;
  res: Response;
}

/**
 * `method /api/v1/{path}` from `client`, as the shop's HTTP client sends it (JSON, marked as
 * XHR), with `body` as JSON when given.
 */
export async function callApi<T = unknown>(
  client: TestClient,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  const res = await client.request(`/api/v1/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  const answer = { status: res.status, body: (text === '' ? null : JSON.parse(text)) as T };
  // Not enumerable, so a test can compare an answer with `{ status, body }` as a whole.
  return Object.defineProperty(answer, 'res', { value: res, enumerable: false }) as ApiAnswer<T>;
}
