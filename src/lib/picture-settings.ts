/**
 * Where this page's or build's pictures may come from (the brand's picture policy) and which
 * image service scales them. Two sources, so that code which runs in the browser never loads
 * the brand files: at build time the build registers the brand's settings (builder/storefront-build.ts,
 * from `currentBrand().images` and `deployTarget().imageCdn`); on a page they are read from
 * `<html data-picture-hosts data-picture-base data-image-cdn>`, which the Base layout writes
 * from the same settings, as `pageTenant()` reads the brand.
 */

import { buildSlot } from './build-channel.ts';
import type { PicturePolicy } from './domain/picture-source.ts';
import { isImageCdn, pictureUrl, type ImageCdn } from './domain/picture-url.ts';

/** The brand's picture policy and the deploy's image service. */
export interface PictureSettings {
  readonly policy: PicturePolicy;
  readonly cdn: ImageCdn;
}

/** Without settings (tests, scripts outside a build): same-site pictures only, as they are. */
export const SAME_SITE_PICTURES: PictureSettings = {
  policy: { hosts: [], base: null },
  cdn: 'none',
};

// In the build's channel: the integration, the content loaders and the pages each hold their
// own copy of this module.
const build = buildSlot<PictureSettings | null>('pictures', null);

/** Registers the build's settings, for the mappers and renderers that run while it builds. */
export function provideBuildPictureSettings(settings: PictureSettings | null): void {
  build.value = settings;
}

/** The `<html>` attributes that carry `settings` to the page (the Base layout writes them). */
export function pictureSettingsAttributes(settings: PictureSettings): Record<string, string> {
  return {
    ...(settings.policy.hosts.length > 0
      ? { 'data-picture-hosts': settings.policy.hosts.join(' ') }
      : {}),
    ...(settings.policy.base === null ? {} : { 'data-picture-base': settings.policy.base }),
    'data-image-cdn': settings.cdn,
  };
}

let read: { key: string; settings: PictureSettings } | undefined;

/** A document, or what a host reads of one: the `<html>` tag's `data-*` attributes. */
type PageWithSettings = { documentElement: Pick<HTMLElement, 'dataset'> };

/**
 * The settings a page carries on `<html>` (see {@link pictureSettingsAttributes}); undefined
 * where there is no document (at build time). A page without them gets
 * {@link SAME_SITE_PICTURES}' policy and service.
 */
export function pagePictureSettings(doc: PageWithSettings): PictureSettings;
export function pagePictureSettings(doc?: PageWithSettings): PictureSettings | undefined;
export function pagePictureSettings(
  doc: PageWithSettings | undefined = globalThis.document,
): PictureSettings | undefined {
  if (doc === undefined) return undefined;
  const data = doc.documentElement.dataset;
  const hosts = data['pictureHosts'] ?? '';
  const base = data['pictureBase'] ?? '';
  const cdn = data['imageCdn'];
  const key = `${hosts}\n${base}\n${cdn ?? ''}`;
  if (read?.key !== key) {
    read = {
      key,
      settings: {
        policy: { hosts: hosts.split(' ').filter(Boolean), base: base === '' ? null : base },
        cdn: isImageCdn(cdn) ? cdn : SAME_SITE_PICTURES.cdn,
      },
    };
  }
  return read.settings;
}

// Set only while drawWithPictureSettings draws, which is synchronous, so one host process
// can draw for several brands without one brand's settings reaching another's answer.
let drawing: PictureSettings | undefined;

/**
 * Runs `draw` (mapping and drawing, synchronous) under `settings`: what a host that draws a
 * brand's page (functions/_lib/search-page.ts) reads from that page's `<html>`.
 */
export function drawWithPictureSettings<T>(settings: PictureSettings, draw: () => T): T {
  const before = drawing;
  drawing = settings;
  try {
    return draw();
  } finally {
    drawing = before;
  }
}

/**
 * The settings in force: those a host draws with, else the page's in the browser, else the
 * build's, else same-site only.
 */
export function pictureSettings(): PictureSettings {
  return drawing ?? pagePictureSettings() ?? build.value ?? SAME_SITE_PICTURES;
}

/**
 * A picture drawn at a fixed `cssWidth` (a cart or checkout line's): one address at twice that
 * width from the page's image service, sharp on a 2× screen, never the full-size photograph.
 */
export function thumbnailUrl(src: string, cssWidth: number): string {
  return pictureUrl(src, 2 * cssWidth, pictureSettings().cdn);
}
