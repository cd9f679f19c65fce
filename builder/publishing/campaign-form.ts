import type { ApiAdminCampaign, ApiAdminCampaignInput } from '../../contract/index.ts';
import { formatPrice, kronerToOre } from '../../contract/money.ts';
import { TIME_ZONE } from '../../src/lib/format/date.ts';

/**
 * The campaign form of /publisering as the browser posts it, and back: what marketing typed
 * is kept as typed (text), so a refused form comes back whole with a message at each field
 * that is wrong, whether this page or the API found it.
 */

/** One article in the form. */
export interface FormItem {
  articleId: string;
  name: string;
  /** The campaign price in kroner as typed (`199,50`). */
  price: string;
}

/** The form's fields as typed; times as `datetime-local` gives them, in Norwegian time. */
export interface CampaignForm {
  name: string;
  shortDescription: string;
  labelText: string;
  start: string;
  end: string;
  items: FormItem[];
}

/** Messages per field, keyed as the API keys them (`start`, `items.0.price`). */
export type FieldMessages = Record<string, string[]>;

/** An empty form, starting `start` (a `datetime-local` value). */
export function emptyForm(start = '', end = ''): CampaignForm {
  return { name: '', shortDescription: '', labelText: '', start, end, items: [] };
}

/** The form as posted (`URLSearchParams` of `application/x-www-form-urlencoded`). */
export function readForm(body: URLSearchParams): CampaignForm {
  const field = (name: string): string => body.get(name) ?? '';
  const ids = body.getAll('articleId');
  const names = body.getAll('articleName');
  const prices = body.getAll('price');
  return {
    name: field('name'),
    shortDescription: field('shortDescription'),
    labelText: field('labelText'),
    start: field('start'),
    end: field('end'),
    items: ids.map((articleId, i) => ({
      articleId,
      name: names[i] ?? '',
      price: prices[i] ?? '',
    })),
  };
}

/** Minutes Oslo is ahead of UTC at `utcMs`. */
function osloOffsetMinutes(utcMs: number): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(utcMs));
  const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((wall - Math.floor(utcMs / 60_000) * 60_000) / 60_000);
}

/** A `datetime-local` value (Norwegian time) as an instant, or null when it is no time. */
export function osloInstant(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/u.exec(local.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (new Date(wall).getUTCDate() !== day || hour > 23 || minute > 59) return null;
  // The offset at the wall time read as UTC is right but within an hour of a change.
  const guess = wall - osloOffsetMinutes(wall) * 60_000;
  return new Date(wall - osloOffsetMinutes(guess) * 60_000).toISOString();
}

/** An instant as a `datetime-local` value in Norwegian time. */
export function osloLocal(instant: string | number | Date): string {
  const ms = new Date(instant).getTime();
  const wall = new Date(ms + osloOffsetMinutes(ms) * 60_000);
  return wall.toISOString().slice(0, 16);
}

/** A price typed in kroner (`199`, `199,50`, `1 499,00`) in øre, or null. */
export function parseKroner(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0]|kr/giu, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/u.test(cleaned)) return null;
  return kronerToOre(Number(cleaned));
}

/** Øre as the form shows a price to change: `199,50`. */
export function kronerText(ore: number): string {
  return formatPrice(ore).replace(/\s?kr$/u, '');
}

/**
 * The API's body from the form, or the messages of what this page can tell is wrong
 * before asking the API (which checks the rest: unknown articles, end before start ...).
 */
export function toInput(
  form: CampaignForm,
): { ok: true; input: ApiAdminCampaignInput } | { ok: false; errors: FieldMessages } {
  const errors: FieldMessages = {};
  const add = (field: string, message: string): void => {
    (errors[field] ??= []).push(message);
  };
  const start = osloInstant(form.start);
  const end = osloInstant(form.end);
  if (start === null) add('start', 'Skriv når kampanjen starter: dato og klokkeslett.');
  if (end === null) add('end', 'Skriv når kampanjen slutter: dato og klokkeslett.');
  if (start !== null && end !== null && end <= start) add('end', 'Slutten må være etter starten.');
  if (form.items.length === 0) add('items', 'Legg til minst én vare: søk etter den over.');
  const items = form.items.map((item, index) => {
    const price = parseKroner(item.price);
    if (price === null) {
      add(`items.${String(index)}.price`, 'Skriv prisen i kroner, f.eks. 199 eller 199,50.');
    }
    return {
      articleId: Number(item.articleId),
      price: price ?? 0,
      labelType: 'price',
      labelData: {},
    };
  });
  if (Object.keys(errors).length > 0 || start === null || end === null)
    return { ok: false, errors };
  return {
    ok: true,
    input: {
      name: form.name,
      shortDescription: form.shortDescription,
      labelText: form.labelText,
      start,
      end,
      items,
    },
  };
}

/** A stored campaign in the form, to change it; `names` are its articles' names by id. */
export function formOf(
  campaign: ApiAdminCampaign,
  names: ReadonlyMap<number, string>,
): CampaignForm {
  return {
    name: campaign.name,
    shortDescription: campaign.shortDescription,
    labelText: campaign.labelText,
    start: osloLocal(campaign.start),
    end: osloLocal(campaign.end),
    items: campaign.items.map((item) => ({
      articleId: String(item.articleId),
      name: names.get(item.articleId) ?? `Vare ${String(item.articleId)}`,
      price: kronerText(item.price),
    })),
  };
}
