/**
 * The preview clock (see README.md, "Preview: the catalogue as of a moment"): a campaign
 * admin asks the API how the catalogue will read at a given moment, so that marketing can see
 * a coming campaign before shoppers do.
 */

/**
 * The request header naming the moment, an ISO 8601 instant with its zone
 * (`2026-12-01T06:00:00.000Z`). Honoured only beside the campaign admin's bearer token.
 */
export const PREVIEW_AT_HEADER = 'X-Preview-At';

/** The catalogue's searches: reads sent as POST, which the preview clock answers too. */
export const PREVIEW_READ_POSTS: readonly string[] = [
  '/api/v1/articles/search',
  '/api/v1/articles/searchids',
];
