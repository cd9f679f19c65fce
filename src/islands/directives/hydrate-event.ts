/**
 * The event that asks an island using `client:interaction` to hydrate at once, for a page
 * script that finds it cannot show the state itself (see interaction.ts). Dispatch it with
 * `bubbles: true` on any element inside the island.
 */
export const HYDRATE_EVENT = 'island:hydrate';
