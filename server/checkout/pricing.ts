import type { DatabaseSync } from 'node:sqlite';
import { orderTotals } from '../../contract/cart-totals.ts';
import { cachedStatement } from '../db/statement-cache.ts';
import { FieldErrors, validationError } from '../http/errors.ts';
import { PROMO_CODE_MESSAGES, lookupPromoCode, promoTerms } from './promo-codes.ts';

/** Most lines one reservation may hold. */
export const MAX_LINES = 50;
/** Longest customer name accepted. */
export const MAX_NAME_LENGTH = 100;

/** A line priced from the database: unit price and pant in whole øre. */
export interface PricedLine {
  variantId: number;
  articleId: number;
  ean: string;
  name: string;
  size: string;
  color: string;
  count: number;
  price: number;
  pant: number;
  campaignItemId: number | null;
}

/** A validated reservation request, priced by the server, not yet stored. */
export interface PricedReservation {
  name: string;
  email: string;
  phone: string;
  delivery: 0 | 1;
  address: string;
  city: string;
  zipcode: string;
  /** The shop whose stock is taken: `ShopID` for pick-up, the web shop for delivery. */
  shopId: number;
  shippingMethodId: string;
  lines: PricedLine[];
  /** Σ (price + pant) × count. */
  subtotal: number;
  /** What a `cart` promo code took off the goods. */
  discount: number;
  /** Shipping after a `shipping` promo code. */
  shippingPrice: number;
  total: number;
  promoCodeId: number | null;
  promoCode: string | null;
}

/** docs/spec.md §5 phone: optional +47 or 0047, optional space, 8 digits starting with 4 or 9. */
export const PHONE = /^(?:\+47|0047)? ?[49]\d{7}$/u;
// Street, whitespace, then digits with at most one trailing letter (`12`, `12B`), docs/spec.md §5.
const ADDRESS = /^\S.*?\s+\d+\p{L}?$/u;
/** An e-mail address as reservations and accounts accept it: something@domain.tld. */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;
/** A Norwegian postal code: four digits. */
export const POSTAL_CODE = /^\d{4}$/u;

/** The docs/spec.md §5 message for an address without a house number. */
export const NO_HOUSE_NUMBER_MESSAGE =
  "Ingen husnummer oppgitt - addresse må være på format: 'gateaddresse husnummer'";

interface ArticleRow {
  variant_id: number;
  article_id: number;
  name: string;
  size: string;
  color: string;
  price: number;
  pant: number | null;
  purchasable_on_web: number;
  visible: number;
  web_purchase_limit: number;
  only_cc: number;
}

const VARIANT_SQL = `
  SELECT v.id AS variant_id, a.id AS article_id, a.name, s.name AS size, co.name AS color,
         a.price, a.pant, a.purchasable_on_web, a.visible, a.web_purchase_limit, a.only_cc
  FROM variants v
  JOIN articles a ON a.id = v.article_id
  JOIN sizes s ON s.id = v.size_id
  JOIN colors co ON co.id = v.color_id
  WHERE v.ean = ?`;

// A campaign item prices its article only while its campaign runs (start <= now < end) and
// the item is still in it.
const CAMPAIGN_PRICE_SQL = `
  SELECT ci.price FROM campaign_items ci JOIN campaigns c ON c.id = ci.campaign_id
  WHERE ci.id = ? AND ci.article_id = ? AND ci.removed_at IS NULL
    AND c.start <= ? AND c.end > ?`;

function text(body: Record<string, unknown>, field: string, errors: FieldErrors): string {
  const value = body[field];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') {
    errors.add(field, `${field} må være tekst.`);
    return '';
  }
  return value.trim();
}

function isWholeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

interface RequestedLine {
  index: number;
  ean: string;
  count: number;
  campaignItemId: number | null;
}

