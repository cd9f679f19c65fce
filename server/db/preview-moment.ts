import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseSync } from 'node:sqlite';

/**
 * The moment a preview request reads the catalogue as of (server/http/preview-clock.ts), for
 * the SQL that judges running campaigns by the database's clock: the `article_final_prices`
 * view (schema.sql) asks `preview_at()`, which answers the moment of the request whose
 * statement runs, or NULL outside a preview. Statements run synchronously inside the
 * request's async context, so two requests never see each other's moment.
 */
const moment = new AsyncLocalStorage<string>();

/** Runs `fn` with `at` (an ISO instant) as the moment `preview_at()` answers. */
export function atPreviewMoment<T>(at: Date, fn: () => T): T {
  return moment.run(at.toISOString(), fn);
}

/** Gives `db` the SQL function `preview_at()`; every connection needs it before a price read. */
export function registerPreviewMoment(db: DatabaseSync): void {
  db.function(
    'preview_at',
    { deterministic: false, directOnly: false },
    () => moment.getStore() ?? null,
  );
}
