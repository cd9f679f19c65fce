import type { CardArticle } from '../../lib/domain/article-card.ts';
import { ARTICLE_GRID_CLASS, articleItemsHtml, EAGER_IMAGES } from './article-card-html.ts';

/** Props of {@link ArticleGrid}. */
export interface ArticleGridProps {
  articles: readonly CardArticle[];
  /** Images loaded at once (the first row on a wide screen); the rest load lazily. */
  eagerCount?: number;
}

/**
 * A responsive grid of article cards: 2 columns on phones, up to 4 on desktop. The cards
 * come from the string renderer the search page also uses without React, so a card looks
 * the same wherever it is drawn; they hold no state or handlers, and their text is escaped.
 */
export function ArticleGrid({ articles, eagerCount = EAGER_IMAGES }: ArticleGridProps) {
  return (
    <ul
      className={ARTICLE_GRID_CLASS}
      dangerouslySetInnerHTML={{ __html: articleItemsHtml(articles, eagerCount) }}
    />
  );
}
