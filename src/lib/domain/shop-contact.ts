/**
 * A shop's ways to reach it, as links a shop page can show: phone (`tel:`), e-mail
 * (`mailto:`), Messenger and the map. The values come from the API, so each link is built
 * only from a value of the expected form and passes safeHref; anything else gives no link.
 */

import { safeHref, type SafeLink } from './safe-href.ts';

/** A link with the text it shows. */
export interface ContactLink extends SafeLink {
  text: string;
}

/** The links of one shop; null where the shop has none, or none of a usable form. */
export interface ShopContact {
  phone: ContactLink | null;
  email: ContactLink | null;
  messenger: ContactLink | null;
  /** The map service's page of the shop (http or https only). */
  map: SafeLink | null;
}

/** What {@link shopContact} reads of a shop. */
export interface ContactFields {
  phone: string;
  email: string;
  messengerId: string | null;
  mapLink: string;
}

const NORWEGIAN_NUMBER = /^(?:\+47|0047)?(\d{8})$/u;
const EMAIL = /^[^\s@<>"'(),;:\\]+@[^\s@<>"'(),;:\\]+\.[a-z]{2,}$/iu;
const MESSENGER_ID = /^[\w.-]{1,100}$/u;

/**
 * A Norwegian number as `tel:+47…`, shown the way Norwegians group it: mobile numbers
 * (4 or 9 first) `412 34 567`, landlines `22 12 34 56`. Spaces and dashes are ignored;
 * other numbers give null.
 */
export function phoneLink(raw: string): ContactLink | null {
  const digits = NORWEGIAN_NUMBER.exec(raw.replace(/[\s-]/gu, ''))?.[1];
  if (digits === undefined) return null;
  const text = /^[49]/u.test(digits)
    ? `${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`
    : digits.replace(/(\d{2})(?=\d)/gu, '$1 ');
  const link = safeHref(`tel:+47${digits}`);
  return link && { ...link, text };
}

/** The shop's links (see the module comment). */
export function shopContact(shop: ContactFields): ShopContact {
  const email = shop.email.trim();
  const mail = EMAIL.test(email) ? safeHref(`mailto:${email}`) : null;
  const id = shop.messengerId?.trim() ?? '';
  const messenger = MESSENGER_ID.test(id) ? safeHref(`https://m.me/${id}`) : null;
  const map = safeHref(shop.mapLink);
  return {
    phone: phoneLink(shop.phone),
    email: mail && { ...mail, text: email },
    messenger: messenger && { ...messenger, text: 'Send oss en melding på Messenger' },
    map: map && /^https?:/iu.test(map.href) ? map : null,
  };
}
