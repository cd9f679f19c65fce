import { cardLabels, showsOriginalPrice, type CardArticle } from '../../lib/domain/article-card.ts';
import { productPath } from '../../lib/domain/slug.ts';
import { formatPrice } from '../../lib/format/money.ts';

/** Props of {@link ArticleCard}. */
export interface ArticleCardProps {
  article: CardArticle;
  /** Load the image at once: true for the first row, which is in view on arrival. */
  eager?: boolean;
  /** Product page path; defaults to `productPath(article)`. */
  href?: string;
}

/**
 * One article in a grid: a square image box (fixed aspect ratio, so nothing shifts while it
 * loads), labels, brand, name and price, with the original price struck through when a
 * campaign lowers it. Has no state or effects, so it renders the same in static HTML and
 * inside an island.
 */
export function ArticleCard({ article, eager = false, href }: ArticleCardProps) {
  const labels = cardLabels(article);
  const reduced = showsOriginalPrice(article);
  return (
    <article className="group relative flex h-full flex-col">
      <div className="bg-surface relative aspect-square overflow-hidden rounded-md">
        <img
          src={article.image}
          alt={article.name}
          width={600}
          height={600}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="h-full w-full object-contain"
        />
        {labels.length > 0 && (
          <ul
            className="absolute top-2 left-2 flex flex-col items-start gap-1"
            aria-label="Merking"
          >
            {labels.map((label) => (
              <li
                key={label}
                className="bg-brand text-brand-ink rounded px-2 py-0.5 text-xs font-bold"
              >
                {label}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="mt-2 flex flex-1 flex-col gap-0.5">
        <p className="text-sm text-gray-700">{article.brand}</p>
        <h3 className="leading-snug font-semibold">
          <a
            href={href ?? productPath(article)}
            className="after:absolute after:inset-0 hover:underline"
          >
            {article.name}
          </a>
        </h3>
        <p className="mt-auto pt-1">
          {reduced ? (
            <>
              <span className="font-bold text-red-700">
                <span className="sr-only">Nå </span>
                {formatPrice(article.price)}
              </span>{' '}
              <s className="text-sm text-gray-700">
                <span className="sr-only">Før </span>
                {formatPrice(article.originalPrice)}
              </s>
            </>
          ) : (
            <span className="font-bold">{formatPrice(article.price)}</span>
          )}
        </p>
      </div>
    </article>
  );
}
