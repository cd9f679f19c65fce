/**
 * The messages between a builder and a brand's build process: what the process is asked
 * (builder/build-brands.ts sends it) and what it answers (builder/astro-child.ts).
 */

import { isRecord } from '../contract/guards.ts';
import type { BuildReport } from './astro-output.ts';
import type { StorefrontBuildOptions } from './storefront-build.ts';

/** What a build's process is asked. */
export interface BuildRequest {
  /** The build's options. */
  options: StorefrontBuildOptions;
  /** The build's own environment, on top of the one the process started with. */
  env: Record<string, string>;
  /**
   * Whether the process is kept for the brand's next build: it then keeps this build's
   * bundles for the next build from the same code (builder/astro-child.ts).
   */
  warm: boolean;
}

/** A build process's answer to a {@link BuildRequest}: its report, or why it failed. */
export type BuildAnswer = { report: BuildReport } | { error: string };

/** Whether a message to a build's process is a {@link BuildRequest}. */
export function isBuildRequest(message: unknown): message is BuildRequest {
  return isRecord(message) && isRecord(message['options']) && isRecord(message['env']);
}
