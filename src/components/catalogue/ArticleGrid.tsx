import { ARTICLE_GRID_CLASS } from '../../lib/html/article-grid.ts';

/** Props of {@link ArticleGrid}. */
export interface ArticleGridProps {
  /** The cards, drawn by articleItemsHtml (article-card-html.ts): the grid's `<li>` items. */
  html: string;
}

/**
 * A responsive grid of article cards: 2 columns on phones, up to 4 on desktop. The cards
 * come from the string renderer the search page also uses without React, so a card looks
 * the same wherever it is drawn; they hold no state or handlers, and their text is escaped.
 * They come drawn, not as articles: the listing island draws its results when they arrive
 * (stores/listing-page.ts), so the code it needs to start holds no card renderer.
 */
export function ArticleGrid({ html }: ArticleGridProps) {
  return <ul className={ARTICLE_GRID_CLASS} dangerouslySetInnerHTML={{ __html: html }} />;
}
