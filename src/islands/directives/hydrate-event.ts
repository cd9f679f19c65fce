/**
 * Events between `client:interaction` (interaction.ts) and the islands and pages using it,
 * sent with {@link askToHydrate} and {@link announceLive} from any element inside the island.
 */

/** Asks the island to hydrate at once: a page script found it cannot show the state itself. */
export const HYDRATE_EVENT = 'island:hydrate';

/**
 * Sent by an island once it is live (from its first effect, after React has committed), so
 * an action made before hydration can be replayed to it.
 */
export const READY_EVENT = 'island:ready';

/** Asks the island around `el` (or `el` itself) to hydrate at once ({@link HYDRATE_EVENT}). */
export function askToHydrate(el: Element | null | undefined): void {
  el?.dispatchEvent(new Event(HYDRATE_EVENT, { bubbles: true }));
}

/** Tells the island around `el` that it is live ({@link READY_EVENT}); from its first effect. */
export function announceLive(el: Element | null | undefined): void {
  el?.dispatchEvent(new Event(READY_EVENT, { bubbles: true }));
}
