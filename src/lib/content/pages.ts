import type { Brand } from '../../brands/schema.ts';

/** The content pages with their own route, and the brand flag that decides each. */
const pageFlags: Readonly<Record<string, (brand: Brand) => boolean>> = {
  'om-oss': (b) => b.pages.about,
  kundeservice: (b) => b.pages.support,
  vedlikehold: (b) => b.pages.maintenance,
  informasjon: (b) => b.pages.info,
  'baerekraftig-forretningspraksis': () => true,
  personvernerklaering: () => true,
  'dette-trenger-barnet-til-barnehagestart': (b) => b.pages.childrenPages,
  'hvordan-kle-barna': (b) => b.pages.childrenPages,
  'bionic-finish-eco': (b) => b.pages.childrenPages,
  'furet-vaerbitt-vikafjell': (b) => b.pages.childrenPages,
};

/**
 * Sections of the customer-service page (the spec sends /terms, /return, /payment and
 * /reclamation there), each at its own anchor.
 */
export const supportSections = [
  { id: 'levering', anchor: 'levering' },
  { id: 'retur', anchor: 'retur' },
  { id: 'vilkar', anchor: 'vilkar' },
] as const;

/** Whether the content page `id` gets its own route in `brand`'s build. */
export function hasOwnRoute(id: string, brand: Brand): boolean {
  return pageFlags[id]?.(brand) ?? false;
}

/** Every content page id with its own route, for any brand. */
export const routedPageIds: readonly string[] = Object.keys(pageFlags);

/** The brand values CMS text may name. */
export interface PlaceholderValues {
  email: string;
  company: string;
}

/** Fills `{email}` and `{company}` in plain text (FAQ answers, shown as text). */
export function fillText(text: string, values: PlaceholderValues): string {
  return text.replaceAll('{email}', values.email).replaceAll('{company}', values.company);
}

/**
 * Fills the placeholders in rendered HTML. Markdown links arrive with the braces
 * URL-encoded (`mailto:%7Bemail%7D`), so both forms are filled, with HTML-escaped values.
 */
export function fillHtml(html: string, values: PlaceholderValues): string {
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return html
    .replaceAll(/\{email\}|%7Bemail%7D/gi, escape(values.email))
    .replaceAll(/\{company\}|%7Bcompany%7D/gi, escape(values.company));
}
