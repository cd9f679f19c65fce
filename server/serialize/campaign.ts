import type { ApiCampaign, ApiCampaignItem } from '../../contract/index.ts';

/** A row of `campaigns`. */
export interface CampaignRow {
  id: number;
  name: string;
  short_description: string;
  description: string;
  start: string;
  end: string;
  image: string | null;
  image_mobile: string | null;
  show_label: number;
  show_image: number;
  label_text: string;
  url: string | null;
}

/** The columns of {@link CampaignRow}, for a `SELECT` from `campaigns`. */
export const CAMPAIGN_COLUMNS = `id, name, short_description, description, start, end, image,
  image_mobile, show_label, show_image, label_text, url`;

/** A campaign item joined with the label text and dates of its campaign. */
export interface CampaignItemRow {
  id: number;
  campaign_id: number;
  article_id: number;
  price: number;
  label_type: string;
  label_data: string;
  label_text: string;
  start: string;
  end: string;
}

/** A campaign on the wire; `count` is the number of its articles the answer counts. */
export function toApiCampaign(row: CampaignRow, count: number): ApiCampaign {
  return {
    id: row.id,
    name: row.name,
    shortDescription: row.short_description,
    description: row.description,
    start: row.start,
    end: row.end,
    count,
    image: row.image,
    imageMobile: row.image_mobile,
    showLabel: row.show_label === 1 ? 1 : 0,
    showImage: row.show_image === 1 ? 1 : 0,
    labelText: row.label_text,
    url: row.url,
  };
}

/** A campaign item on the wire. */
export function toApiCampaignItem(row: CampaignItemRow): ApiCampaignItem {
  return {
    id: row.id,
    campaignId: row.campaign_id,
    articleId: row.article_id,
    price: row.price,
    labelType: row.label_type,
    labelData: row.label_data,
    labelText: row.label_text,
    start: row.start,
    end: row.end,
  };
}

/**
 * SQL for an article's final price, from the `article_final_prices` view (server/db/
 * schema.sql): its own price, or the cheapest item of a campaign running now. One expression
 * for what the API shows, sorts, filters and counts in price ranges, so a campaign's price is
 * never shown in one place and ignored in another. `alias` names a row with the article's
 * `id`; the fragment holds no literal, so filters stay fully bound.
 */
export function finalPriceSql(alias: string): string {
  return `(SELECT fp.price FROM article_final_prices fp WHERE fp.id = ${alias}.id)`;
}
