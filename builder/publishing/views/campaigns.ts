import { html } from 'hono/html';
import type { ApiAdminCampaign } from '../../../contract/index.ts';
import { notice, quiet, whenText, type Markup } from './parts.ts';
import { previewBlock, type PreviewOffer } from './preview.ts';

/** The campaigns as the page got them, or why it could not. */
export type CampaignsView =
  | {
      ok: true;
      campaigns: ApiAdminCampaign[];
      now: Date;
      /** When the builder makes previews, what they offer; else null. */
      preview: PreviewOffer | null;
    }
  | { ok: false; message: string };

function campaignState(c: ApiAdminCampaign, now: Date): 'kommer' | 'kjører' | 'avsluttet' {
  const at = now.toISOString();
  if (c.end <= at) return 'avsluttet';
  return c.start > at ? 'kommer' : 'kjører';
}

function brandNames(c: ApiAdminCampaign, names: ReadonlyMap<string, string>): string {
  if (c.brands === undefined) return 'ukjent (API-et oppgir ikke merkene)';
  if (c.brands.length === 0) return 'ingen';
  return c.brands.map((b) => names.get(b) ?? b).join(', ');
}

/** The campaigns, running, coming and ended, and the builds their starts and ends plan. */
export function campaignList(
  view: CampaignsView,
  names: ReadonlyMap<string, string>,
  csrf: string,
): Markup {
  if (!view.ok) return notice(`Kampanjene kan ikke vises nå: ${view.message}`) || html``;
  const groups = (['kjører', 'kommer', 'avsluttet'] as const).map((state) => ({
    state,
    list: view.campaigns.filter((c) => campaignState(c, view.now) === state),
  }));
  const title = { kjører: 'Kjører nå', kommer: 'Kommer', avsluttet: 'Avsluttet' };
  return html`${groups.map(
    ({ state, list }) =>
      html`<section class="grid gap-2" aria-labelledby="kampanjer-${state}">
        <h3 id="kampanjer-${state}" class="text-lg font-bold">${title[state]}</h3>
        ${
          list.length === 0
            ? html`<p>Ingen.</p>`
            : html`<ul class="grid gap-2">
                ${list.map(
                  (c) =>
                    html`<li
                      class="rounded-md border border-black/20 bg-white p-3"
                      data-campaign="${c.id}"
                    >
                      <p class="font-semibold">${c.name}</p>
                      <p>
                        ${whenText(c.start)} til ${whenText(c.end)} · ${c.count} varer · Merker:
                        ${brandNames(c, names)}
                      </p>
                      ${
                        state === 'avsluttet'
                          ? ''
                          : html`<p class="mt-2 flex flex-wrap gap-2">
                              <a class="${quiet}" href="/publisering/kampanjer/${c.id}/endre"
                                >Endre ${c.name}</a
                              >
                              <a class="${quiet}" href="/publisering/kampanjer/${c.id}/avslutt"
                                >Avslutt ${c.name} …</a
                              >
                            </p>`
                      }
                      ${
                        state === 'kommer' && view.preview
                          ? previewBlock(c, view.preview, names, csrf)
                          : ''
                      }
                    </li>`,
                )}
              </ul>`
        }
      </section>`,
  )}
  ${scheduleBlock(view, names)}`;
}

function scheduleBlock(
  view: CampaignsView & { ok: true },
  names: ReadonlyMap<string, string>,
): Markup {
  const at = view.now.toISOString();
  const moments = view.campaigns
    .flatMap((c) => [
      { time: c.start, what: `${c.name} starter`, c },
      { time: c.end, what: `${c.name} slutter`, c },
    ])
    .filter((m) => m.time > at)
    .sort((a, b) => a.time.localeCompare(b.time));
  return html`<section class="grid gap-2" aria-labelledby="byggeplan">
    <h3 id="byggeplan" class="text-lg font-bold">Planlagte bygg</h3>
    ${
      moments.length === 0
        ? html`<p>Ingen kampanjer starter eller slutter framover.</p>`
        : html`<ul class="list-disc pl-6">
            ${moments.map(
              (m) =>
                html`<li>${whenText(m.time)}: ${m.what}; bygger ${brandNames(m.c, names)}</li>`,
            )}
          </ul>`
    }
  </section>`;
}
