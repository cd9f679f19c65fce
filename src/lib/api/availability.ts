/**
 * `GET articles/availability/{id}`, apart from the other catalogue calls (catalogue.ts): the
 * product page loads it at once, and a module of its own keeps the listing and search code
 * out of that page's JS.
 */

import type { ApiArticle, ApiAvailability } from '../../../contract/index.ts';
import type { LiveArticle } from '../domain/checkout.ts';
import { toAvailability, toLiveArticle } from '../mappers/availability.ts';
import { mapList } from '../mappers/common.ts';
import type { Availability } from '../types.ts';
import { defaultClient, type ApiClient } from './client.ts';

/** Live stock of an article's variants. */
export async function getAvailability(
  id: number,
  client: ApiClient = defaultClient(),
): Promise<Availability | null> {
  return toAvailability(await client.get<ApiAvailability>(`articles/availability/${id}`));
}

/**
 * The live price and purchase facts of the cart's articles (`articles/bundle`); an id the
 * answer lacks is no longer sold (invisible or gone).
 */
export async function getLiveArticles(
  ids: readonly number[],
  client: ApiClient = defaultClient(),
): Promise<Map<number, LiveArticle>> {
  const answer = await client.get<ApiArticle[]>('articles/bundle', { articles: ids.join(',') });
  return new Map(mapList(answer, toLiveArticle).map(({ id, ...live }) => [id, live]));
}
