/**
 * Where a campaign stands at a moment. It runs from its start, inclusive, to its end,
 * exclusive, as the API judges which campaigns are current (`end > now`). The moment is the
 * build's, or the preview's (lib/api/preview.ts): the scheduled rebuilds at a campaign's start
 * and end move it from coming to running to ended. A coming campaign says when it starts, a
 * running one until when it runs (./campaign-dates.ts), and an ended one is not shown at all.
 * Nothing here imports, as the mappers load it in the browser.
 */

/** Where a campaign stands: its start still ahead, between start and end, or past its end. */
export type CampaignPhase = 'coming' | 'running' | 'ended';

/** What these rules read of a campaign: ISO 8601 instants with a time zone. */
export interface CampaignTimes {
  start: string;
  end: string;
}

/**
 * Whether a campaign starting at `start` has begun at `now`: from the start instant on. An
 * unreadable start counts as begun, as the API, which lists the campaign as current, treats
 * it (NaN is never greater).
 */
export function hasStarted(start: string, now: Date): boolean {
  return !(Date.parse(start) > now.getTime());
}

/** The campaign's phase at `now`; an unreadable end is never reached (NaN is never less). */
export function campaignPhase(times: CampaignTimes, now: Date): CampaignPhase {
  if (Date.parse(times.end) <= now.getTime()) return 'ended';
  return hasStarted(times.start, now) ? 'running' : 'coming';
}
