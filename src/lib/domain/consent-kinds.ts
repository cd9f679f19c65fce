/**
 * The optional kinds of cookie as the shop names and explains them (the cookie modal, my
 * page's cookie choices) and where each vendor's script is: apart from the consent rules
 * (consent.ts), which every page runs.
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
    // The shop's own speed measurement (src/components/consent/field-vitals.ts) reads the
    // device too, so it asks under this kind; the privacy statement says what it sends.
    vendor: 'Google Analytics og vår egen fartsmåling',
    text: 'Statistikk over hvordan nettsiden brukes, knyttet til en tilfeldig ID i nettleseren din, og målinger av hvor raskt sidene lastes for deg, uten ID, så vi kan gjøre butikken bedre.',
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

/**
 * The address of each kind's vendor script: Google Analytics (gtag.js), Google Tag
 * Manager (gtm.js) and the Meta Pixel (fbevents.js, which takes its id later).
 */
export function vendorScriptUrl(kind: ConsentKind, id: string): string {
  const query = `?id=${encodeURIComponent(id)}`;
  if (kind === 'analytics') return `https://www.googletagmanager.com/gtag/js${query}`;
  if (kind === 'tagManager') return `https://www.googletagmanager.com/gtm.js${query}`;
  return 'https://connect.facebook.net/en_US/fbevents.js';
}
