import type { DatabaseSync } from 'node:sqlite';

/** Per-request context of the reference backend: the database every route reads. */
export interface AppEnv {
  Variables: {
    db: DatabaseSync;
    /** Id of the session cookie of this request (set by the session middleware). */
    sessionId: string;
    /** The clock; tests inject a fixed one so validity windows are deterministic. */
    now: () => Date;
  };
}
