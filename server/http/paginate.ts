import type { ApiPageMeta } from '../../contract/index.ts';

/** Laravel paginator metadata for a one-based `page` of `perPage` rows out of `total`. */
export function pageMeta(
  page: number,
  perPage: number,
  total: number,
  rowsOnPage: number,
): ApiPageMeta {
  const from = rowsOnPage > 0 ? (page - 1) * perPage + 1 : null;
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
    from,
    to: from === null ? null : from + rowsOnPage - 1,
  };
}
