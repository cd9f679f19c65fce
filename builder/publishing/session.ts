import { randomBytes } from 'node:crypto';
import { sameSecret } from '../../contract/bearer.ts';
import { ApiHttpError } from '../../server/http/errors.ts';
import { RequestLimiter, type RateLimit } from '../../server/http/rate-limit.ts';

/**
 * Who may use /publisering: marketing signs in with the secret of the campaign calls
 * (`CAMPAIGN_ADMIN_TOKEN`), and gets a session of its own, never the secret, in an HttpOnly
 * SameSite=Strict cookie. Each session has an anti-forgery token that every write sends
 * back; failed sign-ins and all writes count against limits per client address.
 */

/** The session cookie's name. */
export const sessionCookie = 'publisering_sesjon';

/** A signed-in browser. */
export interface PublishingSession {
  id: string;
  /** The anti-forgery token its forms and requests send back. */
  csrf: string;
  /** Milliseconds (the sessions' clock) of the last request. */
  seenAt: number;
}

/** Why a sign-in or a write was refused; `retryAfter` in seconds for `limit`. */
export type Refusal =
  | { kind: 'wrong' }
  | { kind: 'disabled' }
  | { kind: 'limit'; retryAfter: number }
  | { kind: 'forged' };

/** How the sessions are kept. */
export interface SessionOptions {
  /** The secret marketing signs in with; null or '' lets nobody in. */
  secret: string | null;
  /** Failed sign-ins per client address (default 5 a minute). */
  signInLimit?: RateLimit;
  /** Writes per client address, sign-ins included (default 60 a minute). */
  writeLimit?: RateLimit;
  /** A session unused this long ends (default 8 hours: a working day). */
  idleMs?: number;
  now?: () => number;
}

/** A new random token: 256 bits, URL-safe. */
function token(): string {
  return randomBytes(32).toString('base64url');
}

async function counted(limiter: RequestLimiter, key: string): Promise<Refusal | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (error) {
    if (error instanceof ApiHttpError && error.status === 429) {
      return { kind: 'limit', retryAfter: Number(error.headers['Retry-After'] ?? 60) };
    }
    throw error;
  }
}

/** The sessions of /publisering, in this process's memory (one builder serves the page). */
export class PublishingSessions {
  readonly #secret: string | null;
  readonly #sessions = new Map<string, PublishingSession>();
  readonly #signIns: RequestLimiter;
  readonly #writes: RequestLimiter;
  readonly #idleMs: number;
  readonly #now: () => number;

  constructor(options: SessionOptions) {
    this.#secret = options.secret === '' ? null : options.secret;
    this.#signIns = new RequestLimiter(options.signInLimit ?? { requests: 5, seconds: 60 });
    this.#writes = new RequestLimiter(options.writeLimit ?? { requests: 60, seconds: 60 });
    this.#idleMs = options.idleMs ?? 8 * 60 * 60 * 1000;
    this.#now = options.now ?? Date.now;
  }

  /** Whether anyone can sign in at all (a secret is configured). */
  get enabled(): boolean {
    return this.#secret !== null;
  }

  /**
   * Signs in with `given` from `client`: a new session, or why not. Every attempt counts
   * against the write limit and, before the secret is compared, the sign-in limit, so
   * parallel guesses cannot slip past it; a right secret clears the client's count.
   */
  async signIn(given: string, client: string): Promise<PublishingSession | Refusal> {
    if (this.#secret === null) return { kind: 'disabled' };
    const refused = (await counted(this.#writes, client)) ?? (await counted(this.#signIns, client));
    if (refused) return refused;
    if (!sameSecret(given, this.#secret)) return { kind: 'wrong' };
    await this.#signIns.reset(client);
    const session = { id: token(), csrf: token(), seenAt: this.#now() };
    this.#sessions.set(session.id, session);
    return session;
  }

  /** The session of cookie value `id`, still in use, or null. */
  find(id: string | undefined): PublishingSession | null {
    if (id === undefined) return null;
    const session = this.#sessions.get(id);
    if (!session) return null;
    const now = this.#now();
    if (now - session.seenAt > this.#idleMs) {
      this.#sessions.delete(id);
      return null;
    }
    session.seenAt = now;
    return session;
  }

  /** Ends the session. */
  signOut(id: string): void {
    this.#sessions.delete(id);
  }

  /**
   * Whether a write of `session` from `client` may go on: it carries the session's
   * anti-forgery token and is within the write limit.
   */
  async checkWrite(
    session: PublishingSession,
    sent: string | undefined,
    client: string,
  ): Promise<Refusal | null> {
    if (sent === undefined || !sameSecret(sent, session.csrf)) return { kind: 'forged' };
    return counted(this.#writes, client);
  }
}

/** A fresh token for the sign-in form's double-submit check (before any session exists). */
export function signInFormToken(): string {
  return token();
}
