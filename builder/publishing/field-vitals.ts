import { html } from 'hono/html';
import {
  type ApiVitalsMetricName,
  type ApiVitalsPageType,
  type ApiVitalsReport,
  type ApiVitalsSummary,
  VITALS_DAYS,
  VITALS_METRICS,
  VITALS_MIN_VIEWS,
  VITALS_PAGE_TYPES,
  VITALS_THRESHOLDS,
  type VitalsRating,
  vitalsRating,
} from '../../contract/vitals.ts';
import { nbNo } from '../../src/lib/format/number.ts';
import { adminCall, type AdminApi, type AdminResult } from './campaign-admin.ts';
import type { Markup } from './views/parts.ts';

/**
 * The speed shoppers really get, on /publisering: per brand and page type the p75 of each
 * Core Web Vital over the last week from the shop's field measurement (`GET admin/vitals`,
 * contract/README.md "Field measurement"), beside the metric's thresholds, with the views
 * it rests on; a figure on fewer views than {@link VITALS_MIN_VIEWS} is not shown.
 */

/**
 * The last week's figures, or the words for why there are none: also when the chain's API
 * answers something else (one without the field measurement).
 */
export async function fetchVitals(api: AdminApi): Promise<AdminResult<ApiVitalsReport>> {
  const answer = await adminCall<ApiVitalsReport>(api, '/admin/vitals');
  if (!answer.ok || Array.isArray((answer.value as Partial<ApiVitalsReport> | null)?.summaries)) {
    return answer;
  }
  return { ok: false, status: null, message: 'API-et har ingen målinger.', errors: {} };
}

const PAGE_NAMES: Readonly<Record<ApiVitalsPageType, string>> = {
  home: 'Forsiden',
  page: 'Innholdsside',
  category: 'Kategoriliste',
  gender: 'Liste per kjønn',
  search: 'Søk',
  bundle: 'Utvalg',
  product: 'Produktside',
  'product-lookup': 'Produktoppslag',
  checkout: 'Kassen',
  withdrawal: 'Angrerett',
  shops: 'Butikkliste',
  shop: 'Butikkside',
  blog: 'Bloggen',
  'blog-category': 'Bloggkategori',
  'blog-post': 'Blogginnlegg',
  poll: 'Avstemning',
  'poll-lookup': 'Avstemningsoppslag',
  login: 'Logg inn',
  register: 'Registrering',
  'my-page': 'Min side',
  history: 'Kjøpshistorikk',
  'forgot-password': 'Glemt passord',
  'reset-password': 'Nytt passord',
  'verify-email': 'Bekreft e-post',
  'not-found': 'Fant ikke siden',
  preview: 'Forhåndsvisning',
};

const RATING_WORDS: Readonly<Record<VitalsRating, string>> = {
  good: 'god',
  'needs-improvement': 'bør forbedres',
  poor: 'dårlig',
};

const RATING_CLASS: Readonly<Record<VitalsRating, string>> = {
  good: 'text-green-800',
  'needs-improvement': 'text-amber-800',
  poor: 'text-red-800',
};

/** A figure of `metric` as the page writes it: `2,5 s`, `200 ms`, `0,1`. */
export function formatVital(metric: ApiVitalsMetricName, value: number): string {
  if (metric === 'CLS') return nbNo('vitals:cls', { maximumFractionDigits: 2 }).format(value);
  if (metric === 'INP')
    return `${nbNo('vitals:ms', { maximumFractionDigits: 0 }).format(value)} ms`;
  return `${nbNo('vitals:s', { maximumFractionDigits: 2 }).format(value / 1000)} s`;
}

/** The thresholds of `metric` in the table's head: `god ≤ 2,5 s, dårlig > 4 s`. */
function thresholdText(metric: ApiVitalsMetricName): string {
  const { good, poor } = VITALS_THRESHOLDS[metric];
  return `god ≤ ${formatVital(metric, good)}, dårlig > ${formatVital(metric, poor)}`;
}

const views = (count: number) =>
  `${nbNo('number', {}).format(count)} ${count === 1 ? 'visning' : 'visninger'}`;

function cell(summary: ApiVitalsSummary | undefined): Markup {
  if (summary === undefined) return html`<td class="border-b py-1 pr-2">–</td>`;
  if (summary.p75 === null || summary.views < VITALS_MIN_VIEWS) {
    return html`<td class="border-b py-1 pr-2" data-metric="${summary.metric}">
      For få (${views(summary.views)})
    </td>`;
  }
  const rating = vitalsRating(summary.metric, summary.p75);
  return html`<td
    class="border-b py-1 pr-2"
    data-metric="${summary.metric}"
    data-rating="${rating}"
  >
    <strong>${formatVital(summary.metric, summary.p75)}</strong>,
    <span class="${RATING_CLASS[rating]}">${RATING_WORDS[rating]}</span>
    <span class="block text-xs">${views(summary.views)}</span>
  </td>`;
}

function brandTable(brand: { id: string; name: string }, summaries: ApiVitalsSummary[]): Markup {
  const mine = summaries.filter((s) => s.brand === brand.id);
  const pages = VITALS_PAGE_TYPES.filter((page) => mine.some((s) => s.page === page));
  if (pages.length === 0) {
    return html`<p data-vitals-brand="${brand.id}">${brand.name}: ingen målinger ennå.</p>`;
  }
  const find = (page: ApiVitalsPageType, metric: ApiVitalsMetricName) =>
    mine.find((s) => s.page === page && s.metric === metric);
  return html`<div class="overflow-x-auto">
    <table class="w-full border-collapse text-left text-sm" data-vitals-brand="${brand.id}">
      <caption class="text-left font-semibold">
        ${brand.name}: p75 per sidetype
      </caption>
      <thead>
        <tr>
          <th scope="col" class="border-b py-1 pr-2">Sidetype</th>
          ${VITALS_METRICS.map(
            (metric) =>
              html`<th scope="col" class="border-b py-1 pr-2">
                ${metric} <span class="block text-xs font-normal">${thresholdText(metric)}</span>
              </th>`,
          )}
        </tr>
      </thead>
      <tbody>
        ${pages.map(
          (page) =>
            html`<tr data-page-type="${page}">
              <th scope="row" class="border-b py-1 pr-2 font-normal">${PAGE_NAMES[page]}</th>
              ${VITALS_METRICS.map((metric) => cell(find(page, metric)))}
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

/** The section of /publisering with every kept brand's table, or why there is none. */
export function vitalsSection(
  brands: ReadonlyArray<{ id: string; name: string }>,
  report: AdminResult<ApiVitalsReport>,
): Markup {
  return html`<section class="bg-surface desk:p-6 grid gap-4 rounded-lg p-4" aria-labelledby="fart">
    <h2 id="fart" class="text-xl font-bold">Fart hos kundene</h2>
    <p>
      75-persentilen (p75) av hver måling de siste ${VITALS_DAYS} dagene, målt i nettleseren hos
      kunder som har samtykket til statistikk: tre av fire sidevisninger var minst så raske. Core
      Web Vitals regner en verdi som god, bør forbedres eller dårlig etter grensene i tabellhodet.
      Sidetyper med færre enn ${VITALS_MIN_VIEWS} visninger får ingen verdi.
    </p>
    ${
      report.ok
        ? brands.map((brand) => brandTable(brand, report.value.summaries))
        : html`<p role="alert">Målingene kan ikke vises: ${report.message}</p>`
    }
  </section>`;
}
