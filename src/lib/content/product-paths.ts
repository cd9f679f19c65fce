import { productPathExceptions, type ProductPathExceptions } from '../domain/slug.ts';
import { productEntries } from './collections.ts';

let exceptions: Promise<ProductPathExceptions> | undefined;
let ids: Promise<ReadonlySet<number>> | undefined;

/**
 * The product pages this build gives another path than an article's name alone suggests
 * (clashing names), read once per build from the list of product pages.
 */
export function builtProductPaths(): Promise<ProductPathExceptions> {
  exceptions ??= productEntries().then((entries) =>
    productPathExceptions(
      entries.map((e) => e.article),
      new Map(entries.map((e) => [e.article.id, e.slug])),
    ),
  );
  return exceptions;
}

/** The ids of the articles this build gives a product page, read once per build. */
export function builtProductIds(): Promise<ReadonlySet<number>> {
  ids ??= productEntries().then((entries) => new Set(entries.map((e) => e.article.id)));
  return ids;
}
