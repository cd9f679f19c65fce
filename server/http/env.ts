import type { DatabaseSync } from 'node:sqlite';

/** Per-request context of the reference backend: the database every route reads. */
export interface AppEnv {
  Variables: {
    db: DatabaseSync;
    /**
     * Id of this request's session, or null while it has none: a request that needs no
     * session (a catalogue read, an image) does not start one. A route that needs one calls
     * `ensureSession`; one that rotates it (login, logout) sets the new id here.
     */
    sessionId: string | null;
    /** The clock; tests inject a fixed one so validity windows are deterministic. */
    now: () => Date;
    /** Who sent the request, as rate limits count it (see client-address.ts). */
    clientAddress: string;
    /**
     * Whether the shopper's browser used HTTPS: the request reached the server, or a trusted
     * proxy in front of it, over HTTPS, or came through the brand's signed proxy for an
     * `https:` site (see client-address.ts). Session cookies are `Secure` then.
     */
    https: boolean;
    /**
     * The origin the shopper sees, e.g. `https://www.toppfart.no`, without a trailing slash:
     * the signed `site_url` of the brand's proxy, a trusted proxy's `X-Forwarded-Host`, else
     * the request URL's own (see client-address.ts). Every link that leaves the API for a
     * shopper or a provider to follow (payment return, terms and push URLs, e-mail links)
     * is built on it, never on the request URL's host.
     */
    publicOrigin: string;
  };
}
