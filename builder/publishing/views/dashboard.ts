import { html } from 'hono/html';
import { brands as allBrands } from '../../../src/brands/index.ts';
import { brandPanel, type BrandView } from './brand.ts';
import { campaignFormBlock, type FormView } from './campaign-form.ts';
import { campaignList, type CampaignsView } from './campaigns.ts';
import { notice, panel, type Markup } from './parts.ts';

/** The signed-in page: brands first, then the campaigns and the form. */
export function dashboardMain(
  brands: BrandView[],
  campaigns: CampaignsView,
  form: FormView,
  flash: string | null,
  csrf: string,
): Markup {
  // Campaigns touch brands this builder may not keep: every brand's name.
  const names = new Map(allBrands.map((b) => [b.id, b.name]));
  return html`<h1 class="text-2xl font-bold">Publisering</h1>
    ${notice(flash, 'info')}
    <section class="grid gap-4" aria-labelledby="merker">
      <h2 id="merker" class="sr-only">Merkene</h2>
      ${brands.map((b) => brandPanel(b, csrf))}
    </section>
    <section class="${panel} grid gap-4" aria-labelledby="kampanjer">
      <h2 id="kampanjer" class="text-xl font-bold">Kampanjer</h2>
      ${campaignList(campaigns, names, csrf)}
    </section>
    ${campaignFormBlock(form, csrf)}`;
}
