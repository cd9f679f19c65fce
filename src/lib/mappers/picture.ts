/**
 * The mappers' gate for pictures, in a module of its own rather than in ./common.ts: the
 * picture rules (lib/domain/picture-source.ts) and the page's picture settings
 * (lib/picture-settings.ts) then load only with the mappers of things that have pictures
 * (articles, campaigns, blog posts, home slots, polls, categories). The mappers of the
 * checkout, the cart and the account share ./common.ts and carry none of it, so the
 * checkout, its return page and the account pages load none of it either.
 */

import { pictureSource } from '../domain/picture-source.ts';
import { pictureSettings } from '../picture-settings.ts';
import { countMissing, wireId } from './common.ts';

/** The kind a refused picture is counted under in the build's 'Missing data' line. */
export const PICTURE_KIND = 'picture';

/**
 * The picture `raw` of `wire` (an `owner` such as `article`, its field `field`) if the brand's
 * picture policy lets it through (pictureSource), else null. A picture that is given but
 * refused is logged as 'Missing data' and counted as a `picture`; the item that names it is
 * kept and shows the placeholder or no picture. No picture at all (null, '') is no problem.
 */
export function picture(owner: string, wire: unknown, field: string, raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  const source = pictureSource(raw, pictureSettings().policy);
  if (source !== null) return source;
  const id = wireId(wire);
  const shown = raw.length > 120 ? `${raw.slice(0, 120)}…` : raw;
  console.warn(
    'Missing data',
    `${PICTURE_KIND} of ${id === undefined ? `${owner} without id` : `${owner} ${String(id)}`} (${field}: not an allowed picture source: ${JSON.stringify(shown)})`,
    wire,
  );
  countMissing(PICTURE_KIND);
  return null;
}
