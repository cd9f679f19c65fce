import { describe, expect, it } from 'vitest';
import {
  campaignHref,
  slotCampaign,
  slotCampaigns,
  slotHref,
  slotTitle,
  type SlotCampaign,
} from './home-slots.ts';

const campaign = (
  id: number,
  labelText: string,
  articleIds: number[] = [],
  url: string | null = null,
): SlotCampaign => ({
  id,
  labelText,
  url,
  articleIds,
});

const campaigns = [
  campaign(1, 'Vintersalg'),
  campaign(3, 'Ukens annonse!'),
  campaign(5, 'Klikk & Hent'),
];
const exists = (href: string) => href === '/om-oss';

describe('slotCampaign', () => {
  it('takes the campaign the slot names', () => {
    expect(slotCampaign({ type: 'campaign', ids: [1] }, campaigns)?.id).toBe(1);
    expect(slotCampaign({ type: 'newspaper', ids: [5] }, campaigns)?.id).toBe(5);
  });

  it('lets a newspaper slot fall back to the in-store campaign', () => {
    expect(slotCampaign({ type: 'newspaper', ids: [99] }, campaigns)?.id).toBe(3);
    expect(slotCampaign({ type: 'newspaper', ids: [] }, [campaigns[2] as SlotCampaign])?.id).toBe(
      5,
    );
  });

  it('leaves a campaign slot with an unknown id empty', () => {
    expect(slotCampaign({ type: 'campaign', ids: [99] }, campaigns)).toBeUndefined();
  });
});

describe('slotCampaigns', () => {
  it('takes every campaign the slot names, in its order, each once', () => {
    const ids = slotCampaigns({ ids: [5, 1, 99, 5] }, campaigns).map((c) => c.id);
    expect(ids).toEqual([5, 1]);
  });

  it('is empty when the brand runs none of them', () => {
    expect(slotCampaigns({ ids: [99] }, campaigns)).toEqual([]);
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
