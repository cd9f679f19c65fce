/**
 * How the shop names and explains the optional kinds of cookie, for the cookie modal and my
 * page's cookie choices; apart from the consent rules (consent.ts), which every page runs.
 */

import type { ConsentKind } from './consent.ts';

/** How the shop names and explains each optional kind, in the order it offers them. */
export const CONSENT_KINDS: ReadonlyArray<{
  kind: ConsentKind;
  label: string;
  vendor: string;
  text: string;
}> = [
  {
    kind: 'analytics',
    label: 'Analyse',
    vendor: 'Google Analytics',
    text: 'Anonym statistikk over hvordan nettsiden brukes, så vi kan gjøre butikken bedre.',
  },
  {
    kind: 'tagManager',
    label: 'Tag manager',
    vendor: 'Google Tag Manager',
    text: 'Laster verktøyene for måling og markedsføring du har sagt ja til.',
  },
  {
    kind: 'pixel',
    label: 'Annonsepiksel',
    vendor: 'Meta Pixel',
    text: 'Måler om annonsene våre på Facebook og Instagram virker.',
  },
];
