/**
 * Article cards as HTML strings. One renderer serves the static pages (Astro `set:html`),
 * the listing island (through ArticleGrid, with cards drawn as its results arrive:
 * stores/listing-page.ts) and the search page's first results, which are drawn without React
 * so the page needs no framework before the shopper interacts.
 */

import { cardLabels, type CardArticle } from '../domain/article-card.ts';
import { reductionLabel, reductionOf } from '../domain/prior-price.ts';
import { responsivePicture } from '../domain/picture-layouts.ts';
import type { ImageCdn } from '../domain/picture-url.ts';
import { pictureSettings } from '../picture-settings.ts';
import { productPath } from '../domain/slug.ts';
import { formatPrice } from '../format/money.ts';
import { escapeHtml } from '../format/html.ts';
import { ARTICLE_GRID_CLASS, EAGER_IMAGES } from './article-grid.ts';
import { favouriteHeartHtml } from './favourite-heart-html.ts';

export { ARTICLE_GRID_CLASS, EAGER_IMAGES };

/**
 * One article: a square image box (fixed aspect ratio and the picture's width and height, so
 * nothing shifts while it loads), labels, the favourite heart, brand, name linking to the
 * product page, and the price: a reduced one in red with its percentage and its førpris
 * labelled in words (lib/domain/prior-price.ts), any other plain. `eager` loads the image at once (first row). The picture comes in the widths the card
 * is drawn at from the image service `cdn` (`srcset`, `sizes`; picture-layouts.ts), default
 * the page's or the build's.
 */
export function articleCardHtml(
  article: CardArticle,
  eager = false,
  cdn: ImageCdn = pictureSettings().cdn,
): string {
  const responsive = responsivePicture(article.image, 'articleCard', cdn);
  const srcset = responsive
    ? ` srcset="${escapeHtml(responsive.srcset)}" sizes="${escapeHtml(responsive.sizes)}"`
    : '';
  const labels = cardLabels(article);
  const labelList = labels.length
    ? `<ul class="absolute top-2 left-2 flex flex-col items-start gap-1" aria-label="Merking">${labels
        .map(
          (label) =>
            `<li class="bg-brand text-brand-ink rounded px-2 py-0.5 text-xs font-bold">${escapeHtml(label)}</li>`,
        )
        .join('')}</ul>`
    : '';
  const reduction = reductionOf(article);
  const percent = reduction ? reductionLabel(reduction) : '';
  const price = reduction
    ? `<span class="font-bold text-red-700"><span class="sr-only">Nå </span>${formatPrice(article.price)}</span>` +
      (percent
        ? ` <span class="rounded bg-red-700 px-1 text-xs font-bold text-white">${percent}</span>`
        : '') +
      `<span class="block text-sm text-gray-700" data-prior-price>Førpris <s>${formatPrice(reduction.priorPrice)}</s></span>`
    : `<span class="font-bold">${formatPrice(article.price)}</span>`;
  return (
    `<article class="group relative flex h-full flex-col">` +
    `<div class="bg-surface relative aspect-square overflow-hidden rounded-md">` +
    `<img src="${escapeHtml(article.image)}"${srcset} alt="${escapeHtml(article.name)}" width="600" height="600" loading="${eager ? 'eager' : 'lazy'}" decoding="async" class="h-full w-full object-contain">` +
    `${labelList}${favouriteHeartHtml(article.id, article.name, 'absolute top-1 right-1 z-10')}</div>` +
    `<div class="mt-2 flex flex-1 flex-col gap-0.5">` +
    `<p class="text-sm text-gray-700">${escapeHtml(article.brand)}</p>` +
    `<h3 class="leading-snug font-semibold"><a href="${escapeHtml(article.path ?? productPath(article))}" class="after:absolute after:inset-0 hover:underline">${escapeHtml(article.name)}</a></h3>` +
    `<p class="mt-auto pt-1">${price}</p>` +
    `</div></article>`
  );
}

/**
 * Cards past the first row skip rendering until they near the viewport (parsing, layout and
 * painting of a page of cards are the main thread's largest work on a listing). Until then
 * the browser sizes each by this guess, then remembers its real size: a card is as tall as
 * its column is wide (the square picture), plus its text. A guess that is off moves
 * everything below as the cards come into view, the pager under a shopper's finger among
 * it: a fixed 22rem put the pager 52 px lower at 1280 px and 255 px higher at 390 px once
 * scrolled to. So the guess follows the column (`cqi`: the width of the grid, a container;
 * the columns and gaps of ARTICLE_GRID_CLASS) and the text's usual height at each width (a
 * name on two lines on a phone).
 */
const OFFSCREEN_CARD_CLASS =
  '[content-visibility:auto] [contain-intrinsic-size:auto_calc((100cqi_-_1rem)/2_+_7.75rem)] sm:[contain-intrinsic-size:auto_calc((100cqi_-_2rem)/3_+_7rem)] desk:[contain-intrinsic-size:auto_calc((100cqi_-_3rem)/4_+_6.5rem)]';

/** The list items of a grid of cards; the first `eagerCount` images load at once. */
export function articleItemsHtml(
  articles: readonly CardArticle[],
  eagerCount = EAGER_IMAGES,
  cdn: ImageCdn = pictureSettings().cdn,
): string {
  return articles
    .map((a, i) =>
      i < eagerCount
        ? `<li>${articleCardHtml(a, true, cdn)}</li>`
        : `<li class="${OFFSCREEN_CARD_CLASS}">${articleCardHtml(a, false, cdn)}</li>`,
    )
    .join('');
}

/** A whole grid of cards (`<ul>` with its items), for pages that draw it without React. */
export function articleGridHtml(
  articles: readonly CardArticle[],
  eagerCount = EAGER_IMAGES,
  cdn: ImageCdn = pictureSettings().cdn,
): string {
  return `<ul class="${ARTICLE_GRID_CLASS}">${articleItemsHtml(articles, eagerCount, cdn)}</ul>`;
}
