/**
 * Field measurement (issue 46): what a page view's beacon carries to `POST /vitals`, what
 * `GET admin/vitals` answers, and the rules both ends read the figures by: Core Web Vitals'
 * thresholds and the 75th percentile. No dependencies, so the shop's late chunk, the
 * reference backend and the publishing page all load it (contract/README.md, "Field
 * measurement").
 */

/** The metrics a beacon may carry, as the web-vitals library names them. */
export const VITALS_METRICS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;

/** One of {@link VITALS_METRICS}. */
export type ApiVitalsMetricName = (typeof VITALS_METRICS)[number];

/**
 * The page types a beacon may name: the layout's route names (`routeName` of
 * src/layouts/Base.astro), which a test holds to this list.
 */
export const VITALS_PAGE_TYPES = [
  'home',
  'page',
  'category',
  'gender',
  'search',
  'bundle',
  'product',
  'product-lookup',
  'checkout',
  'withdrawal',
  'shops',
  'shop',
  'blog',
  'blog-category',
  'blog-post',
  'poll',
  'poll-lookup',
  'login',
  'register',
  'my-page',
  'history',
  'forgot-password',
  'reset-password',
  'verify-email',
  'not-found',
  'preview',
] as const;

/** One of {@link VITALS_PAGE_TYPES}. */
export type ApiVitalsPageType = (typeof VITALS_PAGE_TYPES)[number];

/** How the page view began, as web-vitals reports it (`prerender` for a prerendered page). */
export const VITALS_NAVIGATION_TYPES = [
  'navigate',
  'reload',
  'back-forward',
  'back-forward-cache',
  'prerender',
  'restore',
] as const;

/** One measured value of a page view. */
export interface ApiVitalsMetric {
  name: ApiVitalsMetricName;
  /** Milliseconds (LCP, INP, TTFB) or the layout shift score (CLS), within {@link VITALS_MAX}. */
  value: number;
  navigationType: (typeof VITALS_NAVIGATION_TYPES)[number];
  /**
   * From the attribution build: the element it concerns (LCP's element, INP's interaction
   * target, CLS's largest shift), a CSS selector of at most {@link VITALS_TARGET_MAX}
   * characters; absent when there is none.
   */
  target?: string;
}

/** The body of `POST /vitals`: one page view's metrics, each name at most once. */
export interface ApiVitalsBeacon {
  /** The brand id (`toppfart`). */
  brand: string;
  page: ApiVitalsPageType;
  metrics: ApiVitalsMetric[];
}

/** Largest value accepted per metric: a minute for the times, 10 for CLS. */
export const VITALS_MAX: Readonly<Record<ApiVitalsMetricName, number>> = {
  LCP: 60_000,
  INP: 60_000,
  CLS: 10,
  TTFB: 60_000,
};

/** Longest `target` accepted. */
export const VITALS_TARGET_MAX = 200;

/** Largest `POST /vitals` body accepted, in bytes; a page view's beacon is some 400. */
export const VITALS_BODY_MAX = 2048;

/**
 * Core Web Vitals' thresholds (web.dev): a value up to `good` is good, above `poor` poor,
 * between them needs improvement.
 */
export const VITALS_THRESHOLDS: Readonly<
  Record<ApiVitalsMetricName, { good: number; poor: number }>
> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  TTFB: { good: 800, poor: 1800 },
};

/** How a value of `metric` rates against {@link VITALS_THRESHOLDS}. */
export type VitalsRating = 'good' | 'needs-improvement' | 'poor';

/** The rating of `value` of `metric`. */
export function vitalsRating(metric: ApiVitalsMetricName, value: number): VitalsRating {
  const { good, poor } = VITALS_THRESHOLDS[metric];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}

/**
 * The 75th percentile of `values` by the nearest rank (the smallest value at least 75 % of
 * the values are at or under), as the Chrome UX Report reads field data; null for none.
 */
export function p75(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.75) - 1] ?? null;
}

/** Fewest views a p75 is shown on: below it one slow phone moves the figure. */
export const VITALS_MIN_VIEWS = 20;

/** Days `GET admin/vitals` reckons over. */
export const VITALS_DAYS = 7;

/** One brand's, page type's and metric's figure over the last {@link VITALS_DAYS} days. */
export interface ApiVitalsSummary {
  brand: string;
  page: ApiVitalsPageType;
  metric: ApiVitalsMetricName;
  /** How many page views reported the metric. */
  views: number;
  /**
   * The 75th percentile ({@link p75}); null where `views` is under {@link VITALS_MIN_VIEWS}.
   */
  p75: number | null;
}

/** The answer of `GET admin/vitals`. */
export interface ApiVitalsReport {
  /** The start of the period reckoned (ISO 8601, UTC). */
  since: string;
  summaries: ApiVitalsSummary[];
}
