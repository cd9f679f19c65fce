import type { DatabaseSync } from 'node:sqlite';
import type { ApiAdminCampaign } from '../../contract/index.ts';
import { transaction } from '../db/database.ts';
import { ApiHttpError, FieldErrors, validationError } from '../http/errors.ts';
import { tenantsShowingAny } from '../routes/catalogue-scope.ts';
import {
  CAMPAIGN_COLUMNS,
  type CampaignItemRow,
  type CampaignRow,
  toApiCampaign,
  toApiCampaignItem,
} from '../serialize/campaign.ts';

/** A campaign's own fields, validated; `start` and `end` as `Date.toISOString()` gives them. */
export interface CampaignFields {
  name: string;
  shortDescription: string;
  description: string;
  start: string;
  end: string;
  image: string | null;
  imageMobile: string | null;
  showLabel: 0 | 1;
  showImage: 0 | 1;
  labelText: string;
  url: string | null;
}

/** Fields a change sets; one left out (or undefined) stays as it is. */
export type CampaignChanges = { [K in keyof CampaignFields]?: CampaignFields[K] | undefined };

/** One article's price in a campaign, validated; `labelData` as JSON text. */
export interface CampaignItemFields {
  articleId: number;
  price: number;
  labelType: string;
  labelData: string;
}

/** What a write did: the campaign as it is now, and the brands whose pages it touches. */
export interface CampaignWrite {
  campaign: ApiAdminCampaign;
  /** Brands that show any of the campaign's articles, before or after the write. */
  brands: string[];
}

/** 404 of an unknown campaign id. */
export const CAMPAIGN_NOT_FOUND = 'Kampanjen finnes ikke.';
/** 422 of an `end` that is not after `start`. */
export const END_BEFORE_START = 'end må være etter start.';
/** 409 of ending a campaign that has ended already. */
export const CAMPAIGN_ENDED = 'Kampanjen er allerede avsluttet.';

// Items still in their campaign, with the campaign's label text and dates, as articles carry them.
const ITEMS_SQL = `
  SELECT ci.id, ci.campaign_id, ci.article_id, ci.price, ci.label_type, ci.label_data,
         c.label_text, c.start, c.end
  FROM campaign_items ci JOIN campaigns c ON c.id = ci.campaign_id
  WHERE ci.removed_at IS NULL`;

function toAdminCampaign(
  db: DatabaseSync,
  row: CampaignRow,
  items: CampaignItemRow[],
): ApiAdminCampaign {
  const articles = [...new Set(items.map((item) => item.article_id))];
  return {
    ...toApiCampaign(row, articles.length),
    items: items.map(toApiCampaignItem),
    brands: tenantsShowingAny(db, articles),
  };
}

/** Every campaign, ended and coming ones too, soonest start first, with all its items. */
export function listAdminCampaigns(db: DatabaseSync): ApiAdminCampaign[] {
  const rows = db
    .prepare(`SELECT ${CAMPAIGN_COLUMNS} FROM campaigns ORDER BY start, id`)
    .all() as unknown as CampaignRow[];
  const items = new Map<number, CampaignItemRow[]>();
  for (const item of db
    .prepare(`${ITEMS_SQL} ORDER BY ci.campaign_id, ci.id`)
    .all() as unknown as CampaignItemRow[]) {
    const list = items.get(item.campaign_id);
    if (list === undefined) items.set(item.campaign_id, [item]);
    else list.push(item);
  }
  return rows.map((row) => toAdminCampaign(db, row, items.get(row.id) ?? []));
}

function findCampaign(db: DatabaseSync, id: number): CampaignRow {
  const row = db.prepare(`SELECT ${CAMPAIGN_COLUMNS} FROM campaigns WHERE id = ?`).get(id) as
    CampaignRow | undefined;
  if (row === undefined) throw new ApiHttpError(404, { message: CAMPAIGN_NOT_FOUND });
  return row;
}

function campaignItems(db: DatabaseSync, id: number): CampaignItemRow[] {
  return db
    .prepare(`${ITEMS_SQL} AND ci.campaign_id = ? ORDER BY ci.id`)
    .all(id) as unknown as CampaignItemRow[];
}

function readCampaign(db: DatabaseSync, id: number): ApiAdminCampaign {
  return toAdminCampaign(db, findCampaign(db, id), campaignItems(db, id));
}

/** 422 naming each item whose article does not exist or is named twice. */
function checkArticles(db: DatabaseSync, items: readonly CampaignItemFields[]): void {
  const ids = items.map((item) => item.articleId);
  const known = new Set(
    (
      db
        .prepare('SELECT id FROM articles WHERE id IN (SELECT value FROM json_each(?))')
        .all(JSON.stringify(ids)) as Array<{ id: number }>
    ).map((row) => row.id),
  );
  const errors = new FieldErrors();
  const seen = new Set<number>();
  for (const [index, id] of ids.entries()) {
    const field = `items.${String(index)}.articleId`;
    if (!known.has(id)) errors.add(field, `Artikkel ${String(id)} finnes ikke.`);
    else if (seen.has(id)) errors.add(field, `Artikkel ${String(id)} står flere ganger.`);
    seen.add(id);
  }
  errors.throwIfAny();
}

