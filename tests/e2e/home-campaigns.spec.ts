import type { ApiCampaign, ApiDataList, ApiSettings } from '../../contract/index.ts';
import { campaigns as seeded } from '../../server/seed/data/content.ts';
import { campaignDates } from '../../src/lib/domain/campaign-dates.ts';
import { campaignPhase, type CampaignPhase } from '../../src/lib/domain/campaign-phase.ts';
import { COMING_ARTICLES_TEXT } from '../../src/lib/domain/home-slots.ts';
import { HomePage } from './fixtures/home.ts';
import { expect, test } from './fixtures/shop.ts';

const MONTH =
  '(januar|februar|mars|april|mai|juni|juli|august|september|oktober|november|desember)';
const DAY = `\\d{1,2}\\. ${MONTH}( \\d{4})?( kl\\. \\d\\d:\\d\\d)?`;

// Markedsføringsloven § 7: a campaign card says when its prices apply. On every brand the
// seed's layout names running campaigns and an ended one in the carousel, and the coming
// Klikk & Hent campaign in the newspaper slot; Småtroll's carousel names a coming campaign
// before a running one. The seed's campaigns start and end days from the build, so none
// changes phase between the build and the test.
test.describe('campaigns on the home page', () => {
  test('each says when it runs, a coming one promises no campaign prices, an ended one is absent', async ({
    page,
    brand,
    shop,
  }) => {
    const get = async <T>(path: string): Promise<T> =>
      (await (await page.request.get(`/api/v1/${path}?tenant=${brand.id}`)).json()) as T;
    const settings = await get<ApiSettings>('settings');
    const listed = (await get<ApiDataList<ApiCampaign>>('campaigns/')).data;
    const now = new Date();
    const phase = (c: ApiCampaign) => campaignPhase(c, now);
    await shop.goto('/');
    const home = new HomePage(page);

    const byName = (name: string): ApiCampaign => {
      const campaign = listed.find((c) => c.name === name);
      if (!campaign) throw new Error(`The page shows a campaign not listed: ${name}`);
      return campaign;
    };

    // The carousel: running campaigns first, then coming ones, each group in the slot's order
    // (on Småtroll, not the slot's own order).
    for (const slot of settings.home.filter((s) => s.type === 'campaign')) {
      const named = [...new Set(slot.ids)].flatMap((id) => listed.filter((c) => c.id === id));
      const expected = [
        ...named.filter((c) => phase(c) === 'running'),
        ...named.filter((c) => phase(c) === 'coming'),
      ];
      const cards = await home.campaignCards(slot.type);
      expect(cards.map((c) => c.name)).toEqual(expected.map((c) => c.name));
    }
    expect(await home.campaignCards('newspaper')).toHaveLength(1);

    // Every card: its dates in Norwegian beside its name, and a coming campaign's button shows
    // its articles as coming to it, not as reduced.
    const seen = new Set<CampaignPhase>();
    for (const type of ['campaign', 'newspaper']) {
      for (const card of await home.campaignCards(type)) {
        const campaign = byName(card.name);
        seen.add(phase(campaign));
        expect(card.dates).toBe(campaignDates(campaign, now));
        if (phase(campaign) === 'coming') {
          expect(card.dates).toMatch(new RegExp(`^Fra ${DAY}$`));
          expect(card.button).toBe(COMING_ARTICLES_TEXT);
        } else {
          expect(card.dates).toMatch(new RegExp(`^Gjelder til ${DAY}$`));
          expect(card.button).toMatch(/^Se [\d\s\u00a0]+ varer?$/);
        }
      }
    }
    expect([...seen].sort()).toEqual(['coming', 'running']);
    await expect(home.slot('newspaper').locator('[data-campaign-dates]')).toBeVisible();
    await expect(home.slot('campaign').locator('[data-campaign-dates]').first()).toBeVisible();

    // The ended campaign the carousel names: the API lists it no more, and no card shows it.
    const ended = seeded.filter((c) => c.endDays < 0);
    const namedEnded = ended.filter((c) => settings.home.some((s) => s.ids.includes(c.id)));
    expect(namedEnded.length).toBeGreaterThan(0);
    for (const c of namedEnded) {
      expect(listed.map((l) => l.id)).not.toContain(c.id);
      await expect(shop.main.getByRole('heading', { name: c.name })).toHaveCount(0);
    }
    expect(await shop.axeViolations()).toEqual([]);
  });
});
