import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  closeProductDetails,
  updateProductDetails,
  writeProductPages,
  type ProductArticle,
} from '../src/lib/content/product-details.ts';
import { formatPrice } from '../src/lib/format/money.ts';
import {
  apiGivesPriorPrice,
  articlePriceLines,
  priceRecordsDir,
  publishedHistories,
  publishedPrices,
  readPriceRecords,
  writePriceRecord,
  type PriceRecord,
} from './price-records.ts';
import { scratchFolder } from './test-support/scratch-folder.ts';

const record = (
  releaseId: string,
  publishedAt: string,
  articles: PriceRecord['articles'],
  priorPriceSource: PriceRecord['priorPriceSource'] = 'api',
): PriceRecord => ({ releaseId, brand: 'toppfart', publishedAt, priorPriceSource, articles });

/** Stores `articles` as their details in `dir`, and no list of pages. */
async function store(
  dir: string,
  articles: Array<{ id: number; price: number; priorPrice?: number }>,
): Promise<void> {
  await updateProductDetails(pathToFileURL(`${dir}/`), (details) => {
    for (const article of articles) details.write(article as unknown as ProductArticle);
    return Promise.resolve();
  });
  closeProductDetails();
}

/**
 * Writes article details into `dir` as the products loader does, and the list of product pages
 * naming them and `others` (already there), each detail's digest made of its price.
 */
async function writeDetails(
  dir: string,
  articles: Array<{ id: number; price: number; priorPrice?: number }>,
  others: Array<{ id: number; digest: string }> = [],
): Promise<void> {
  await store(dir, articles);
  await writeProductPages(pathToFileURL(`${dir}/`), [
    ...others.map(({ id, digest }) => ({
      article: { id, name: `Vare ${String(id)}` },
      slug: `vare-${String(id)}`,
      digest,
    })),
    ...articles.map(({ id, price }) => ({
      article: { id, name: `Vare ${String(id)}` },
      slug: `vare-${String(id)}`,
      digest: `d${String(id)}-${String(price)}`,
    })),
  ]);
}

