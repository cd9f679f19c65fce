import type { ApiAdminCampaign } from '../../contract/index.ts';
import { formatPrice } from '../../contract/money.ts';
import { brands as allBrands } from '../../src/brands/index.ts';
import { formatDate, formatTime } from '../../src/lib/format/date.ts';
import type { BrandStatus } from '../releases/queue.ts';
import type { Release } from '../releases/releases.ts';
import type { BuildRecord, LiveRelease } from './build-board.ts';
import type { FoundArticle } from './campaign-admin.ts';
import type { CampaignForm, FieldMessages } from './campaign-form.ts';
import { html, type SafeHtml } from './html.ts';
import type { PreviewState } from './preview-port.ts';
import { formatSeconds, type BuildProgress } from './progress.ts';

/**
 * The markup of /publisering, rendered on the builder per request (see app.ts for why): the
 * sign-in, the brands' builds and releases, the campaigns and their form, and the
 * confirmations. Every form posts with the session's anti-forgery token.
 */

/** Where the page's own style sheet and script are (assets.ts), versioned by content. */
export interface PageAssets {
  css: string;
  script: string;
}

/** Everything the page shows of one brand. */
export interface BrandView {
  id: string;
  name: string;
  live: LiveRelease | null;
  status: BrandStatus;
  progress: BuildProgress | null;
  history: BuildRecord[];
  releases: Release[];
  /** When the brand builds on CI: the repository and when a build was last dispatched. */
  ci: { repository: string; dispatchedAt: string | null } | null;
}

/** The campaigns as the page got them, or why it could not. */
export type CampaignsView =
  | {
      ok: true;
      campaigns: ApiAdminCampaign[];
      now: Date;
      /**
       * When the builder makes previews: the brands it can preview (those it builds), and a
       * coming campaign's preview state per brand.
       */
      preview: {
        brands: readonly string[];
        status: (brand: string, campaignId: number) => PreviewState;
      } | null;
    }
  | { ok: false; message: string };

/** The campaign form's state: what is typed, its messages, the search and its hits. */
export interface FormView {
  /** The campaign changed, or null for a new one. */
  campaignId: number | null;
  form: CampaignForm;
  errors: FieldMessages;
  /** A message for the whole form (the API's, or that it is down). */
  message: string | null;
  query: string;
  found: FoundArticle[] | null;
  searchMessage: string | null;
}

/** A moment as the page writes it: `1.12.2026 kl. 00:00`, Norwegian time. */
export function whenText(iso: string): string {
  return `${formatDate(iso)} kl. ${formatTime(iso)}`;
}
const button =
  'bg-brand text-brand-ink inline-flex min-h-11 items-center rounded-md px-4 font-semibold hover:underline disabled:opacity-60';
const quiet =
  'inline-flex min-h-11 items-center rounded-md border border-black/40 bg-white px-4 font-semibold hover:underline';
const input =
  'h-11 w-full rounded-md border border-black/40 px-3 aria-invalid:border-2 aria-invalid:border-red-800';
const panel = 'bg-surface rounded-lg p-4 desk:p-6';

/** The whole document around `main`. */
export function layout(
  title: string,
  main: SafeHtml,
  assets: PageAssets,
  session: { csrf: string } | null,
): string {
  return `<!doctype html>${String(
    html`<html lang="nb">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>${title} – Publisering</title>
        <link rel="stylesheet" href="${assets.css}" />
        ${session ? html`<script type="module" src="${assets.script}"></script>` : ''}
      </head>
      <body class="text-ink font-sans">
        <a href="#innhold" class="sr-only focus:not-sr-only focus:absolute focus:bg-white focus:p-2"
          >Gå til innhold</a
        >
        <header class="bg-brand text-brand-ink">
          <div
            class="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3"
          >
            <p class="text-xl font-bold">Publisering</p>
            ${
              session
                ? html`<form method="post" action="/publisering/logg-ut">
                    <input type="hidden" name="_csrf" value="${session.csrf}" />
                    <button class="${quiet} text-ink">Logg ut</button>
                  </form>`
                : ''
            }
          </div>
        </header>
        <main id="innhold" class="mx-auto grid max-w-6xl gap-8 px-4 py-6">${main}</main>
        <div id="kunngjoring" role="status" class="sr-only"></div>
      </body>
    </html>`,
  )}`;
}

