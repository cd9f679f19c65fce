import { createMiddleware } from 'hono/factory';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppEnv } from './env.ts';
import { ApiHttpError } from './errors.ts';
import { isProviderPath, isSafeMethod } from './session.ts';

/** Message of a 429 from the request limits. */
export const TOO_MANY_REQUESTS = 'For mange forespørsler. Prøv igjen om litt.';

/** At most `requests` per client in each window of `seconds`. */
export interface RateLimit {
  requests: number;
  seconds: number;
}

/** The request limits per client; null turns a limit off. */
export interface RateLimits {
  /** `POST articles/search` and `articles/searchids`. */
  search: RateLimit | null;
  /** Every other unsafe request, except the providers' notifications and simulators. */
  unsafe: RateLimit | null;
  /**
   * Failed logins per account identifier and client (`POST customers/login`); absent means
   * {@link DEFAULT_LOGIN_LIMIT}.
   */
  login?: RateLimit | null;
  /**
   * The field measurement's beacons (`POST vitals`), apart from the others so that a
   * shopper's beacons never use up their checkout; absent means {@link DEFAULT_VITALS_LIMIT}.
   */
  vitals?: RateLimit | null;
}

/**
 * At most 5 failed logins per account and client address in 60 s: enough for a shopper who
 * mistypes, far too few to guess a password.
 */
export const DEFAULT_LOGIN_LIMIT: RateLimit = { requests: 5, seconds: 60 };

/**
 * At most 60 beacons per client address in 60 s: a shopper sends one or two per page view,
 * and only one page view in ten is measured (the brands' default sampling).
 */
export const DEFAULT_VITALS_LIMIT: RateLimit = { requests: 60, seconds: 60 };

/** Message of the login limit's 429 (the shop shows docs/spec.md §8's Norwegian text for it). */
export const TOO_MANY_LOGINS = 'Too many login attempts. Please try again later.';

/**
 * Defaults: a shopper searches at most a few times a minute (suggestions are debounced)
 * and sends a handful of reservations, checkouts or poll answers; these leave room for a
 * household or office behind one address.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  search: { requests: 120, seconds: 60 },
  unsafe: { requests: 30, seconds: 60 },
};

/**
 * No request limits: for servers that only a build, a benchmark or the browser tests talk to,
 * all from one loopback address standing for many shoppers. The login limit stays: it counts
 * only failed logins per account and address, so many shoppers behind one address never
 * reach it, and the browser tests check its 429.
 */
export const NO_RATE_LIMITS: RateLimits = {
  search: null,
  unsafe: null,
  login: DEFAULT_LOGIN_LIMIT,
  vitals: null,
};

/** Paths whose unsafe requests count against {@link RateLimits.search}. */
const SEARCH_PATHS = new Set(['/api/v1/articles/search', '/api/v1/articles/searchids']);

/** The path whose requests count against {@link RateLimits.vitals}. */
const VITALS_PATH = '/api/v1/vitals';

/**
 * Parses a limit as written in the environment: `requests/seconds` (`120/60`), or `off`
 * (or `0`) for none; undefined or empty gives `fallback`.
 * @throws Error naming `name` for anything else.
 */
export function parseRateLimit(
  text: string | undefined,
  name: string,
  fallback: RateLimit | null,
): RateLimit | null {
  const value = text?.trim() ?? '';
  if (value === '') return fallback;
  if (value === 'off' || value === '0') return null;
  const match = /^(\d+)\/(\d+)$/u.exec(value);
  const requests = Number(match?.[1]);
  const seconds = Number(match?.[2]);
  if (match === null || requests < 1 || seconds < 1) {
    throw new Error(`${name} must be "requests/seconds" (e.g. 120/60) or "off", got "${value}".`);
  }
  return { requests, seconds };
}

/**
 * The limits from `RATE_LIMIT_SEARCH`, `RATE_LIMIT_UNSAFE`, `RATE_LIMIT_LOGIN` and
 * `RATE_LIMIT_VITALS`, else the defaults (`login` and `vitals` are left out when their
 * variables are unset, which means their defaults).
 */
export function rateLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): RateLimits {
  const login = env['RATE_LIMIT_LOGIN'];
  const vitals = env['RATE_LIMIT_VITALS'];
  return {
    search: parseRateLimit(
      env['RATE_LIMIT_SEARCH'],
      'RATE_LIMIT_SEARCH',
      DEFAULT_RATE_LIMITS.search,
    ),
    unsafe: parseRateLimit(
      env['RATE_LIMIT_UNSAFE'],
      'RATE_LIMIT_UNSAFE',
      DEFAULT_RATE_LIMITS.unsafe,
    ),
    ...(login === undefined
      ? {}
      : { login: parseRateLimit(login, 'RATE_LIMIT_LOGIN', DEFAULT_LOGIN_LIMIT) }),
    ...(vitals === undefined
      ? {}
      : { vitals: parseRateLimit(vitals, 'RATE_LIMIT_VITALS', DEFAULT_VITALS_LIMIT) }),
  };
}

/** 429 `{message}` with `Retry-After` in whole seconds (at least 1) and `no-store`. */
export function tooManyRequests(msBeforeNext: number, message = TOO_MANY_REQUESTS): ApiHttpError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new ApiHttpError(
    429,
    { message },
    { 'Retry-After': String(seconds), 'Cache-Control': 'no-store' },
  );
}

/**
 * A limit kept in this process's memory (one server; several would share a store such as
 * Redis through the same library). The login limit counts failed attempts with one of these:
 * it counts every attempt before the password is checked, so parallel guesses cannot slip
 * past the limit while their hashes are computed, and a successful login {@link reset}s the
 * count, so only failures add up.
 */
export class RequestLimiter {
  readonly #limiter: RateLimiterMemory;
  readonly #message: string;

  constructor(limit: RateLimit, message = TOO_MANY_REQUESTS) {
    this.#limiter = new RateLimiterMemory({ points: limit.requests, duration: limit.seconds });
    this.#message = message;
  }

  /**
   * Counts one request of `key`.
   * @throws ApiHttpError 429 with `Retry-After` once `key` is past the limit in this window.
   */
  async consume(key: string): Promise<void> {
    try {
      await this.#limiter.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        throw tooManyRequests(rejection.msBeforeNext, this.#message);
      }
      throw rejection;
    }
  }

  /** Forgets what `key` has counted in this window. */
  async reset(key: string): Promise<void> {
    await this.#limiter.delete(key);
  }
}

/**
 * Applies `limits` per `clientAddress`: search and the vitals beacons each to their own
 * limit, every other unsafe request to the other. The providers' push and webhook and the simulators are not limited: they
 * come from the providers' few servers (or in-process) at the shop's own sales rate, and a
 * 429 there would delay a paid order. Runs before the session middleware, so a refused
 * request starts no session.
 */
export function rateLimitMiddleware(limits: RateLimits) {
  const search = limits.search === null ? null : new RequestLimiter(limits.search);
  const unsafe = limits.unsafe === null ? null : new RequestLimiter(limits.unsafe);
  const vitalsLimit = limits.vitals === undefined ? DEFAULT_VITALS_LIMIT : limits.vitals;
  const vitals = vitalsLimit === null ? null : new RequestLimiter(vitalsLimit);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (isSafeMethod(c.req.method) || isProviderPath(c.req.path)) return next();
    const limiter =
      c.req.path === VITALS_PATH ? vitals : SEARCH_PATHS.has(c.req.path) ? search : unsafe;
    await limiter?.consume(c.get('clientAddress'));
    return next();
  });
}
