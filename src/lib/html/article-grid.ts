/**
 * The grid around article cards, apart from the card renderer (article-card-html.ts): the
 * listing island draws its grid from cards already rendered when its results arrive
 * (stores/listing-page.ts), and so loads the grid's classes without the renderer.
 */

/**
 * Classes of the grid around the cards: 2 columns on phones, up to 4 on desktop. The card
 * pictures' `sizes` and widths are derived from these columns and gaps (`articleCard` in
 * src/lib/domain/picture-layouts.ts), and so is the offscreen cards' size guess
 * (article-card-html.ts, from the grid's width as a container): change them together.
 */
export const ARTICLE_GRID_CLASS =
  'desk:grid-cols-4 @container grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3';

/** Images loaded at once by default: the first row on a wide screen. */
export const EAGER_IMAGES = 4;
