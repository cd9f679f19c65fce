/**
 * `npm run prices -- <articleId> [--brand <id>]`: the prices one article was published at,
 * release by release, per brand (every brand, or the one named), with the førpris each
 * release had for it and whether it was shown as reduced: the evidence
 * prisopplysningsforskriften § 9a asks a trader to keep (scripts/lib/price-records.ts).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { brands, getBrand } from '../src/brands/index.ts';
import { formatPrice } from '../src/lib/format/money.ts';
import { articlePriceLines, priceRecordsDir, readPriceRecords } from '../builder/price-records.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const usage = 'Bruk: npm run prices -- <artikkel-id> [--brand <merke>]';
let parsed;
try {
  parsed = parseArgs({ options: { brand: { type: 'string' } }, allowPositionals: true });
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  process.exit(2);
}
const [raw] = parsed.positionals;
const id = Number(raw);
if (raw === undefined || !/^\d+$/.test(raw) || !Number.isSafeInteger(id)) {
  console.error(usage);
  process.exit(2);
}
const ids = parsed.values.brand ? [getBrand(parsed.values.brand).id] : brands.map((b) => b.id);

for (const brand of ids) {
  const lines = articlePriceLines(
    readPriceRecords(priceRecordsDir(join(root, 'dist'), brand)),
    id,
    formatPrice,
  );
  console.log(`${brand}: artikkel ${String(id)}`);
  if (lines.length === 0) console.log('  ingen utgave har publisert den');
  for (const line of lines) console.log(`  ${line}`);
}
