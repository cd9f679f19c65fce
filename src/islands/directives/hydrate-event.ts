/**
 * Events between `client:interaction` (interaction.ts) and the islands and pages using it.
 * Dispatch them with `bubbles: true` on any element inside the island.
 */

/** Asks the island to hydrate at once: a page script found it cannot show the state itself. */
export const HYDRATE_EVENT = 'island:hydrate';

/**
 * Sent by an island once it is live (from its first effect, after React has committed), so
 * an action made before hydration can be replayed to it.
 */
export const READY_EVENT = 'island:ready';
