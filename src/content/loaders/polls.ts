/**
 * The `polls` collection: the polls the build knows, for the poll pages. The API lists no
 * polls, so that is the active one (`polls/active`); a brand without polls loads none, and a
 * poll lacking what a page needs is skipped as 'Missing data' (the page then shows that no
 * poll runs). Other ids are served by the shell page, which reads them in the browser.
 */

import type { Loader } from 'astro/loaders';
import type { ApiClient } from '../../lib/api/client.ts';
import { getActivePoll } from '../../lib/api/poll.ts';
import type { PollEntry } from '../../lib/content/polls.ts';

/** The loader; `shown` is whether the brand has polls, `client` a build-time client. */
export function pollsLoader(shown: boolean, client: () => ApiClient): Loader {
  return {
    name: 'polls',
    load: async ({ store }) => {
      const active = shown ? await getActivePoll(client()) : null;
      store.clear();
      if (active) {
        const entry: PollEntry = { ...active, active: true };
        store.set({ id: String(active.id), data: { ...entry } as Record<string, unknown> });
      }
    },
  };
}