function readItems(value: unknown, errors: FieldErrors): RequestedLine[] {
  if (!Array.isArray(value) || value.length === 0) {
    errors.add('items', 'Handlekurven er tom.');
    return [];
  }
  if (value.length > MAX_LINES) {
    errors.add('items', `En reservasjon kan ha høyst ${String(MAX_LINES)} varelinjer.`);
    return [];
  }
  const lines: RequestedLine[] = [];
  value.forEach((item: unknown, index) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      errors.add(`items.${String(index)}`, 'Varelinjen er ugyldig.');
      return;
    }
    const {
      EanNo: ean,
      Count: count,
      CampaignArticleID: campaign,
    } = item as Record<string, unknown>;
    let ok = true;
    if (typeof ean !== 'string' || !/^\d{8,14}$/u.test(ean)) {
      errors.add(`items.${String(index)}.EanNo`, 'Varen finnes ikke.');
      ok = false;
    }
    if (!isWholeNumber(count) || count < 1) {
      errors.add(`items.${String(index)}.Count`, 'Antall må være et helt tall på minst 1.');
      ok = false;
    }
    if (campaign !== undefined && campaign !== null && !isWholeNumber(campaign)) {
      errors.add(`items.${String(index)}.CampaignArticleID`, 'Kampanjen er ugyldig.');
      ok = false;
    }
    if (ok) {
      lines.push({
        index,
        ean: ean as string,
        count: count as number,
        campaignItemId: isWholeNumber(campaign) ? campaign : null,
      });
    }
  });
  return lines;
}

interface ShippingRow {
  price: number;
  requires_shop: number;
}

/**
 * Validates a reservation request body (`ApiReservationRequest`, any JSON object) and prices
 * it from the database alone: a price the client sends is never read. Throws 422 with every
 * field error found, in Norwegian. Stock is not looked at beyond the pick-up shop carrying
 * each line; {@link ./reserve.ts} takes it.
 */