describe('price records', () => {
  it('keeps them beside the releases, outside every served folder', () => {
    expect(priceRecordsDir('/repo/dist', 'toppfart')).toBe('/repo/dist/.prices/toppfart');
  });

  it('reads back what was written, oldest first, and skips what is not a record', () => {
    const dir = scratchFolder('price-records');
    const later = record('b', '2026-11-20T10:00:00.000Z', [
      { id: 1, price: 700, priorPrice: 1000 },
    ]);
    const earlier = record('a', '2026-11-01T10:00:00.000Z', [
      { id: 1, price: 1000, priorPrice: null },
    ]);
    writePriceRecord(dir, later);
    writePriceRecord(dir, earlier);
    writeFileSync(join(dir, 'broken.json'), '{');
    writeFileSync(join(dir, 'other.json'), '{"releaseId": 3}');
    expect(readPriceRecords(dir)).toEqual([earlier, later]);
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    expect(readPriceRecords(join(dir, 'missing'))).toEqual([]);
  });

  it('takes the published prices from the listed product pages’ article details', async () => {
    const details = join(scratchFolder('price-records'), 'details');
    await writeDetails(details, [
      { id: 12, price: 700, priorPrice: 1000 },
      { id: 3, price: 500 },
    ]);
    // A detail no page of this build lists is no published price.
    await store(details, [{ id: 40, price: 100 }]);
    expect(await publishedPrices(details)).toEqual([
      { id: 3, price: 500, priorPrice: null },
      { id: 12, price: 700, priorPrice: 1000 },
    ]);
  });

  it('reads again only the details whose digest changed since the last record', async () => {
    const details = join(scratchFolder('price-records'), 'details');
    await writeDetails(details, [
      { id: 3, price: 500 },
      { id: 12, price: 700, priorPrice: 1000 },
    ]);
    await publishedPrices(details);
    // Same digest: the price read last time stands, even where the detail says otherwise.
    await store(details, [{ id: 3, price: 1 }]);
    await writeDetails(
      details,
      [{ id: 12, price: 600, priorPrice: 1000 }],
      [{ id: 3, digest: 'd3-500' }],
    );
    expect(await publishedPrices(details)).toEqual([
      { id: 3, price: 500, priorPrice: null },
      { id: 12, price: 600, priorPrice: 1000 },
    ]);
    // Without a whole file of what was read, every detail is read.
    writeFileSync(join(details, 'published-prices.json'), '[{"id":3}]');
    expect((await publishedPrices(details))[0]).toEqual({ id: 3, price: 1, priorPrice: null });
  });

  it('reads thousands of article details within a small limit on open files', async () => {
    const details = join(scratchFolder('price-records'), 'details');
    await writeDetails(
      details,
      Array.from({ length: 2000 }, (_, i) => ({ id: i + 1, price: (i + 1) * 100 })),
    );
    // 256 handles, as on many machines' defaults: opening every detail at once ran out of them
    // at 50,000 articles when each was a file, and the release's price record was lost.
    const program = `import { publishedPrices } from ${JSON.stringify(fileURLToPath(new URL('./price-records.ts', import.meta.url)))};
      const prices = await publishedPrices(${JSON.stringify(details)});
      console.log(prices.length, prices.at(-1).price);`;
    const child = spawnSync(
      'bash',
      ['-c', 'ulimit -n 256 && exec "$0" --input-type=module -e "$1"', process.execPath, program],
      { encoding: 'utf8' },
    );
    expect(child.stderr).toBe('');
    expect(child.stdout.trim()).toBe('2000 200000');
  });

  it('makes price histories of the releases, each price until the next release', () => {
    const records = [
      record('a', '2026-10-01T00:00:00.000Z', [{ id: 1, price: 1000, priorPrice: null }]),
      record('b', '2026-10-20T00:00:00.000Z', [
        { id: 1, price: 800, priorPrice: 1000 },
        { id: 2, price: 300, priorPrice: null },
      ]),
    ];
    const histories = publishedHistories(records, new Date('2026-11-01T00:00:00.000Z'));
    expect(histories.get(1)).toEqual([
      { price: 1000, from: '2026-10-01T00:00:00.000Z', to: '2026-10-20T00:00:00.000Z' },
      { price: 800, from: '2026-10-20T00:00:00.000Z', to: '2026-11-01T00:00:00.000Z' },
    ]);
    expect(histories.get(2)).toHaveLength(1);
    expect(histories.get(3)).toBeUndefined();
  });

  it('prints one line per release that showed the article, saying whether it was reduced', () => {
    const records = [
      record('a', '2026-10-01T00:00:00.000Z', [{ id: 1, price: 100000, priorPrice: null }]),
      record('b', '2026-10-20T00:00:00.000Z', [{ id: 2, price: 5000, priorPrice: null }]),
      record(
        'c',
        '2026-11-01T00:00:00.000Z',
        [{ id: 1, price: 70000, priorPrice: 100000 }],
        'releases',
      ),
      record('d', '2026-11-02T00:00:00.000Z', [{ id: 1, price: 70000, priorPrice: 60000 }]),
    ];
    const lines = articlePriceLines(records, 1, formatPrice).map((l) => l.replace(/\u00a0/g, ' '));
    expect(lines).toEqual([
      '2026-10-01T00:00:00.000Z  a  1 000,00 kr  ingen førpris, ikke vist som nedsatt',
      '2026-11-01T00:00:00.000Z  c  700,00 kr  førpris 1 000,00 kr (regnet ut fra utgavene), vist som nedsatt',
      '2026-11-02T00:00:00.000Z  d  700,00 kr  førpris 600,00 kr, ikke vist som nedsatt',
    ]);
    expect(articlePriceLines(records, 9, formatPrice)).toEqual([]);
  });
});

describe('apiGivesPriorPrice', () => {
  const api =
    (article: object | null): typeof fetch =>
    async (input, init) => {
      if (String(input) !== 'http://api/articles/search?tenant=toppfart' || init?.method !== 'POST')
        return new Response('', { status: 404 });
      expect(JSON.parse(String(init.body))).toEqual({ query: '', take: 1 });
      const hits = article ? [{ _id: '1', _score: 1, _source: article }] : [];
      return Response.json({ hits: { total: { value: hits.length, relation: 'eq' }, hits } });
    };

  it("tells by the brand's first article in an empty search", async () => {
    expect(
      await apiGivesPriorPrice('http://api', 'toppfart', api({ id: 1, priorPrice: null })),
    ).toBe(true);
    expect(await apiGivesPriorPrice('http://api', 'toppfart', api({ id: 1, price: 100 }))).toBe(
      false,
    );
  });

  it('counts an API that tells nothing as giving one', async () => {
    expect(await apiGivesPriorPrice('http://api', 'toppfart', api(null))).toBe(true);
    const down: typeof fetch = () => Promise.reject(new Error('ECONNREFUSED'));
    expect(await apiGivesPriorPrice('http://api', 'toppfart', down)).toBe(true);
  });
});