function checkDates(start: string, end: string): void {
  if (end <= start) throw validationError({ end: [END_BEFORE_START] });
}

/**
 * Makes the campaign's items those of `items`, one per article. An article already in the
 * campaign keeps its item (and id: a cart that holds it still gets the campaign price), with
 * the new price and label; items of articles left out are marked removed at `now`, never
 * deleted, so reservation lines that name them keep their meaning.
 */
function replaceItems(
  db: DatabaseSync,
  campaignId: number,
  items: readonly CampaignItemFields[],
  now: Date,
): void {
  const current = new Map(
    campaignItems(db, campaignId).map((item) => [item.article_id, item.id] as const),
  );
  const update = db.prepare(
    'UPDATE campaign_items SET price = ?, label_type = ?, label_data = ? WHERE id = ?',
  );
  const insert = db.prepare(
    `INSERT INTO campaign_items (campaign_id, article_id, price, label_type, label_data)
     VALUES (?, ?, ?, ?, ?)`,
  );
  for (const item of items) {
    const id = current.get(item.articleId);
    if (id === undefined) {
      insert.run(campaignId, item.articleId, item.price, item.labelType, item.labelData);
    } else {
      update.run(item.price, item.labelType, item.labelData, id);
      current.delete(item.articleId);
    }
  }
  const remove = db.prepare('UPDATE campaign_items SET removed_at = ? WHERE id = ?');
  for (const id of current.values()) remove.run(now.toISOString(), id);
}

function written(db: DatabaseSync, id: number, articleIds: Iterable<number>): CampaignWrite {
  const campaign = readCampaign(db, id);
  const all = new Set(articleIds);
  for (const item of campaign.items) all.add(item.articleId);
  return { campaign, brands: tenantsShowingAny(db, [...all]) };
}

/**
 * Creates a campaign with its items in one transaction.
 * @throws ApiHttpError 422 for an unknown or repeated article, or `end` not after `start`.
 */
export function createCampaign(
  db: DatabaseSync,
  fields: CampaignFields,
  items: readonly CampaignItemFields[],
  now: Date,
): CampaignWrite {
  checkDates(fields.start, fields.end);
  return transaction(db, () => {
    checkArticles(db, items);
    const { lastInsertRowid } = db
      .prepare(
        `INSERT INTO campaigns (name, short_description, description, start, end, image,
           image_mobile, show_label, show_image, label_text, url)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        fields.name,
        fields.shortDescription,
        fields.description,
        fields.start,
        fields.end,
        fields.image,
        fields.imageMobile,
        fields.showLabel,
        fields.showImage,
        fields.labelText,
        fields.url,
      );
    const id = Number(lastInsertRowid);
    replaceItems(db, id, items, now);
    return written(db, id, []);
  });
}

// Column of each field a change may set.
const COLUMNS: Readonly<Record<keyof CampaignFields, string>> = {
  name: 'name',
  shortDescription: 'short_description',
  description: 'description',
  start: 'start',
  end: 'end',
  image: 'image',
  imageMobile: 'image_mobile',
  showLabel: 'show_label',
  showImage: 'show_image',
  labelText: 'label_text',
  url: 'url',
};

/**
 * Changes the fields given and, when `items` is given, replaces the campaign's items, in one
 * transaction. The brands are those showing its articles before or after.
 * @throws ApiHttpError 404 for an unknown campaign; 422 for an unknown or repeated article,
 * or an `end` that would not be after `start`.
 */
export function changeCampaign(
  db: DatabaseSync,
  id: number,
  fields: CampaignChanges,
  items: readonly CampaignItemFields[] | undefined,
  now: Date,
): CampaignWrite {
  return transaction(db, () => {
    const row = findCampaign(db, id);
    checkDates(fields.start ?? row.start, fields.end ?? row.end);
    const before = campaignItems(db, id).map((item) => item.article_id);
    const changed = Object.entries(fields).filter(([, value]) => value !== undefined);
    if (changed.length > 0) {
      const set = changed.map(([field]) => `${COLUMNS[field as keyof CampaignFields]} = ?`);
      db.prepare(`UPDATE campaigns SET ${set.join(', ')} WHERE id = ?`).run(
        ...changed.map(([, value]) => value as string | number | null),
        id,
      );
    }
    if (items !== undefined) {
      checkArticles(db, items);
      replaceItems(db, id, items, now);
    }
    return written(db, id, before);
  });
}

/**
 * Ends a running campaign now: `end` becomes `now`. A campaign that has not started ends
 * before it ever runs (`start` becomes `now` too). Nothing is deleted.
 * @throws ApiHttpError 404 for an unknown campaign; 409 when it has ended already.
 */
export function endCampaign(db: DatabaseSync, id: number, now: Date): CampaignWrite {
  return transaction(db, () => {
    const row = findCampaign(db, id);
    const at = now.toISOString();
    if (row.end <= at) throw new ApiHttpError(409, { message: CAMPAIGN_ENDED });
    db.prepare('UPDATE campaigns SET start = ?, end = ? WHERE id = ?').run(
      row.start > at ? at : row.start,
      at,
      id,
    );
    return written(db, id, []);
  });
}
