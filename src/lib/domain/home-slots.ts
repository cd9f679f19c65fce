/**
 * Rules of the home page's campaign slots. The spec: the in-store campaign labelled Klikk &
 * Hent is displayed as 'Ukens annonse!' (the newspaper slot). A slot shows running and coming
 * campaigns, running ones first, and never an ended one, even one it names
 * (./campaign-phase.ts).
 */

import { formatArticleCount } from '../format/count.ts';
import { bundlePath, MAX_BUNDLE_IDS } from './bundle-ids.ts';
import { campaignPhase, type CampaignTimes } from './campaign-phase.ts';

/** The heading of the newspaper slot. */
export const NEWSPAPER_TITLE = 'Ukens annonse!';

/** The label of the in-store campaign on the wire. */
export const IN_STORE_LABEL = 'Klikk & Hent';

/** What these rules read of a campaign. */
export interface SlotCampaign extends CampaignTimes {
  id: number;
  /** Display label: a pending Klikk & Hent already reads 'Ukens annonse!' (mappers). */
  labelText: string;
  url: string | null;
  /** The campaign's articles in the brand's assortment. */
  articleIds: readonly number[];
}

/**
 * The campaigns that may be shown at `now`: the running ones, then the coming ones, each
 * group in the given order; ended ones are left out.
 */
function shownAt<T extends SlotCampaign>(campaigns: readonly T[], now: Date): T[] {
  const phased = campaigns.map((c) => ({ c, phase: campaignPhase(c, now) }));
  return ['running', 'coming'].flatMap((phase) =>
    phased.filter((p) => p.phase === phase).map((p) => p.c),
  );
}

/**
 * The campaign of a slot that shows one (the newspaper slot) at `now`: one the slot names by
 * id, a running one before a coming one. A newspaper slot without one falls back to the
 * in-store campaign (labelled Klikk & Hent, or already shown as 'Ukens annonse!'). Undefined
 * when there is none, and the slot is left out.
 */
export function slotCampaign<T extends SlotCampaign>(
  slot: { type: string; ids: readonly number[] },
  campaigns: readonly T[],
  now: Date,
): T | undefined {
  const shown = shownAt(campaigns, now);
  const byId = shown.find((c) => slot.ids.includes(c.id));
  if (byId || slot.type !== 'newspaper') return byId;
  return shown.find((c) => c.labelText === IN_STORE_LABEL || c.labelText === NEWSPAPER_TITLE);
}

/**
 * A slot's heading: the newspaper slot's is fixed (the spec), every other slot's is its title.
 * Null for a blank title: such a slot would show half, so it is left out.
 */
export function slotTitle(slot: { type: string; title: string }): string | null {
  if (slot.type === 'newspaper') return NEWSPAPER_TITLE;
  const title = slot.title.trim();
  return title === '' ? null : title;
}

/**
 * The campaigns of a campaign slot at `now`, the home carousel's slides: every running
 * campaign the slot names by id, then every coming one, each group in the slot's order, each
 * campaign once. Ended campaigns, and ids of campaigns the brand does not run, are skipped.
 */
export function slotCampaigns<T extends SlotCampaign>(
  slot: { ids: readonly number[] },
  campaigns: readonly T[],
  now: Date,
): T[] {
  return shownAt(
    [...new Set(slot.ids)].flatMap((id) => campaigns.filter((c) => c.id === id)),
    now,
  );
}

/**
 * Where a campaign slot links: the bundle page of the campaign's articles when it has
 * any, else the campaign's own link if the build has that page, else nowhere (null).
 */
export function campaignHref(
  campaign: Pick<SlotCampaign, 'url' | 'articleIds'>,
  exists: (href: string) => boolean,
): string | null {
  if (campaign.articleIds.length > 0) return bundlePath(campaign.articleIds);
  return campaign.url !== null && exists(campaign.url) ? campaign.url : null;
}

/** The button of a coming campaign's articles, which are not at campaign prices yet. */
export const COMING_ARTICLES_TEXT = 'Se varene som kommer på kampanje';

/**
 * The text of a campaign card's button: its articles (`Se 86 varer`, as many as the bundle
 * page shows), or, while the campaign is `coming`, those articles as coming to it, since a
 * shopper would find them at today's prices; for a campaign without articles, its own page.
 */
export function campaignLinkText(
  campaign: { name: string; articleIds: readonly number[] },
  coming: boolean,
): string {
  if (campaign.articleIds.length === 0) return `Les om ${campaign.name}`;
  if (coming) return COMING_ARTICLES_TEXT;
  return `Se ${formatArticleCount(Math.min(campaign.articleIds.length, MAX_BUNDLE_IDS))}`;
}

/** A slot's own link if the build has that page, else null (the slot shows no link). */
export function slotHref(link: string | null, exists: (href: string) => boolean): string | null {
  return link !== null && exists(link) ? link : null;
}
