/**
 * `npm run seed -- --articles N [--seed S] [--db PATH]`: seeds the reference database with
 * the real clock (so campaigns are active or pending now), then rebuilds the search index.
 */
import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { defaultDatabasePath, openDatabase } from '../db/database.ts';
import { maxSeedArticles, seedDatabase } from './seed.ts';

const usage = 'Usage: npm run seed -- --articles N [--seed S] [--db PATH]';

/** Parses a whole number option or exits with a message naming the option. */
function integerOption(
  name: string,
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
    console.error(
      `--${name} must be a whole number from ${min} to ${max}, got '${raw}'.\n${usage}`,
    );
    process.exit(2);
  }
  return value;
}

let parsed;
try {
  parsed = parseArgs({
    options: {
      articles: { type: 'string' },
      seed: { type: 'string' },
      db: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
if (parsed.values.help) {
  console.log(usage);
  process.exit(0);
}

const articles = integerOption('articles', parsed.values.articles, 5000, 1, maxSeedArticles);
const seed = integerOption('seed', parsed.values.seed, 1, 0, 0xffffffff);
const path = parsed.values.db ?? process.env['DATABASE_PATH'] ?? defaultDatabasePath;

const started = performance.now();
const db = openDatabase(path);
const summary = seedDatabase(db, { articles, seed, now: new Date(), orders: true });
const { rebuildSearchIndex } = await import('../search/indexer.ts');
rebuildSearchIndex(db);
db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
db.close();

const seconds = ((performance.now() - started) / 1000).toFixed(2);
const size = path === ':memory:' ? 0 : statSync(path).size;
console.log(
  `Seeded ${path}: ${summary.counts['articles']} articles, ${summary.counts['variants']} variants, ` +
    `${summary.counts['stock']} stock rows (seed ${seed}) in ${seconds} s; database ${(size / 1048576).toFixed(1)} MB.`,
);
