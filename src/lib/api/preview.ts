/**
 * A preview build (builder/previews/): the shop as of a coming campaign's start. The build
 * registers the moment and the campaign admin's token (builder/storefront-build.ts, from its
 * `previewAt` option); the build-time client then asks the API as of that moment
 * (contract/README.md, "Preview"), and the mappers judge by it which campaigns are still to
 * come. Nothing is registered in the browser or in a build that is no preview.
 */

import { PREVIEW_AT_HEADER } from '../../../contract/preview.ts';
import { buildSlot } from '../build-channel.ts';

/** The moment a preview build shows, and the token the API asks beside it. */
export interface BuildPreview {
  /** ISO instant: the campaign's start. */
  readonly at: string;
  /** The campaign admin's bearer token; never logged, never in a page. */
  readonly token: string;
}

// In the build's channel (../build-channel.ts): the integration, the content loaders and the
// pages each hold their own copy of this module.
const build = buildSlot<BuildPreview | null>('preview', null);

/** Registers the preview the build makes, or none (null). */
export function provideBuildPreview(preview: BuildPreview | null): void {
  build.value = preview;
}

/** The preview the running build makes, or null. */
export function buildPreview(): BuildPreview | null {
  return build.value;
}

/**
 * The headers a preview build sends with every API call: the moment (`X-Preview-At`) and the
 * campaign admin's bearer token the API asks beside it. None outside a preview.
 */
export function previewHeaders(preview = buildPreview()): Record<string, string> {
  return preview === null
    ? {}
    : { [PREVIEW_AT_HEADER]: preview.at, Authorization: `Bearer ${preview.token}` };
}

/**
 * "Now" as the build shows it: the moment a preview build shows, else the clock. The mappers
 * judge by it which campaigns are still to come (their pending rule), as the API judges by
 * the same moment which ones run.
 */
export function shownNow(preview = buildPreview()): Date {
  return preview === null ? new Date() : new Date(preview.at);
}
