import { productPathExceptions, type ProductPathExceptions } from '../domain/slug.ts';
import { productEntries } from './collections.ts';

let exceptions: Promise<ProductPathExceptions> | undefined;

/**
 * The product pages this build gives another path than an article's name alone suggests
 * (clashing names), read once per build from the products collection.
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
