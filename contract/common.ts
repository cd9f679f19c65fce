/**
 * Shapes shared by many calls of the `/api/v1` contract.
 * Money is always in øre (1 krone = 100 øre); dates are ISO 8601 strings.
 */

/** Laravel paginator metadata. Pages are one-based. */
export interface ApiPageMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  /** One-based index of the first row on this page, null on an empty page. */
  from: number | null;
  /** One-based index of the last row on this page, null on an empty page. */
  to: number | null;
}

/** Laravel paginator answer: one page of rows plus its metadata. */
export interface ApiPaginated<T> {
  data: T[];
  meta: ApiPageMeta;
}

/** An answer that wraps its list in a `data` field (campaigns). */
export interface ApiDataList<T> {
  data: T[];
}

/** Laravel-style error body. `errors` maps a field name to its messages (422). */
export interface ApiError {
  message: string;
  errors?: Record<string, string[]>;
}

/** A malformed search filter (400): where in the filter string parsing failed. */
export interface ApiFilterError extends ApiError {
  /** Zero-based character offset into the filter string. */
  position: number;
}

/** Query of every paginated list endpoint. */
export interface ApiPageQuery {
  page?: number;
  per_page?: number;
}

/** Flags stored as 0/1 integers on the wire, as the chain's API does. */
export type ApiFlag = 0 | 1;
