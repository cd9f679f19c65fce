/**
 * Rules of the home page's campaign slots. SPEC: the in-store campaign labelled Klikk &
 * Hent is displayed as 'Ukens annonse!' (the newspaper slot).
 */

import { bundlePath } from './bundle-ids.ts';

/** The heading of the newspaper slot. */
export const NEWSPAPER_TITLE = 'Ukens annonse!';

/** The label of the in-store campaign on the wire. */
export const IN_STORE_LABEL = 'Klikk & Hent';

/** What these rules read of a campaign. */
export interface SlotCampaign {
  id: number;
  /** Display label: a pending Klikk & Hent already reads 'Ukens annonse!' (mappers). */
  labelText: string;
  url: string | null;
  /** The campaign's articles in the brand's assortment. */
  articleIds: readonly number[];
}

/**
 * The campaign of a campaign slot: the one the slot names by id. A newspaper slot without
 * a known id falls back to the in-store campaign (labelled Klikk & Hent, or already shown as
 * 'Ukens annonse!'). Undefined when there is none, and the slot is left out.
 */
export function slotCampaign<T extends SlotCampaign>(
  slot: { type: string; ids: readonly number[] },
  campaigns: readonly T[],
): T | undefined {
  const byId = campaigns.find((c) => slot.ids.includes(c.id));
  if (byId || slot.type !== 'newspaper') return byId;
  return campaigns.find((c) => c.labelText === IN_STORE_LABEL || c.labelText === NEWSPAPER_TITLE);
}

/**
 * A slot's heading: the newspaper slot's is fixed (SPEC), every other slot's is its title.
 * Null for a blank title: such a slot would show half, so it is left out.
 */
export function slotTitle(slot: { type: string; title: string }): string | null {
  if (slot.type === 'newspaper') return NEWSPAPER_TITLE;
  const title = slot.title.trim();
  return title === '' ? null : title;
}

/**
 * The campaigns of a campaign slot, the home carousel's slides: every campaign the slot names
 * by id, in the slot's order, each once. Ids of campaigns the brand does not run are skipped.
 */
export function slotCampaigns<T extends SlotCampaign>(
  slot: { ids: readonly number[] },
  campaigns: readonly T[],
): T[] {
  return [...new Set(slot.ids)].flatMap((id) => campaigns.filter((c) => c.id === id));
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

/** A slot's own link if the build has that page, else null (the slot shows no link). */
export function slotHref(link: string | null, exists: (href: string) => boolean): string | null {
  return link !== null && exists(link) ? link : null;
}
