import { describe, expect, it } from 'vitest';
import { averageRating, fitSummary, shownReviews, type ReviewFacts } from './reviews.ts';

const r = (rating: number, fit: ReviewFacts['true_to_size'], approved = true): ReviewFacts => ({
  rating,
  approved,
  true_to_size: fit,
});

describe('fitSummary', () => {
  it('counts each fit answer of approved reviews', () => {
    expect(fitSummary([r(5, 0), r(4, 0), r(3, -1), r(2, 1, false), r(5, null)])).toEqual([
      { label: 'Liten i størrelsen', count: 1 },
      { label: 'Riktig størrelse', count: 2 },
      { label: 'Stor i størrelsen', count: 0 },
    ]);
  });

  it('is empty when nobody answered', () => {
    expect(fitSummary([r(5, null), r(4, 1, false)])).toEqual([]);
  });
});

describe('averageRating and shownReviews', () => {
  it('ignores unapproved reviews', () => {
    expect(shownReviews([r(5, 0), r(1, 0, false)])).toHaveLength(1);
    expect(averageRating([r(5, 0), r(4, 0), r(4, 0), r(1, 0, false)])).toBe(4.3);
    expect(averageRating([r(1, 0, false)])).toBeNull();
  });
});
