/**
 * The picture an article or colour without a usable picture shows (public/). A module of its
 * own: every page's layout chunk holds it (src/components/layout/PictureFallback.astro), and
 * nothing else of the picture rules needs to be there.
 */
export const MISSING_IMAGE = '/bilde-mangler.svg';
