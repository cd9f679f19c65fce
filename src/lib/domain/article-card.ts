/**
 * What an article card shows beyond the raw fields: its labels. Kept here so the static cards
 * and the listing island agree; whether its price is reduced is lib/domain/prior-price.ts's.
 */

import type { Article, CampaignItem } from '../types.ts';

/**
 * The fields of an article that a card reads; a whole {@link Article} is one. `path` is set
 * only where the product page's path is not the one its name gives (see withProductPaths).
 */
export type CardArticle = Pick<
  Article,
  'id' | 'name' | 'brand' | 'price' | 'priorPrice' | 'image' | 'customLabel'
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
