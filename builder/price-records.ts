import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isRecord } from '../contract/guards.ts';
import { eachProductDetail, readProductPages } from '../src/lib/content/product-details.ts';
import { isReduced, type PricePeriod } from '../contract/prior-price.ts';

/**
 * The prices each release published, kept as evidence of the førpris (prisopplysningsforskriften
 * § 9a: the trader must be able to document its prices when Forbrukertilsynet asks). One JSON
 * file per release in `<distRoot>/.prices/<brand>/`: beside the releases, not in any of them,
 * so no host serves it and pruning old releases keeps it.
 */

/** What one release showed for one article, øre as its pages show them. */
export interface PublishedPrice {
  id: number;
  price: number;
  /**
   * The førpris the release had for it (its pages show it, and the price as reduced, only
   * where the price is below it), or null when it had none.
   */
  priorPrice: number | null;
}

/** What one release of a brand published. */
export interface PriceRecord {
  releaseId: string;
  brand: string;
  /** ISO time the release went live. */
  publishedAt: string;
  /** Where its førpris came from: the API's `priorPrice`, or these records (the API had none). */
  priorPriceSource: 'api' | 'releases';
  articles: PublishedPrice[];
}

/** The folder of `brand`'s price records under `distRoot` (e.g. `dist`). */
export function priceRecordsDir(distRoot: string, brand: string): string {
  return join(distRoot, '.prices', brand);
}

function isPriceRecord(value: unknown): value is PriceRecord {
  if (!isRecord(value)) return false;
  const r = value as Partial<PriceRecord>;
  return (
    typeof r.releaseId === 'string' &&
    typeof r.brand === 'string' &&
    typeof r.publishedAt === 'string' &&
    Array.isArray(r.articles)
  );
}

/** The records in `dir`, oldest first; files that cannot be read as records are skipped. */
export function readPriceRecords(dir: string): PriceRecord[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names
    .flatMap((name) => {
      try {
        const value: unknown = JSON.parse(readFileSync(join(dir, name), 'utf8'));
        return isPriceRecord(value) ? [value] : [];
      } catch {
        return [];
      }
    })
    .sort(
      (a, b) =>
        a.publishedAt.localeCompare(b.publishedAt) || a.releaseId.localeCompare(b.releaseId),
    );
}

