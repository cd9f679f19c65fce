/**
 * The field measurement (issue 46): LCP, INP, CLS and TTFB of this page view, as Google's
 * web-vitals library (its attribution build) reckons them, sent in one beacon to the brand's
 * collector when the page is hidden. Loaded by vendor-scripts.ts only once the shopper has
 * allowed statistics and the page has loaded, so no page carries it before then; a page
 * view outside the brand's sample measures nothing. The beacon holds the brand, the page
 * type and the figures: no cookie of its own, no identifier, no address.
 */

import { onCLS, onINP, onLCP, onTTFB, type MetricWithAttribution } from 'web-vitals/attribution';
import {
  isMeasured,
  readVitalsSettings,
  vitalsBeacon,
  type ReportedMetric,
} from '../../lib/field-vitals.ts';
import { $consent } from '../../stores/consent.ts';

/** The element the metric concerns, as the attribution build names it. */
function targetOf(metric: MetricWithAttribution): string | undefined {
  switch (metric.name) {
    case 'LCP':
      return metric.attribution.target;
    case 'INP':
      return metric.attribution.interactionTarget;
    case 'CLS':
      return metric.attribution.largestShiftTarget;
    default:
      return undefined;
  }
}

/** Starts measuring this page view, when it is one of the brand's sample. */
export function startFieldVitals(): void {
  const settings = readVitalsSettings(document.documentElement.dataset);
  if (!settings || !isMeasured($consent.get(), settings.sampleRate, Math.random())) return;
  const reported: ReportedMetric[] = [];
  const report = (metric: MetricWithAttribution) => {
    reported.push({
      name: metric.name,
      value: metric.value,
      navigationType: metric.navigationType,
      target: targetOf(metric),
    });
  };
  onTTFB(report);
  onLCP(report);
  onINP(report);
  onCLS(report);

  // The library reports on the same event, having listened first; what it reports after a
  // return to the page (a larger CLS or INP) goes in the next beacon.
  const send = () => {
    // A shopper who withdrew statistics on this page is no longer measured.
    const beacon = $consent.get()?.analytics ? vitalsBeacon(settings, reported) : null;
    reported.length = 0;
    if (beacon) navigator.sendBeacon(settings.collector, JSON.stringify(beacon));
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') send();
  });
}
