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
    /** Whether the request reached the server, or a trusted proxy in front of it, over HTTPS. */
    https: boolean;
  };
}
