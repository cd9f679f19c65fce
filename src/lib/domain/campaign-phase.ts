/**
 * Where a campaign stands at a moment, and what the shop says of its dates. A campaign runs
 * from its start, inclusive, to its end, exclusive, as the API judges which campaigns are
 * current (`end > now`). The moment is the build's, or the preview's (lib/api/preview.ts): the
 * scheduled rebuilds at a campaign's start and end move it from coming to running to ended.
 *
 * Markedsføringsloven § 7: a campaign that promises campaign prices must give them when the
 * promise is seen, or say when they apply. So a coming campaign says when it starts, a running
 * one until when it runs, and an ended one is not shown at all.
 */

import { formatDayMonth, formatTime } from '../format/date.ts';

/** Where a campaign stands: its start still ahead, between start and end, or past its end. */
export type CampaignPhase = 'coming' | 'running' | 'ended';

/** What these rules read of a campaign: ISO 8601 instants with a time zone. */
export interface CampaignTimes {
  start: string;
  end: string;
}

const MINUTE_MS = 60_000;

/**
 * The campaign's phase at `now`. An unreadable start counts as begun and an unreadable end as
 * never reached, as the API, which lists the campaign as current, treats it.
 */
export function campaignPhase(times: CampaignTimes, now: Date): CampaignPhase {
  const at = now.getTime();
  const end = Date.parse(times.end);
  if (!Number.isNaN(end) && end <= at) return 'ended';
  const start = Date.parse(times.start);
  return !Number.isNaN(start) && start > at ? 'coming' : 'running';
}

/**
 * A whole minute as the day it falls on, with the time unless it is the day's first minute:
 * `20. desember`, `20. desember kl. 06:00`. At midnight `dayBefore` names the day that ends
 * there instead of the one that starts.
 */
function dayAndTime(minute: number, now: Date, dayBefore: boolean): string {
  const time = formatTime(minute);
  if (time !== '00:00') return `${formatDayMonth(minute, now)} kl. ${time}`;
  return formatDayMonth(dayBefore ? minute - 1 : minute, now);
}

/**
 * What a campaign's card says of its dates at `now`: a coming one when it starts (`Fra 20.
 * desember`), a running one until when it runs (`Gjelder til 27. desember`, the last day for
 * an end at midnight), each with the time when it is not midnight (`kl. 18:00`). Times are
 * rounded so as never to promise more: a start up to the next whole minute, an end down to
 * the last one. Null when there is nothing to say: the campaign has ended, or its end is
 * unreadable.
 */
export function campaignDates(times: CampaignTimes, now: Date): string | null {
  switch (campaignPhase(times, now)) {
    case 'coming': {
      const start = Math.ceil(Date.parse(times.start) / MINUTE_MS) * MINUTE_MS;
      return `Fra ${dayAndTime(start, now, false)}`;
    }
    case 'running': {
      const end = Date.parse(times.end);
      if (Number.isNaN(end)) return null;
      return `Gjelder til ${dayAndTime(Math.floor(end / MINUTE_MS) * MINUTE_MS, now, true)}`;
    }
    case 'ended':
      return null;
  }
}
