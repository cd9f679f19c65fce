import { parseBrand, type Brand } from './schema.ts';
import smatroll from './smatroll.ts';
import toppfart from './toppfart.ts';
import villmark from './villmark.ts';

/** Every brand, validated. The first is the default brand of `npm start`. */
export const brands: readonly Brand[] = [
  parseBrand('src/brands/toppfart.ts', toppfart),
  parseBrand('src/brands/villmark.ts', villmark),
  parseBrand('src/brands/smatroll.ts', smatroll),
];

/** Id of the brand `npm start` builds when none is named. */
export const defaultBrandId = 'toppfart';

/**
 * The brand with `id`, validated; throws naming the known ids when there is none, so a
 * mistyped `BRAND=` fails the build at once.
 */
export function getBrand(id: string = defaultBrandId): Brand {
  const brand = brands.find((b) => b.id === id);
  if (!brand) {
    throw new Error(`Unknown brand "${id}". Known brands: ${brands.map((b) => b.id).join(', ')}.`);
  }
  return brand;
}
