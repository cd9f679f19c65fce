/**
 * A moment's date and time, as the withdrawal's receipt names it. Apart from date.ts, which
 * nearly every page loads as one shared chunk that carries each export used anywhere, and
 * built only on what those pages use already (formatDate, osloClock): a formatDateTime in
 * date.ts cost every page's first load some 40 bytes for a text only the withdrawal shows.
 */

import { formatDate, osloClock, type DateInput } from './date.ts';

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** A moment's date and time in Oslo time: `19. mars 2025 kl. 14:05`. Invalid: ''. */
export function formatDateTime(input: DateInput): string {
  const clock = osloClock(input);
  if (clock === null) return '';
  const { minutes } = clock;
  return `${formatDate(input)} kl. ${twoDigits(Math.floor(minutes / 60))}:${twoDigits(minutes % 60)}`;
}
