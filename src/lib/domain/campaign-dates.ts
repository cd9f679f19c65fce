/**
 * What a campaign's card says of its dates. Markedsføringsloven § 7: a campaign that promises
 * campaign prices must give them when the promise is seen, or say when they apply. Apart from
 * the phase rule (./campaign-phase.ts), which the mappers load in the browser, so that the
 * date formats stay out of the islands' code.
 */

import { formatTime } from '../format/date.ts';
import { formatDayMonth } from '../format/day-month.ts';
import { campaignPhase, type CampaignTimes } from './campaign-phase.ts';

const MINUTE_MS = 60_000;

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
