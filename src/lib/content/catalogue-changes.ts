import type { Article } from '../types.ts';

/**
 * What the products loader found changed in the catalogue since the last build, for the
 * listings loader, which then asks the API again only for the listings a change can reach
 * (README: where product details wait). Both loaders run in one content sync;
 * src/content.config.ts hands this from the one to the other.
 */
export interface CatalogueChanges {
  /** The change feed's cursor this build asked from (the last build's); null when none. */
  since: string | null;
  /**
   * The cursor the feed gave this build, taken before any detail was read: what a listing
   * fetched after it may be kept against next time. Null when the API has no feed.
   */
  cursor: string | null;
  /** How many articles the feed named; null when it could not tell. */
  named: number | null;
  /**
   * Settles once the named articles are read: their ids when every change keeps each listing's
   * members and order ({@link listingKey}), so only the cards of those articles may differ;
   * null when a change may move any listing.
   */
  cards: Promise<ReadonlySet<number> | null>;
}

/** Nothing known of what changed: every listing is asked for again. */
export const UNKNOWN_CHANGES: CatalogueChanges = {
  since: null,
  cursor: null,
  named: null,
  cards: Promise.resolve(null),
};

/** What of an article {@link listingKey} reads. */
export type ListingKeyFields = Pick<
  Article,
  'name' | 'genderId' | 'mainGroupId' | 'articleGroup2ID' | 'articleGroup3ID'
>;

/**
 * What decides which listings hold an article and where: a listing is a main group, or a
 * search scoped by genders and groups (lib/domain/listing-search.ts, whose test ties its
 * fields to these), within the brand's assortment of genders and main groups, in name order.
 * Two visible states of an article with equal keys sit in the same listings at the same
 * places.
 */
export function listingKey(article: ListingKeyFields): string {
  return JSON.stringify([
    article.name,
    article.genderId,
    article.mainGroupId,
    article.articleGroup2ID,
    article.articleGroup3ID,
  ]);
}

/**
 * The articles whose cards alone may have changed: `changed` when the catalogue's listing keys
 * (the articles with a product page, by id) are the same `before` and `after`, which also means
 * no article came or went, and none of `changed` is `unkeyed` (listed without a product page,
 * before or after, so without a key); null otherwise.
 */
export function cardChanges(
  before: ReadonlyMap<number, string>,
  after: ReadonlyMap<number, string>,
  changed: ReadonlySet<number>,
  unkeyed: ReadonlySet<number>,
): ReadonlySet<number> | null {
  if (before.size !== after.size) return null;
  for (const [id, key] of after) if (before.get(id) !== key) return null;
  for (const id of changed) if (unkeyed.has(id)) return null;
  return changed;
}
