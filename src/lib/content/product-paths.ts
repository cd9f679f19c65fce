import { buildSlot } from '../build-channel.ts';
import { productPathExceptions, type ProductPathExceptions } from '../domain/slug.ts';
import { productEntries } from './collections.ts';

let exceptions: Promise<ProductPathExceptions> | undefined;
let ids: Promise<ReadonlySet<number>> | undefined;

/**
 * The last exceptions made, with the ids, names and page segments they were made from. In the
 * build's channel, which outlives the bundle's copy of this module: a warm build process's
 * threads make them anew only when a product page's name or segment changed, not in every
 * campaign (0.2 to 0.3 s of the render worker's first page at 50,000 articles).
 */
const made = buildSlot<{ from: string; exceptions: ProductPathExceptions } | null>(
  'productPaths',
  null,
);

/**
 * The product pages this build gives another path than an article's name alone suggests
 * (clashing names), read once per build from the list of product pages.
 */
export function builtProductPaths(): Promise<ProductPathExceptions> {
  exceptions ??= productEntries().then((entries) => {
    const from = entries
      .map(({ article, slug }) => `${String(article.id)}\0${article.name}\0${slug}`)
      .join('\n');
    if (made.value?.from !== from) {
      made.value = {
        from,
        exceptions: productPathExceptions(
          entries.map((e) => e.article),
          new Map(entries.map((e) => [e.article.id, e.slug])),
        ),
      };
    }
    return made.value.exceptions;
  });
  return exceptions;
}

/** The ids of the articles this build gives a product page, read once per build. */
export function builtProductIds(): Promise<ReadonlySet<number>> {
  ids ??= productEntries().then((entries) => new Set(entries.map((e) => e.article.id)));
  return ids;
}
