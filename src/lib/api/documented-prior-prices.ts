/**
 * At build time, against an API without a førpris (`priorPrice` left out of its articles):
 * the førpris reckoned by § 9a's rule (contract/prior-price.ts) from the prices the brand's
 * own releases published (builder/price-records.ts), so the pages show a reduction only
 * where those records document one. The release builder writes the published histories to
 * the file `$PRICE_HISTORY_FILE` names; without it nothing changes.
 */

import { readFileSync } from 'node:fs';
import { isRecord } from '../../../contract/guards.ts';
import { priorPrice, type PricePeriod } from '../../../contract/prior-price.ts';
import { clientOf, type ApiClient } from './client.ts';

/** Published price histories per article id, as the release builder writes them. */
export type PublishedHistories = ReadonlyMap<number, readonly PricePeriod[]>;

/**
 * Sets `priorPrice` on every article in `answer` (any depth: lists, pages, search hits,
 * campaigns' articles, a detail) that came without one: the førpris of its price as if
 * published at `now`, after the prices in `histories`; null where they document none.
 * Answers how many it set. Articles that carry the field, even as null, are left alone.
 */
export function fillPriorPrices(answer: unknown, histories: PublishedHistories, now: Date): number {
  if (Array.isArray(answer)) {
    return answer.reduce<number>((n, item) => n + fillPriorPrices(item, histories, now), 0);
  }
  if (!isRecord(answer)) return 0;
  let filled = 0;
  const { id, price, ArticleNo } = answer;
  if (
    typeof id === 'number' &&
    typeof price === 'number' &&
    typeof ArticleNo === 'string' &&
    answer['priorPrice'] === undefined
  ) {
    const published = histories.get(id) ?? [];
    answer['priorPrice'] = priorPrice(
      [...published, { price, from: now.toISOString(), to: null }],
      now,
    );
    filled++;
  }
  for (const value of Object.values(answer)) filled += fillPriorPrices(value, histories, now);
  return filled;
}

/** Reads the histories file the release builder wrote (`{"<id>": PricePeriod[]}`). */
export function readPublishedHistories(file: string): PublishedHistories {
  const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, PricePeriod[]>;
  return new Map(Object.entries(json).map(([id, periods]) => [Number(id), periods]));
}

/** `client` with {@link fillPriorPrices} applied to every answer, at the build's clock. */
export function withDocumentedPriorPrices(
  client: ApiClient,
  histories: PublishedHistories,
  now: () => Date = () => new Date(),
): ApiClient {
  return clientOf(client.baseURL, async <T>(...args: Parameters<ApiClient['request']>) => {
    const answer = await client.request<T>(...args);
    fillPriorPrices(answer, histories, now());
    return answer;
  });
}
