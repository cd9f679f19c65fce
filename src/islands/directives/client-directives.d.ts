import type { InteractionOptions } from './interaction.ts';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates when the shopper first interacts with the island; see interaction.ts. */
    'client:interaction'?: boolean | InteractionOptions;
  }
}

export {};
