import { describe, expect, it } from 'vitest';
import {
  campaignHref,
  campaignLinkText,
  slotCampaign,
  slotCampaigns,
  slotHref,
  slotTitle,
  type SlotCampaign,
} from './home-slots.ts';

const NOW = new Date('2026-12-06T12:00:00+01:00');
const RUNNING = { start: '2026-11-26T00:00:00+01:00', end: '2026-12-27T00:00:00+01:00' };
const COMING = { start: '2026-12-20T00:00:00+01:00', end: '2027-01-10T00:00:00+01:00' };
const ENDED = { start: '2026-08-01T00:00:00+02:00', end: '2026-09-01T00:00:00+02:00' };

const campaign = (
  id: number,
  labelText: string,
  articleIds: number[] = [],
  url: string | null = null,
  times = RUNNING,
): SlotCampaign => ({
  id,
  labelText,
  url,
  articleIds,
  ...times,
});

const campaigns = [
  campaign(1, 'Vintersalg'),
  campaign(3, 'Ukens annonse!', [], null, COMING),
  campaign(5, 'Klikk & Hent'),
  campaign(6, 'Barnehagestart', [], null, COMING),
  campaign(7, 'Sommersalg', [], null, ENDED),
];
const exists = (href: string) => href === '/om-oss';

describe('slotCampaign', () => {
  it('takes the campaign the slot names, running or coming', () => {
    expect(slotCampaign({ type: 'campaign', ids: [1] }, campaigns, NOW)?.id).toBe(1);
    expect(slotCampaign({ type: 'newspaper', ids: [5] }, campaigns, NOW)?.id).toBe(5);
    expect(slotCampaign({ type: 'newspaper', ids: [3] }, campaigns, NOW)?.id).toBe(3);
  });

  it('takes a running campaign the slot names before a coming one', () => {
    expect(slotCampaign({ type: 'newspaper', ids: [6, 5] }, campaigns, NOW)?.id).toBe(5);
  });

  it('lets a newspaper slot fall back to the in-store campaign', () => {
    expect(slotCampaign({ type: 'newspaper', ids: [99] }, campaigns, NOW)?.id).toBe(5);
    expect(slotCampaign({ type: 'newspaper', ids: [99] }, campaigns.slice(0, 2), NOW)?.id).toBe(3);
  });

  it('leaves a campaign slot with an unknown id empty', () => {
    expect(slotCampaign({ type: 'campaign', ids: [99] }, campaigns, NOW)).toBeUndefined();
  });

  it('never takes an ended campaign, even one the slot names', () => {
    expect(slotCampaign({ type: 'campaign', ids: [7] }, campaigns, NOW)).toBeUndefined();
    const endedAd = campaign(8, 'Klikk & Hent', [], null, ENDED);
    expect(slotCampaign({ type: 'newspaper', ids: [8] }, [endedAd], NOW)).toBeUndefined();
  });

  it('takes a campaign from its start instant until its end instant', () => {
    const slot = { type: 'campaign', ids: [1] };
    expect(slotCampaign(slot, campaigns, new Date(RUNNING.start))?.id).toBe(1);
    expect(slotCampaign(slot, campaigns, new Date(Date.parse(RUNNING.end) - 1))?.id).toBe(1);
    expect(slotCampaign(slot, campaigns, new Date(RUNNING.end))).toBeUndefined();
  });
});

describe('slotCampaigns', () => {
  it('takes every running campaign the slot names, then every coming one, each once', () => {
    const ids = slotCampaigns({ ids: [6, 5, 99, 3, 1, 5] }, campaigns, NOW).map((c) => c.id);
    expect(ids).toEqual([5, 1, 6, 3]);
  });

  it('leaves out an ended campaign the slot names', () => {
    expect(slotCampaigns({ ids: [7, 1] }, campaigns, NOW).map((c) => c.id)).toEqual([1]);
  });

  it('moves a campaign from coming to running to gone as the moment passes its start and end', () => {
    const slot = { ids: [6, 1] };
    const ids = (now: string) => slotCampaigns(slot, campaigns, new Date(now)).map((c) => c.id);
    // Coming, 6 follows the running 1; once both run, the slot's order holds.
    expect(ids('2026-12-19T23:59:59.999+01:00')).toEqual([1, 6]);
    expect(ids(COMING.start)).toEqual([6, 1]);
    expect(ids(RUNNING.end)).toEqual([6]);
    expect(ids(COMING.end)).toEqual([]);
  });

  it('is empty when the brand runs none of them', () => {
    expect(slotCampaigns({ ids: [99] }, campaigns, NOW)).toEqual([]);
  });
});

describe('campaignLinkText', () => {
  const withArticles = { name: 'Barnehagestart', articleIds: [4, 2, 9] };

  it('counts the articles of a running campaign', () => {
    expect(campaignLinkText(withArticles, false)).toBe('Se 3 varer');
    expect(campaignLinkText({ ...withArticles, articleIds: [4] }, false)).toBe('Se 1 vare');
  });

  it('shows the articles of a coming campaign as coming to it, not as reduced', () => {
    expect(campaignLinkText(withArticles, true)).toBe('Se varene som kommer på kampanje');
  });

  it('leads to the page of a campaign without articles', () => {
    expect(campaignLinkText({ ...withArticles, articleIds: [] }, true)).toBe(
      'Les om Barnehagestart',
    );
  });
});

describe('campaignHref', () => {
  it('links to the bundle of the campaign articles', () => {
    expect(campaignHref(campaign(1, '', [4, 2, 9], '/om-oss'), exists)).toBe('/utvalg/4+2+9');
  });

  it('else to its own link only when that page exists', () => {
    expect(campaignHref(campaign(1, '', [], '/om-oss'), exists)).toBe('/om-oss');
    expect(campaignHref(campaign(1, '', [], '/vedlikehold'), exists)).toBeNull();
    expect(campaignHref(campaign(1, '', []), exists)).toBeNull();
  });
});

describe('slotHref', () => {
  it('keeps links to pages the build has and drops the others', () => {
    expect(slotHref('/om-oss', exists)).toBe('/om-oss');
    expect(slotHref('/informasjon', exists)).toBeNull();
    expect(slotHref(null, exists)).toBeNull();
  });
});

describe('slotTitle', () => {
  it('gives the newspaper slot its fixed heading', () => {
    expect(slotTitle({ type: 'newspaper', title: 'Ukens annonse' })).toBe('Ukens annonse!');
  });

  it('trims other titles and refuses blank ones', () => {
    expect(slotTitle({ type: 'grid', title: '  Utvalgt for deg ' })).toBe('Utvalgt for deg');
    expect(slotTitle({ type: 'grid', title: '   ' })).toBeNull();
  });
});
