/** Review summaries for the product page. */

/** What the summaries need of a review. */
export interface ReviewFacts {
  rating: number;
  approved: boolean;
  /** -1 small, 0 true to size, 1 large, null not answered. */
  true_to_size: -1 | 0 | 1 | null;
}

/** One line of the fit summary. */
export interface FitLine {
  label: 'Liten i størrelsen' | 'Riktig størrelse' | 'Stor i størrelsen';
  count: number;
}

/** Approved reviews only: what the page shows. */
export function shownReviews<R extends ReviewFacts>(reviews: readonly R[]): R[] {
  return reviews.filter((r) => r.approved);
}

/**
 * How shoppers found the fit, from `true_to_size` of the approved reviews: every label with
 * its count, small to large; empty when no review answered.
 */
export function fitSummary(reviews: readonly ReviewFacts[]): FitLine[] {
  const answered = shownReviews(reviews).filter((r) => r.true_to_size !== null);
  if (answered.length === 0) return [];
  const count = (value: -1 | 0 | 1) => answered.filter((r) => r.true_to_size === value).length;
  return [
    { label: 'Liten i størrelsen', count: count(-1) },
    { label: 'Riktig størrelse', count: count(0) },
    { label: 'Stor i størrelsen', count: count(1) },
  ];
}

/** Average rating of the approved reviews, to one decimal; null without any. */
export function averageRating(reviews: readonly ReviewFacts[]): number | null {
  const shown = shownReviews(reviews);
  if (shown.length === 0) return null;
  return Math.round((shown.reduce((sum, r) => sum + r.rating, 0) / shown.length) * 10) / 10;
}
