/**
 * What the parts of one static build hand each other: the build's settings in (the picture
 * settings, src/lib/picture-settings.ts; the preview, src/lib/api/preview.ts), the products
 * loader's reading of the details that pages wait for (src/lib/content/product-details.ts),
 * and its tallies out (what was skipped as 'Missing data', src/lib/mappers/common.ts; the
 * pages rendered and the report, builder/astro-output.ts).
 *
 * A build runs one module in several copies: Node's (the integration, builder/storefront-build.ts),
 * the dev runner's in which Vite runs the content loaders, and the server bundle's in which the
 * pages render. So that all of them hold one value, this module is the one instance they
 * share: Node loads it, and the integration's Vite plugin (builder/shared-channel.ts) hands
 * every server environment Node's instance in place of a copy. Each owner keeps its typed API
 * and holds its values here, in a slot it names; a module that imports this one is an arrow
 * the layer rule (.dependency-cruiser.cjs) sees. Outside a build (tests, scripts, the Pages
 * Function) the module is an ordinary one whose slots start empty; the browser's build gets
 * slots that are only their initial values.
 */

const slots = new Map<string, { value: unknown }>();

/** One value of the build in progress, shared by every copy of the module that names it. */
export interface BuildSlot<T> {
  value: T;
}

/** The slot `name`, holding `initial` until its owner sets it. */
export function buildSlot<T>(name: string, initial: T): BuildSlot<T> {
  let slot = slots.get(name);
  if (!slot) {
    slot = { value: initial };
    slots.set(name, slot);
  }
  return slot as BuildSlot<T>;
}
