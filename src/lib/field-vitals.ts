/**
 * The rules of the field measurement (issue 46) apart from the browser: which page views
 * are measured, what their beacon holds, and the settings the Base layout writes on
 * `<html>` for the measuring code (src/components/consent/field-vitals.ts), so that code
 * never loads the brand files.
 */

import type { Brand } from '../brands/schema.ts';
import {
  type ApiVitalsBeacon,
  type ApiVitalsMetric,
  type ApiVitalsPageType,
  VITALS_MAX,
  VITALS_METRICS,
  VITALS_NAVIGATION_TYPES,
  VITALS_PAGE_TYPES,
  VITALS_TARGET_MAX,
} from '../../contract/vitals.ts';
import type { Consent } from './domain/consent.ts';

/** What a page's measuring code needs: where to, for whom, and how many views. */
export interface VitalsSettings {
  collector: string;
  sampleRate: number;
  brand: string;
  page: ApiVitalsPageType;
}

/** A metric as web-vitals reports it, before the API's limits are applied. */
export interface ReportedMetric {
  name: string;
  value: number;
  navigationType: string;
  target?: string | undefined;
}

const oneOf = <T extends string>(list: readonly T[], value: string | undefined): value is T =>
  (list as readonly (string | undefined)[]).includes(value);

const isPageType = (name: string | undefined): name is ApiVitalsPageType =>
  oneOf(VITALS_PAGE_TYPES, name);

/**
 * The `<html>` attributes that carry `brand`'s measurement settings for a page of
 * `routeName` (the brand id is already there as `data-tenant`). `VITALS_SAMPLE_RATE` in
 * `env` replaces the brand's rate: the browser tests' build measures every view.
 * @throws Error for a route name the contract's page types lack, or an unusable rate, so a
 * new kind of page fails the build until the API accepts its beacons.
 */
export function vitalsAttributes(
  brand: Brand,
  routeName: string,
  env: NodeJS.ProcessEnv,
): Record<string, string> {
  if (!isPageType(routeName)) {
    throw new Error(`Route name "${routeName}" is not in VITALS_PAGE_TYPES (contract/vitals.ts).`);
  }
  const forced = env['VITALS_SAMPLE_RATE'];
  const rate = forced === undefined || forced === '' ? brand.vitals.sampleRate : Number(forced);
  if (!(rate >= 0 && rate <= 1)) {
    throw new Error(`VITALS_SAMPLE_RATE must be a share from 0 to 1, not "${String(forced)}".`);
  }
  return {
    'data-page-type': routeName,
    'data-vitals-collector': brand.vitals.collector,
    'data-vitals-sample': String(rate),
  };
}

/** The settings `<html>`'s `dataset` holds, or null when a page holds none usable. */
export function readVitalsSettings(data: DOMStringMap): VitalsSettings | null {
  const { tenant, pageType, vitalsCollector, vitalsSample } = data;
  const sampleRate = Number(vitalsSample);
  if (!tenant || !vitalsCollector || !isPageType(pageType) || !(sampleRate >= 0)) return null;
  return { collector: vitalsCollector, sampleRate, brand: tenant, page: pageType };
}

/**
 * Whether a page view is measured: only with statistics allowed (the cookie modal's
 * analytics kind), and then when `draw` (uniform in [0, 1)) falls under `sampleRate`.
 */
export function isMeasured(consent: Consent | null, sampleRate: number, draw: number): boolean {
  return consent?.analytics === true && draw < sampleRate;
}

/**
 * The beacon of `metrics` as the API accepts it: each name once (the last report of it),
 * only values within range and navigation types it knows, targets cut to length; null when
 * nothing is left to send.
 */
export function vitalsBeacon(
  settings: VitalsSettings,
  metrics: readonly ReportedMetric[],
): ApiVitalsBeacon | null {
  const last = new Map<string, ApiVitalsMetric>();
  for (const { name, value, navigationType, target } of metrics) {
    if (!oneOf(VITALS_METRICS, name) || !oneOf(VITALS_NAVIGATION_TYPES, navigationType)) continue;
    if (!(value >= 0 && value <= VITALS_MAX[name])) continue;
    last.set(name, {
      name,
      value,
      navigationType,
      ...(target ? { target: target.slice(0, VITALS_TARGET_MAX) } : {}),
    });
  }
  return last.size === 0
    ? null
    : { brand: settings.brand, page: settings.page, metrics: [...last.values()] };
}
