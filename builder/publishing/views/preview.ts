import { html } from 'hono/html';
import type { ApiAdminCampaign } from '../../../contract/index.ts';
import type { PreviewState } from '../preview-port.ts';
import { quiet, whenText, type Markup } from './parts.ts';

/**
 * When the builder makes previews: the brands it can preview (those it builds), and a coming
 * campaign's preview state per brand.
 */
export interface PreviewOffer {
  brands: readonly string[];
  status: (brand: string, campaignId: number) => PreviewState;
}

/**
 * One brand's preview of a coming campaign: the button, and its state; also served alone for
 * the page's script to swap in when the previews push a change.
 */
export function previewItem(
  campaign: Pick<ApiAdminCampaign, 'id' | 'name'>,
  brandName: string,
  state: PreviewState,
  csrf: string,
): Markup {
  const { id, name } = campaign;
  return html`<div
    id="forhandsvisning-${id}-${state.brand}"
    class="mt-2 flex flex-wrap items-center gap-2"
    data-preview="${state.brand}"
  >
    <form method="post" action="/publisering/kampanjer/${id}/forhandsvis">
      <input type="hidden" name="_csrf" value="${csrf}" />
      <input type="hidden" name="merke" value="${state.brand}" />
      <button class="${quiet}">Forhåndsvis ${name} på ${brandName}</button>
    </form>
    ${state.state === 'building' ? html`<span>Forhåndsvisningen bygges …</span>` : ''}
    ${
      state.state === 'ready' && state.url
        ? html`<a class="underline" href="${state.url}" target="_blank" rel="noopener"
            >Åpne forhåndsvisningen av
            ${brandName}${state.at ? ` (slik butikken ser ut ${whenText(state.at)})` : ''}</a
          >`
        : ''
    }
    ${state.reason ? html`<span>${state.reason}</span>` : ''}
  </div>`;
}

/** A coming campaign's previews, one per brand of it the builder builds. */
export function previewBlock(
  c: ApiAdminCampaign,
  preview: PreviewOffer,
  names: ReadonlyMap<string, string>,
  csrf: string,
): Markup {
  const brands = (c.brands ?? []).filter((b) => preview.brands.includes(b));
  return html`${brands.map((brand) =>
    previewItem(c, names.get(brand) ?? brand, preview.status(brand, c.id), csrf),
  )}`;
}
