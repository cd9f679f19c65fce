/**
 * Campaign administration (`/api/v1/admin/campaigns`): marketing creates, changes and ends
 * campaigns with a bearer token. See README.md beside this file, "Campaign administration".
 */

import type { ApiCampaign, ApiCampaignItem } from './catalogue.ts';
import type { ApiFlag } from './common.ts';

/**
 * A campaign as marketing sees it (`GET admin/campaigns`): past, running or coming, with every
 * item in it, whichever brand shows the article. `count` is the number of its articles.
 */
export interface ApiAdminCampaign extends ApiCampaign {
  items: ApiCampaignItem[];
  /**
   * The brands (tenant ids) whose pages show any of its articles, so whose builds it
   * touches. Optional: an API without it leaves marketing's page to say it does not know.
   */
  brands?: string[];
}

/** One article's campaign price in a create or change body. */
export interface ApiAdminCampaignItemInput {
  articleId: number;
  /** Campaign price in øre (may be fractional; the shop rounds it). */
  price: number;
  /** How the shop labels the price, e.g. `percent`, `price` or `text`. */
  labelType: string;
  /** The label, e.g. `{"text":"-30%","color":"#c00"}`: an object, or its JSON text. */
  labelData: Record<string, unknown> | string;
}

/** Body of `POST admin/campaigns`. Fields left out take the defaults README.md names. */
export interface ApiAdminCampaignInput {
  name: string;
  shortDescription?: string;
  description?: string;
  /** ISO 8601 instant with a time zone, e.g. `2026-03-01T00:00:00+01:00`. */
  start: string;
  /** ISO 8601 instant with a time zone, after `start`. */
  end: string;
  image?: string | null;
  imageMobile?: string | null;
  showLabel?: ApiFlag | boolean;
  showImage?: ApiFlag | boolean;
  labelText: string;
  url?: string | null;
  /** At most one item per article. */
  items: ApiAdminCampaignItemInput[];
}
