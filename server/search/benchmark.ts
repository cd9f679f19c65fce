/**
 * Search latency measurement: a deterministic mix of requests like the shop sends (words,
 * compound tails, one or two letters, category filters, sorts, pages of 20 to 1000) through
 * {@link searchArticles}. `scripts/bench-api.ts` reports its figures.
 */
import type { DatabaseSync } from 'node:sqlite';
import { createPrng } from '../seed/prng.ts';
import { foldedWords } from './normalize.ts';
import { type SearchRequest, searchArticles } from './search.ts';

/** Latency percentiles in milliseconds. */
export interface SearchLatency {
  p50: number;
  p95: number;
  p99: number;
}

/** How many requests and which PRNG seed; the same seed and database give the same mix. */
export interface SearchBenchmarkOptions {
  requests: number;
  seed: number;
}

interface Ingredients {
  words: string[];
  genders: number[];
  colorGroups: number[];
  shops: number[];
  groups3: number[];
  minPrice: number;
  maxPrice: number;
}

function column(db: DatabaseSync, sql: string): number[] {
  return db
    .prepare(sql)
    .all()
    .map((row) => Number(Object.values(row)[0]));
}

function ingredients(db: DatabaseSync): Ingredients {
  const names = db
    .prepare('SELECT name FROM articles WHERE visible = 1 ORDER BY id LIMIT 2000')
    .all()
    .map((row) => String(row['name']));
  const words = new Set<string>();
  for (const name of names) {
    for (const word of foldedWords(name)) {
      if (/^\d+$/u.test(word)) continue;
      words.add(word);
      // The tail of a compound (`jakke` of `vinterjakke`) is what shoppers type most.
      if (word.length >= 8) words.add(word.slice(-5));
    }
  }
  const prices = db
    .prepare('SELECT min(price) AS low, max(price) AS high FROM articles WHERE visible = 1')
    .get();
  return {
    words: [...words].sort(),
    genders: column(db, 'SELECT DISTINCT gender_id FROM articles ORDER BY 1'),
    colorGroups: column(db, 'SELECT DISTINCT color_group_id FROM article_color_groups ORDER BY 1'),
    shops: column(db, 'SELECT DISTINCT shop_id FROM article_shops ORDER BY 1'),
    groups3: column(db, 'SELECT DISTINCT group3_id FROM articles ORDER BY 1'),
    minPrice: Number(prices?.['low'] ?? 0),
    maxPrice: Number(prices?.['high'] ?? 100_000),
  };
}

const sorts = ['price:asc', 'price:desc', 'name:asc', 'bestseller:asc', 'dateCreated:desc'];

function requestMix(source: Ingredients, count: number, seed: number): SearchRequest[] {
  const prng = createPrng(seed);
  const random = () => prng.next();
  const pick = <T>(items: readonly T[], fallback: T): T =>
    items.length === 0 ? fallback : (items[Math.floor(random() * items.length)] ?? fallback);
  const word = () => pick(source.words, 'jakke');
  const filter = (): string => {
    const parts: string[] = [];
    if (random() < 0.5) parts.push(`GenderID IN [${pick(source.genders, 1)}, 10]`);
    if (random() < 0.4) {
      parts.push(`colorGroups.ColorGroupID IN [${pick(source.colorGroups, 1)}]`);
    }
    if (random() < 0.3) parts.push(`available.ShopID = ${pick(source.shops, 1)}`);
    if (random() < 0.5) {
      const span = source.maxPrice - source.minPrice;
      const low = Math.round(source.minPrice + random() * span * 0.5);
      parts.push(`GrossPrice ${low} TO ${Math.round(low + span * 0.3)}`);
    }
    if (parts.length === 0 || random() < 0.3) {
      parts.push(`ArticleGroup3ID = ${pick(source.groups3, 1)}`);
    }
    return parts.join(' AND ');
  };
  return Array.from({ length: count }, () => {
    const kind = random();
    let query = '';
    let filters: string | undefined;
    if (kind < 0.3) query = word();
    else if (kind < 0.45) query = `${word()} ${word()}`;
    else if (kind < 0.65) [query, filters] = [word(), filter()];
    else if (kind < 0.85) filters = filter();
    else if (kind < 0.9) query = word().slice(0, 1 + Math.floor(random() * 2));
    const take = random() < 0.5 ? 1000 : pick([20, 48], 20);
    const page = random() < 0.8 ? 0 : 1 + Math.floor(random() * 2);
    const sort = random() < 0.6 ? undefined : pick(sorts, 'price:asc');
    return {
      query,
      take,
      page,
      ...(filters === undefined ? {} : { filters }),
      ...(sort === undefined ? {} : { sort }),
    };
  });
}

/**
 * The deterministic request mix of {@link runSearchBenchmark} for `db`, so the same mix can
 * also be sent through the HTTP routes.
 */
export function searchRequestMix(
  db: DatabaseSync,
  options: SearchBenchmarkOptions,
): SearchRequest[] {
  return requestMix(ingredients(db), options.requests, options.seed);
}

/** Nearest-rank percentiles of `timings` (milliseconds, any order). */
export function latencyPercentiles(timings: readonly number[]): SearchLatency {
  const sorted = [...timings].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
  };
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, rank)] ?? 0;
}

/**
 * Issues `requests` searches of a deterministic mix against `db` (which must hold a seeded
 * catalogue) and answers the p50/p95/p99 latency in milliseconds, nearest-rank.
 */
export function runSearchBenchmark(
  db: DatabaseSync,
  options: SearchBenchmarkOptions,
): SearchLatency {
  // Builds the index if needed before the clock starts, like a seeded server would.
  searchArticles(db, { query: '', take: 1, page: 0 });
  const timings = searchRequestMix(db, options).map((request) => {
    const start = performance.now();
    searchArticles(db, request);
    return performance.now() - start;
  });
  return latencyPercentiles(timings);
}