/** Writes `record` into `dir` as `<releaseId>.json`, whole or not at all. */
export function writePriceRecord(dir: string, record: PriceRecord): void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${record.releaseId}.json`);
  writeFileSync(`${file}.tmp`, `${JSON.stringify(record)}\n`);
  renameSync(`${file}.tmp`, file);
}

/** A published price with the digest of the article detail it was read from. */
interface ReadPrice extends PublishedPrice {
  digest: string;
}

/** Where {@link publishedPrices} keeps what it read, for the next build's record. */
const readPricesFile = (detailsDir: string) => join(detailsDir, 'published-prices.json');

function isReadPrice(value: unknown): value is ReadPrice {
  return (
    isRecord(value) &&
    typeof value['id'] === 'number' &&
    typeof value['digest'] === 'string' &&
    typeof value['price'] === 'number' &&
    (value['priorPrice'] === null || typeof value['priorPrice'] === 'number')
  );
}

/** The prices the last record read, by article; none when there is no whole file of them. */
function readPricesBefore(detailsDir: string): Map<number, ReadPrice> {
  try {
    const value: unknown = JSON.parse(readFileSync(readPricesFile(detailsDir), 'utf8'));
    return Array.isArray(value) && value.every(isReadPrice)
      ? new Map(value.map((price) => [price.id, price]))
      : new Map();
  } catch {
    return new Map();
  }
}

/**
 * The prices a build's product pages showed: of every page the products loader listed in
 * `detailsDir` (src/lib/content/product-details.ts), read from its article detail there. Only
 * the details whose digest changed since the last record are read again: the prices read are
 * kept beside them, by the digest of the detail they came from (at 50,000 articles, reading
 * every detail took 7 s after each release, which the next build waited for).
 */
export async function publishedPrices(detailsDir: string): Promise<PublishedPrice[]> {
  const dir = pathToFileURL(`${detailsDir}/`);
  const pages = await readProductPages(dir);
  const before = readPricesBefore(detailsDir);
  const prices = new Map<number, ReadPrice>();
  const anew = new Map<number, string>();
  for (const {
    article: { id },
    digest,
  } of pages) {
    const known = before.get(id);
    if (known?.digest === digest) prices.set(id, known);
    else anew.set(id, digest);
  }
  eachProductDetail(dir, [...anew.keys()], ({ id, price, priorPrice }) => {
    prices.set(id, { id, digest: anew.get(id) ?? '', price, priorPrice: priorPrice ?? null });
  });
  const file = readPricesFile(detailsDir);
  writeFileSync(`${file}.tmp`, JSON.stringify([...prices.values()]));
  renameSync(`${file}.tmp`, file);
  return [...prices.values()]
    .map(({ id, price, priorPrice }) => ({ id, price, priorPrice }))
    .sort((a, b) => a.id - b.id);
}

/**
 * Each article's published prices as a price history: every record's price from the time it
 * went live until the next record, the last until `until`. An article a release did not show
 * has no price for that release's time.
 */
export function publishedHistories(
  records: readonly PriceRecord[],
  until: Date,
): Map<number, PricePeriod[]> {
  const histories = new Map<number, PricePeriod[]>();
  records.forEach((record, i) => {
    const to = records[i + 1]?.publishedAt ?? until.toISOString();
    if (!(record.publishedAt < to)) return;
    for (const article of record.articles) {
      const periods = histories.get(article.id) ?? [];
      periods.push({ price: article.price, from: record.publishedAt, to });
      histories.set(article.id, periods);
    }
  });
  return histories;
}

/** One line per release that showed article `id`, oldest first, for `npm run prices`. */
export function articlePriceLines(
  records: readonly PriceRecord[],
  id: number,
  format: (ore: number) => string,
): string[] {
  return records.flatMap((record) => {
    const article = record.articles.find((a) => a.id === id);
    if (article === undefined) return [];
    const source = record.priorPriceSource === 'releases' ? ' (regnet ut fra utgavene)' : '';
    const prior =
      article.priorPrice === null
        ? 'ingen førpris, ikke vist som nedsatt'
        : isReduced(article)
          ? `førpris ${format(article.priorPrice)}${source}, vist som nedsatt`
          : `førpris ${format(article.priorPrice)}${source}, ikke vist som nedsatt`;
    return [`${record.publishedAt}  ${record.releaseId}  ${format(article.price)}  ${prior}`];
  });
}

/**
 * Whether the API at `apiUrl` gives its articles a førpris: the field on the brand's first
 * article in an empty search (`POST articles/search`). Asked before every build: the first
 * category's first article, asked before, cost the reference API its category tree with each
 * category's price range, 0.1 s at 50,000 articles on the way to every campaign's first page.
 * An API that answers no article, or cannot be asked, tells nothing: it then counts as giving
 * one, and the build reckons nothing (a build against an API that cannot be reached fails on
 * its own).
 */
export async function apiGivesPriorPrice(
  apiUrl: string,
  brand: string,
  fetcher: typeof fetch = fetch,
): Promise<boolean> {
  try {
    const response = await fetcher(
      `${apiUrl}/articles/search?tenant=${encodeURIComponent(brand)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '', take: 1 }),
      },
    );
    const answer: unknown = response.ok ? await response.json() : null;
    const hits = isRecord(answer) && isRecord(answer['hits']) ? answer['hits']['hits'] : undefined;
    const first: unknown = Array.isArray(hits) ? hits[0] : undefined;
    const article = isRecord(first) ? first['_source'] : undefined;
    return !isRecord(article) || 'priorPrice' in article;
  } catch {
    return true;
  }
}