function notice(text: string | null, kind: 'error' | 'info' = 'error'): SafeHtml | '' {
  if (!text) return '';
  const look =
    kind === 'error' ? 'border-red-800 bg-red-50 text-red-900' : 'border-green-800 bg-green-50';
  return html`<p
    class="${look} rounded-md border-l-4 p-3 font-semibold"
    role="${kind === 'error' ? 'alert' : 'status'}"
  >
    ${text}
  </p>`;
}

/** The sign-in form; `error` says why the last attempt was refused. */
export function signInMain(formToken: string, error: string | null): SafeHtml {
  return html`<h1 class="text-2xl font-bold">Logg inn</h1>
    <form method="post" action="/publisering/logg-inn" class="${panel} grid max-w-md gap-3">
      ${notice(error)}
      <input type="hidden" name="_csrf" value="${formToken}" />
      <label for="hemmelighet" class="font-semibold">Kampanjenøkkel</label>
      <p id="hemmelighet-hint" class="text-sm">
        Den samme nøkkelen som kampanjekallene bruker (CAMPAIGN_ADMIN_TOKEN).
      </p>
      <input
        id="hemmelighet"
        name="hemmelighet"
        type="password"
        autocomplete="current-password"
        required
        aria-describedby="hemmelighet-hint"
        aria-invalid="${error ? 'true' : 'false'}"
        class="${input}"
      />
      <button class="${button} justify-self-start">Logg inn</button>
    </form>`;
}

function progressBlock(view: BrandView): SafeHtml | '' {
  const p = view.progress;
  if (!p) return '';
  // By time (elapsed and the estimate; the words give the pages). Without a value the bar
  // shows work of unknown size: a first build, or one taking longer than the last.
  const value = p.fraction === null ? '' : html` value="${Math.round(p.fraction * 100)}" max="100"`;
  return html`<div class="grid gap-1" data-progress="${view.id}">
    <label for="framdrift-${view.id}" class="font-semibold">
      ${p.done ? 'Siste bygg' : 'Bygget nå'} av ${view.name}
    </label>
    <progress
      id="framdrift-${view.id}"
      class="h-3 w-full"
      ${value}
      aria-describedby="framdrift-${view.id}-ord"
    ></progress>
    <p id="framdrift-${view.id}-ord" data-progress-words data-phase="${p.phase}">${p.words}</p>
  </div>`;
}

function statusLine(view: BrandView): SafeHtml {
  const { state, queuedAgain } = view.status;
  if (state === 'building') {
    return html`<p>
      Bygger nå.${queuedAgain ? ' Ett bygg til står i kø og begynner når dette er ferdig.' : ''}
    </p>`;
  }
  if (state === 'queued') return html`<p>Et bygg står i kø.</p>`;
  return html`<p>Ingen bygg står i kø.</p>`;
}

function liveBlock(view: BrandView): SafeHtml {
  if (!view.live) return html`<p>Ingen utgave er live ennå.</p>`;
  const { releaseId, since, pages, revision } = view.live;
  return html`<dl class="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
    <dt class="font-semibold">Utgave</dt>
    <dd data-live-release>${releaseId}</dd>
    <dt class="font-semibold">Live siden</dt>
    <dd>${whenText(since)}</dd>
    <dt class="font-semibold">Sider</dt>
    <dd>${pages.toLocaleString('nb-NO')}</dd>
    <dt class="font-semibold">Dataversjon</dt>
    <dd>${revision ?? 'ukjent (API-et oppgir ingen)'}</dd>
  </dl>`;
}

