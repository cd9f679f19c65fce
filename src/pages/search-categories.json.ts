import type { APIRoute } from 'astro';
import { allListings } from '../lib/content/listings.ts';
import { toCategorySuggestions } from '../lib/domain/suggestions.ts';
import { genderRoutes } from '../lib/routes/catalogue-routes.ts';

const genderSlugs = new Set(genderRoutes.map((r) => r.slug));

/**
 * The listings the header search may suggest, read by the suggestions on first use: the
 * category listings the build pre-renders (so every suggested path exists), without the
 * per-gender copies. A file rather than inline data, so pages that never search do not
 * carry it.
 */
export const GET: APIRoute = async () => {
  const listings = (await allListings())
    .filter((l) => !genderSlugs.has(l.path.split('/')[1] ?? ''))
    .sort((a, b) => a.trail.length - b.trail.length);
  return new Response(JSON.stringify(toCategorySuggestions(listings)), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
