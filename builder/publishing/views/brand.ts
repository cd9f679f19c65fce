import { html } from 'hono/html';
import type { BrandStatus } from '../../releases/queue.ts';
import type { Release } from '../../releases/releases.ts';
import type { BuildRecord, LiveRelease } from '../build-board.ts';
import { formatSeconds, type BuildProgress } from '../progress.ts';
import { button, panel, quiet, whenText, type Markup } from './parts.ts';

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

function progressBlock(view: BrandView): Markup | '' {
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

function statusLine(view: BrandView): Markup {
  const { state, queuedAgain } = view.status;
  if (state === 'building') {
    return html`<p>
      Bygger nå.${queuedAgain ? ' Ett bygg til står i kø og begynner når dette er ferdig.' : ''}
    </p>`;
  }
  if (state === 'queued') return html`<p>Et bygg står i kø.</p>`;
  return html`<p>Ingen bygg står i kø.</p>`;
}

function liveBlock(view: BrandView): Markup {
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

function historyTable(view: BrandView): Markup {
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

function releasesBlock(view: BrandView): Markup {
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

function ciBlock(view: BrandView): Markup | '' {
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

/** One brand's panel: its live release, its build, its earlier releases and its last builds; also served alone for the page's script to swap in. */
export function brandPanel(view: BrandView, csrf: string): Markup {
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