function historyTable(view: BrandView): SafeHtml {
  if (view.history.length === 0) return html`<p>Ingen bygg ennå.</p>`;
  const result = (r: BuildRecord) =>
    r.result === 'failed'
      ? html`<strong class="text-red-800">Feilet:</strong> ${r.reason}`
      : r.result === 'unchanged'
        ? 'Ingenting endret'
        : r.result === 'rollback'
          ? `Tilbake til ${r.releaseId ?? ''}`
          : html`Live (${r.releaseId})`;
  return html`<table class="w-full border-collapse text-left text-sm">
    <caption class="text-left font-semibold">
      Siste bygg av ${view.name}
    </caption>
    <thead>
      <tr>
        <th scope="col" class="border-b py-1 pr-2">Ferdig</th>
        <th scope="col" class="border-b py-1 pr-2">Tid</th>
        <th scope="col" class="border-b py-1 pr-2">Sider laget / gjenbrukt</th>
        <th scope="col" class="border-b py-1">Resultat</th>
      </tr>
    </thead>
    <tbody>
      ${view.history.map(
        (r) =>
          html`<tr>
            <td class="border-b py-1 pr-2">${r.finishedAt ? whenText(r.finishedAt) : '–'}</td>
            <td class="border-b py-1 pr-2">
              ${r.seconds === null ? '–' : formatSeconds(r.seconds)}
            </td>
            <td class="border-b py-1 pr-2">
              ${r.pagesRendered === null ? '–' : `${String(r.pagesRendered)} / ${String(r.pagesReused)}`}
            </td>
            <td class="border-b py-1">${result(r)}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

function releasesBlock(view: BrandView): SafeHtml {
  const earlier = view.releases.filter((r) => !r.live);
  if (earlier.length === 0) return html`<p>Ingen tidligere utgaver er tatt vare på.</p>`;
  return html`<form method="get" action="/publisering/merker/${view.id}/tilbake" class="grid gap-2">
    <fieldset class="grid gap-1">
      <legend class="font-semibold">Gå tilbake til en tidligere utgave</legend>
      ${earlier.map(
        (r, i) =>
          html`<label class="flex items-center gap-2">
            <input type="radio" name="utgave" value="${r.id}" ${i === 0 ? 'checked' : ''} />
            ${r.id}: live fra ${whenText(r.finishedAt)},
            ${(r.pagesRendered + r.pagesReused).toLocaleString('nb-NO')} sider
          </label>`,
      )}
    </fieldset>
    <button class="${quiet} justify-self-start">Gå tilbake …</button>
  </form>`;
}

function ciBlock(view: BrandView): SafeHtml | '' {
  if (!view.ci) return '';
  const runs = `https://github.com/${view.ci.repository}/actions/workflows/deploy-brands.yml?query=event%3Arepository_dispatch`;
  return html`<p>
    ${view.name} bygges på GitHub Actions (${view.ci.repository}).
    ${
      view.ci.dispatchedAt
        ? `Sist sendt dit ${whenText(view.ci.dispatchedAt)}.`
        : 'Ingen bygg er sendt dit siden byggeren startet.'
    }
    <a class="underline" href="${runs}">Se kjøringene på GitHub</a>
  </p>`;
}

/** One brand's panel; also served alone for the page's script to swap in. */
export function brandPanel(view: BrandView, csrf: string): SafeHtml {
  const busy = view.status.state === 'building' || view.status.state === 'queued';
  return html`<section
    id="merke-${view.id}"
    class="${panel} grid gap-4"
    aria-labelledby="merke-${view.id}-tittel"
    data-brand="${view.id}"
    data-state="${view.status.state}"
  >
    <div class="flex flex-wrap items-center justify-between gap-2">
      <h2 id="merke-${view.id}-tittel" class="text-xl font-bold">${view.name}</h2>
      <form method="post" action="/publisering/merker/${view.id}/publiser">
        <input type="hidden" name="_csrf" value="${csrf}" />
        <button class="${button}">Publiser nå</button>
      </form>
    </div>
    ${ciBlock(view)}
    <div class="desk:grid-cols-2 grid gap-4">
      <div class="grid content-start gap-2">
        <h3 class="font-bold">Live nå</h3>
        ${liveBlock(view)}
      </div>
      <div class="grid content-start gap-2">
        <h3 class="font-bold">Bygg</h3>
        ${statusLine(view)} ${progressBlock(view)}
        ${
          busy
            ? html`<p>Du kan gå tilbake til en tidligere utgave når bygget er ferdig.</p>`
            : releasesBlock(view)
        }
      </div>
    </div>
    ${historyTable(view)}
  </section>`;
}

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

/**
 * One brand's preview of a coming campaign: the button, and its state; also served alone for
 * the page's script to swap in when the previews push a change.
 */
export function previewItem(
  campaign: Pick<ApiAdminCampaign, 'id' | 'name'>,
  brandName: string,
  state: PreviewState,
  csrf: string,
): SafeHtml {
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

function previewBlock(
  c: ApiAdminCampaign,
  preview: NonNullable<(CampaignsView & { ok: true })['preview']>,
  names: ReadonlyMap<string, string>,
  csrf: string,
): SafeHtml {
  const brands = (c.brands ?? []).filter((b) => preview.brands.includes(b));
  return html`${brands.map((brand) =>
    previewItem(c, names.get(brand) ?? brand, preview.status(brand, c.id), csrf),
  )}`;
}

function campaignList(
  view: CampaignsView,
  names: ReadonlyMap<string, string>,
  csrf: string,
): SafeHtml {
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
): SafeHtml {
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

function fieldError(errors: FieldMessages, field: string, id: string): SafeHtml | '' {
  const messages = errors[field];
  if (!messages?.length) return '';
  return html`<p id="${id}-feil" class="text-sm font-semibold text-red-800">
    ${messages.join(' ')}
  </p>`;
}

function field(
  label: string,
  name: keyof CampaignForm & string,
  value: string,
  errors: FieldMessages,
  type = 'text',
  hint: string | null = null,
): SafeHtml {
  const id = `kampanje-${name}`;
  const invalid = Boolean(errors[name]?.length);
  const describedBy = [hint ? `${id}-hint` : '', invalid ? `${id}-feil` : ''].join(' ').trim();
  return html`<div class="grid content-start gap-1">
    <label for="${id}" class="font-semibold">${label}</label>
    ${hint ? html`<p id="${id}-hint" class="text-sm">${hint}</p>` : ''}
    <input
      id="${id}"
      name="${name}"
      type="${type}"
      value="${value}"
      class="${input}"
      aria-invalid="${invalid ? 'true' : 'false'}"
      ${describedBy ? html`aria-describedby="${describedBy}"` : ''}
    />
    ${fieldError(errors, name, id)}
  </div>`;
}

/** The form to create or change a campaign, with its article search. */
export function campaignFormBlock(view: FormView, csrf: string): SafeHtml {
  const { form, errors } = view;
  const action =
    view.campaignId === null
      ? '/publisering/kampanjer'
      : `/publisering/kampanjer/${String(view.campaignId)}`;
  const title = view.campaignId === null ? 'Ny kampanje' : `Endre kampanjen ${form.name}`;
  const itemsError = fieldError(errors, 'items', 'kampanje-varer');
  return html`<section class="${panel} grid gap-4" aria-labelledby="kampanjeskjema">
    <h2 id="kampanjeskjema" class="text-xl font-bold">${title}</h2>
    <form method="post" action="${action}" class="grid gap-4" novalidate>
      <input type="hidden" name="_csrf" value="${csrf}" />
      ${notice(view.message)}
      <div class="desk:grid-cols-2 grid gap-4">
        ${field('Navn', 'name', form.name, errors)}
        ${field('Merketekst', 'labelText', form.labelText, errors, 'text', 'Vises på varene, f.eks. «Julekupp».')}
        ${field('Starter', 'start', form.start, errors, 'datetime-local', 'Norsk tid.')}
        ${field('Slutter', 'end', form.end, errors, 'datetime-local', 'Norsk tid.')}
      </div>
      ${field('Kort beskrivelse', 'shortDescription', form.shortDescription, errors)}
      <fieldset
        class="grid gap-2"
        ${itemsError ? html`aria-describedby="kampanje-varer-feil"` : ''}
      >
        <legend class="font-semibold">Varer i kampanjen</legend>
        ${itemsError}
        ${
          form.items.length === 0
            ? html`<p>Ingen varer ennå.</p>`
            : html`<ul class="grid gap-2">
                ${form.items.map((item, i) => {
                  const id = `kampanje-pris-${String(i)}`;
                  const key = `items.${String(i)}.price`;
                  const other = errors[`items.${String(i)}.articleId`];
                  const invalid = Boolean(errors[key]?.length);
                  return html`<li class="grid gap-1 rounded-md border border-black/20 bg-white p-3">
                    <input type="hidden" name="articleId" value="${item.articleId}" />
                    <input type="hidden" name="articleName" value="${item.name}" />
                    <label for="${id}" class="font-semibold"
                      >Kampanjepris for ${item.name} (kr)</label
                    >
                    <div class="flex flex-wrap gap-2">
                      <input
                        id="${id}"
                        name="price"
                        value="${item.price}"
                        inputmode="decimal"
                        class="${input} max-w-40"
                        aria-invalid="${invalid ? 'true' : 'false'}"
                        ${invalid ? html`aria-describedby="${id}-feil"` : ''}
                      />
                      <button name="handling" value="fjern:${i}" class="${quiet}">
                        Fjern ${item.name}
                      </button>
                    </div>
                    ${fieldError(errors, key, id)}
                    ${other?.length ? html`<p class="text-sm font-semibold text-red-800">${other.join(' ')}</p>` : ''}
                  </li>`;
                })}
              </ul>`
        }
        <div class="grid gap-1">
          <label for="kampanje-sok" class="font-semibold">Søk etter varer å legge til</label>
          <div class="flex flex-wrap gap-2">
            <input
              id="kampanje-sok"
              name="sok"
              type="search"
              value="${view.query}"
              class="${input} max-w-md"
            />
            <button name="handling" value="sok" class="${quiet}">Søk</button>
          </div>
        </div>
        ${view.searchMessage ? notice(view.searchMessage) : ''}
        ${
          view.found === null
            ? ''
            : view.found.length === 0
              ? html`<p role="status">Ingen treff på «${view.query}».</p>`
              : html`<ul class="grid gap-1" aria-label="Treff på «${view.query}»">
                  ${view.found.map(
                    (a) =>
                      html`<li class="flex flex-wrap items-center gap-2">
                        <span>${a.name} (${formatPrice(a.price)})</span>
                        <button name="handling" value="legg-til:${a.id}:${a.name}" class="${quiet}">
                          Legg til ${a.name}
                        </button>
                      </li>`,
                  )}
                </ul>`
        }
      </fieldset>
      <div class="flex flex-wrap gap-2">
        <button name="handling" value="lagre" class="${button}">
          ${view.campaignId === null ? 'Opprett kampanjen' : 'Lagre endringene'}
        </button>
        ${view.campaignId === null ? '' : html`<a class="${quiet}" href="/publisering">Avbryt</a>`}
      </div>
    </form>
  </section>`;
}

/** The signed-in page: brands first, then the campaigns and the form. */
export function dashboardMain(
  brands: BrandView[],
  campaigns: CampaignsView,
  form: FormView,
  flash: string | null,
  csrf: string,
): SafeHtml {
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

/** A confirmation: what is about to happen, with a button to do it and a way back. */
export function confirmMain(
  title: string,
  lines: string[],
  action: string,
  fields: Record<string, string>,
  confirm: string,
  csrf: string,
): SafeHtml {
  return html`<h1 class="text-2xl font-bold">${title}</h1>
    <form method="post" action="${action}" class="${panel} grid max-w-2xl gap-3">
      <input type="hidden" name="_csrf" value="${csrf}" />
      ${Object.entries(fields).map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}" />`)}
      ${lines.map((line) => html`<p>${line}</p>`)}
      <div class="flex flex-wrap gap-2">
        <button class="${button}">${confirm}</button>
        <a class="${quiet}" href="/publisering">Avbryt</a>
      </div>
    </form>`;
}
