/**
 * What an article card shows beyond the raw fields: its labels and whether a struck original
 * price goes beside the price. Kept here so the static cards and the listing island agree.
 */

import type { Article, CampaignItem } from '../types.ts';

/**
 * The fields of an article that a card reads; a whole {@link Article} is one. `path` is set
 * only where the product page's path is not the one its name gives (see withProductPaths).
 */
export type CardArticle = Pick<
  Article,
  'id' | 'name' | 'brand' | 'price' | 'originalPrice' | 'image' | 'customLabel'
> & { campaigns: ReadonlyArray<Pick<CampaignItem, 'price' | 'labelText'>>; path?: string };

/**
 * Labels of a card, at most two: the label of the cheapest campaign (the mapper has already
 * renamed a pending 'Klikk & Hent' to 'Ukens annonse!'), then the article's own label.
 * Empty and repeated labels are left out.
 */
export function cardLabels(article: Pick<CardArticle, 'customLabel' | 'campaigns'>): string[] {
  const cheapest = article.campaigns.reduce<CardArticle['campaigns'][number] | undefined>(
    (best, item) => (best === undefined || item.price < best.price ? item : best),
    undefined,
  );
  const labels = [cheapest?.labelText.trim() ?? '', article.customLabel?.trim() ?? ''];
  return labels.filter((label, i) => label !== '' && labels.indexOf(label) === i);
}

/** Whether the card strikes an original price: only when it is above the price paid. */
export function showsOriginalPrice(article: Pick<Article, 'price' | 'originalPrice'>): boolean {
  return article.originalPrice > article.price;
}
