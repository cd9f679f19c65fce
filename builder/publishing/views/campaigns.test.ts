import { describe, expect, it } from 'vitest';
import { idlePreview } from '../../previews/previews.ts';
import { adminCampaign } from '../../test-support/admin-campaign.ts';
import { campaignList } from './campaigns.ts';

describe('campaignList', () => {
  const hostile = '<script>alert("kupp")</script>';
  const campaign = (id: number, start: string, end: string) =>
    adminCampaign({ id, name: `${hostile} ${String(id)}`, start, end });

  it('writes a campaign title with markup in it as text, wherever the title appears', () => {
    const markup = String(
      campaignList(
        {
          ok: true,
          campaigns: [
            campaign(1, '2026-12-01T00:00:00.000Z', '2026-12-31T00:00:00.000Z'),
            campaign(2, '2027-01-01T00:00:00.000Z', '2027-01-08T00:00:00.000Z'),
          ],
          now: new Date('2026-12-06T12:00:00.000Z'),
          preview: { brands: ['toppfart'], status: idlePreview },
        },
        new Map([['toppfart', 'Toppfart']]),
        'token',
      ),
    );
    expect(markup).not.toContain('<script');
    const escaped = '&lt;script&gt;alert(&quot;kupp&quot;)&lt;/script&gt;';
    // The running and the coming campaign: title, 'Endre', 'Avslutt', the preview and the plan.
    expect(markup).toContain(`<p class="font-semibold">${escaped} 1</p>`);
    expect(markup).toContain(`Endre ${escaped} 2`);
    expect(markup).toContain(`Avslutt ${escaped} 1 …`);
    expect(markup).toContain(`Forhåndsvis ${escaped} 2 på Toppfart`);
    expect(markup).toContain(`${escaped} 2 starter; bygger Toppfart`);
  });
});
