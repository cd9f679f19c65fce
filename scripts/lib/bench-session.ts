import { XSRF_COOKIE } from '../../server/http/session.ts';

/** A client's session of the API, as the benchmarks send it: its cookies and XSRF token. */
export interface BenchSession {
  /** The `Cookie` header: the session and `XSRF-TOKEN` cookies. */
  cookie: string;
  /** The token for `X-XSRF-TOKEN`, decoded as the shop's client decodes it. */
  token: string;
}

/** A new session of the API at `origin` (the backend itself, or a brand's proxy to it). */
export async function benchSession(origin: string): Promise<BenchSession> {
  const res = await fetch(`${origin}/sanctum/csrf-cookie`);
  const pairs = res.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  const token = pairs.find((p) => p.startsWith(`${XSRF_COOKIE}=`))?.slice(XSRF_COOKIE.length + 1);
  return { cookie: pairs.join('; '), token: decodeURIComponent(token ?? '') };
}
