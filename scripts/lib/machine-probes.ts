/**
 * What this machine's disk and processor cost at the moment, for benchmarks to print beside
 * their figures: both have made the same build's time vary by a factor of two from hour to
 * hour (docs/benchmarks.md), more than most changes to the builder.
 */
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** Files {@link diskProbe} creates. */
export const PROBE_FILES = 2000;

/**
 * The mean time, in µs, to create one empty file in a new folder below `scratch`: what a build
 * pays per page and per article detail beyond rendering them.
 */
export function diskProbe(scratch: string): number {
  const dir = mkdtempSync(join(scratch, 'disk-probe-'));
  const started = performance.now();
  for (let i = 0; i < PROBE_FILES; i++) closeSync(openSync(join(dir, String(i)), 'w'));
  const us = ((performance.now() - started) * 1000) / PROBE_FILES;
  rmSync(dir, { recursive: true, force: true });
  return us;
}

/** Cards in each round of {@link cpuProbe}, and its rounds. */
export const PROBE_CARDS = 2000;
const PROBE_ROUNDS = 21;

/**
 * The median time, in ms, of one round of the kind of JavaScript a build runs, the same every
 * time: {@link PROBE_CARDS} article cards to JSON, back, and to HTML.
 */
export function cpuProbe(): number {
  const cards = Array.from({ length: PROBE_CARDS }, (_, i) => ({
    id: i,
    name: `Vinterjakke & lue ${String(i)}`,
    price: 49_900 + i,
    colors: ['Rød', 'Blå', 'Svart'],
    href: `/product/vinterjakke-${String(i)}`,
  }));
  const rounds: number[] = [];
  let length = 0;
  for (let r = 0; r < PROBE_ROUNDS; r++) {
    const started = performance.now();
    const read = JSON.parse(JSON.stringify(cards)) as typeof cards;
    const html = read
      .map(
        (card) =>
          `<li><a href="${card.href}">${card.name.replaceAll('&', '&amp;')}</a><span>${(card.price / 100).toFixed(2)} kr</span>${card.colors.join(', ')}</li>`,
      )
      .join('');
    length += html.length;
    rounds.push(performance.now() - started);
  }
  // Read, so that the work cannot be left out.
  if (length === 0) throw new Error('The processor probe made no HTML.');
  return rounds.sort((a, b) => a - b)[Math.floor(PROBE_ROUNDS / 2)] ?? 0;
}