export function priceReservation(
  db: DatabaseSync,
  body: Record<string, unknown>,
  now: Date,
): PricedReservation {
  const errors = new FieldErrors();
  const name = text(body, 'CustomerName', errors);
  const email = text(body, 'Email', errors);
  const phone = text(body, 'Phone', errors);
  const address = text(body, 'Address', errors);
  const zipcode = text(body, 'PostalCode', errors);
  const city = text(body, 'City', errors);
  const shippingMethodId = text(body, 'shipping_method_id', errors);
  const promoName = text(body, 'PromoCode', errors);

  if (name === '') errors.add('CustomerName', 'Navn må fylles ut.');
  else if (name.length > MAX_NAME_LENGTH) {
    errors.add('CustomerName', `Navn kan ikke være lengre enn ${String(MAX_NAME_LENGTH)} tegn.`);
  }
  if (email.length > 254 || !EMAIL.test(email)) {
    errors.add('Email', 'Email må være en gyldig e-postadresse.');
  }
  if (!PHONE.test(phone)) errors.add('Phone', 'Telefonnummer må være et gyldig mobilnummer.');

  const delivery = body['Delivery'];
  if (delivery !== 0 && delivery !== 1) errors.add('Delivery', 'Delivery må være 0 eller 1.');
  if (delivery === 1) {
    if (address.length > 200 || !ADDRESS.test(address)) {
      errors.add('Address', NO_HOUSE_NUMBER_MESSAGE);
    }
    if (!POSTAL_CODE.test(zipcode)) errors.add('PostalCode', 'Postnummer må være fire siffer.');
    if (city === '' || city.length > 100) errors.add('City', 'Poststed må fylles ut.');
  }

  // Delivery is sent from the web shop's stock; pick-up takes the chosen shop's.
  let shopId = 0;
  if (delivery === 1) {
    const web = cachedStatement(db, 'SELECT id FROM shops WHERE is_web_shop = 1 LIMIT 1').get() as
      { id: number } | undefined;
    if (web === undefined) errors.add('Delivery', 'Levering er ikke tilgjengelig.');
    else shopId = web.id;
  } else if (delivery === 0) {
    const requested = body['ShopID'];
    const shop = isWholeNumber(requested)
      ? (cachedStatement(db, 'SELECT is_web_shop FROM shops WHERE id = ?').get(requested) as
          { is_web_shop: number } | undefined)
      : undefined;
    if (shop === undefined) errors.add('ShopID', 'Velg en butikk å hente i.');
    else if (shop.is_web_shop === 1) errors.add('ShopID', 'Nettbutikken har ikke henting.');
    else shopId = requested as number;
  }

  const method = cachedStatement(
    db,
    'SELECT price, requires_shop FROM shipping_methods WHERE id = ?',
  ).get(shippingMethodId) as ShippingRow | undefined;
  if (method === undefined) errors.add('shipping_method_id', 'Fraktmåten finnes ikke.');
  else if (
    (delivery === 0 || delivery === 1) &&
    (delivery === 0) !== (method.requires_shop === 1)
  ) {
    errors.add('shipping_method_id', 'Fraktmåten passer ikke med valgt levering.');
  }

  const nowIso = now.toISOString();
  const lines: PricedLine[] = [];
  const byEan = new Map<string, PricedLine>();
  const limits = new Map<string, number>();
  for (const requested of readItems(body['items'], errors)) {
    const row = cachedStatement(db, VARIANT_SQL).get(requested.ean) as ArticleRow | undefined;
    if (row === undefined) {
      errors.add(`items.${String(requested.index)}.EanNo`, 'Varen finnes ikke.');
      continue;
    }
    if (row.purchasable_on_web !== 1 || row.visible !== 1) {
      errors.add('items', `Varen ${requested.ean} kan ikke kjøpes på nett.`);
      continue;
    }
    if (row.only_cc === 1 && delivery === 1) {
      errors.add('items', `Varen ${requested.ean} kan bare hentes i butikk.`);
    }
    const existing = byEan.get(requested.ean);
    // The same EAN twice is one line; its counts add up against the purchase limit.
    if (existing !== undefined) existing.count += requested.count;
    else {
      const campaignPrice =
        requested.campaignItemId === null
          ? undefined
          : (cachedStatement(db, CAMPAIGN_PRICE_SQL).get(
              requested.campaignItemId,
              row.article_id,
              nowIso,
              nowIso,
            ) as { price: number } | undefined);
      const line: PricedLine = {
        variantId: row.variant_id,
        articleId: row.article_id,
        ean: requested.ean,
        name: row.name,
        size: row.size,
        color: row.color,
        count: requested.count,
        price: Math.round(campaignPrice?.price ?? row.price),
        pant: Math.round(row.pant ?? 0),
        campaignItemId: campaignPrice === undefined ? null : requested.campaignItemId,
      };
      byEan.set(requested.ean, line);
      lines.push(line);
      limits.set(requested.ean, row.web_purchase_limit);
    }
    const line = byEan.get(requested.ean);
    const limit = limits.get(requested.ean) ?? 0;
    if (line !== undefined && line.count > limit) {
      errors.add(
        `items.${String(requested.index)}.Count`,
        `Du kan kjøpe høyst ${String(limit)} av denne varen.`,
      );
    }
  }

  if (delivery === 0 && shopId !== 0 && lines.length > 0) {
    const carries = cachedStatement(db, 'SELECT 1 FROM stock WHERE variant_id = ? AND shop_id = ?');
    if (lines.some((line) => carries.get(line.variantId, shopId) === undefined)) {
      errors.add('ShopID', 'Butikken fører ikke alle varene.');
    }
  }

  let promo: { id: number; name: string; fixed: number; amount: number; type: string } | null =
    null;
  if (promoName !== '') {
    const found = lookupPromoCode(db, promoName, now);
    if (found.ok) promo = found.row;
    else errors.add('PromoCode', PROMO_CODE_MESSAGES[found.reason]);
  }

  if (!errors.empty || method === undefined) throw validationError(errors.errors);

  const totals = orderTotals(lines, method.price, promo === null ? null : promoTerms(promo));
  return {
    name,
    email,
    phone,
    delivery: delivery === 1 ? 1 : 0,
    address: delivery === 1 ? address : '',
    city: delivery === 1 ? city : '',
    zipcode: delivery === 1 ? zipcode : '',
    shopId,
    shippingMethodId,
    lines,
    subtotal: totals.subtotal,
    discount: totals.discount,
    shippingPrice: totals.shipping,
    total: totals.total,
    promoCodeId: promo?.id ?? null,
    promoCode: promo?.name ?? null,
  };
}
