/**
 * Every page's own scripts: those of the layout's components, run as one module script by
 * src/layouts/Base.astro. A `<script>` in each component would be a module script of its
 * own, a request apiece for a stub that only imports the layout chunk, which holds all their
 * code anyway. This module is where the build starts the layout chunk (builder/chunk-groups.ts):
 * what it imports statically, and nothing else, is the code every page loads. They start in
 * this order, each finding its elements or doing nothing.
 */

import { startConsentCheck } from '../components/consent/consent-check.ts';
import { startPrivacyDialog } from '../components/consent/privacy-dialog.ts';
import { startAccountLink } from '../components/layout/account-link.ts';
import { startAlertHost } from '../components/layout/alert-host.ts';
import { startBackCrumb } from '../components/layout/back-crumb.ts';
import { startCartLink } from '../components/layout/cart-link.ts';
import { startFavouriteHearts } from '../components/layout/favourite-hearts.ts';
import { startHeader } from '../components/layout/header.ts';
import { startPictureFallback } from '../components/layout/picture-fallback.ts';
import { startStylesheetCheck } from '../components/layout/stylesheet-check.ts';

const starts = [
  startHeader,
  startAccountLink,
  startCartLink,
  startBackCrumb,
  startAlertHost,
  startPictureFallback,
  startFavouriteHearts,
  startConsentCheck,
  startPrivacyDialog,
  startStylesheetCheck,
];

/** Resolves in a later task, letting the browser paint and answer input in between. */
const nextTask = (): Promise<void> =>
  'scheduler' in globalThis && 'yield' in scheduler
    ? scheduler.yield()
    : new Promise((resolve) => setTimeout(resolve, 0));

// Each start in a task of its own: run as one, they made a task long enough to block the
// page's load (Lighthouse's total blocking time counts each task's time over 50 ms).
for (const start of starts) {
  start();
  await nextTask();
}
