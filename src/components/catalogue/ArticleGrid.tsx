import type { CardArticle } from '../../lib/domain/article-card.ts';
import { ArticleCard } from './ArticleCard.tsx';

/** Props of {@link ArticleGrid}. */
export interface ArticleGridProps {
  articles: readonly CardArticle[];
  /** Images loaded at once (the first row on a wide screen); the rest load lazily. */
  eagerCount?: number;
}

/** A responsive grid of article cards: 2 columns on phones, up to 4 on desktop. */
export function ArticleGrid({ articles, eagerCount = 4 }: ArticleGridProps) {
  return (
    <ul className="desk:grid-cols-4 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3">
      {articles.map((article, i) => (
        <li key={article.id}>
          <ArticleCard article={article} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
