import { getCollection, getEntry } from 'astro:content';
import { buildDetailsDir, builtProductPages, type ProductEntry } from './product-details.ts';
import type { StartupData } from '../api/startup.ts';
import { currentBrand } from '../site.ts';

type Lists = {
  [K in keyof StartupData as StartupData[K] extends readonly unknown[] ? K : never]: StartupData[K];
};

const lists = new Map<keyof Lists, Promise<Lists[keyof Lists]>>();

/**
 * One list of the start-up set, as the build loaded it (src/content.config.ts). Each
 * collection's schema gives its data the app type (`typed<T>()` there), so no cast is needed
 * beyond naming which list `name` is. Frozen, and in a build read once and shared by every
 * page that asks, so that what is made of a list once (the category paths,
 * lib/routes/catalogue-routes.ts) is made once per build, not once per page; the dev server
 * reads it anew each time, as its lists change while it runs.
 */
export function startupList<K extends keyof Lists>(name: K): Promise<Lists[K]> {
  if (import.meta.env.DEV) return readList(name);
  let list = lists.get(name);
  if (!list) {
    list = readList(name);
    lists.set(name, list);
  }
  return list as Promise<Lists[K]>;
}

async function readList<K extends keyof Lists>(name: K): Promise<Lists[K]> {
  const entries = await getCollection(name);
  return Object.freeze(entries.map((entry) => entry.data)) as Lists[K];
}

/** The tenant settings of the brand being built; the build fails without them. */
export async function currentTenant(): Promise<StartupData['tenant']> {
  const entry = await getEntry('tenant', currentBrand().id);
  if (!entry) throw new Error(`The API has no tenant settings for brand "${currentBrand().id}".`);
  return entry.data;
}

/** The home layout settings of the brand being built. */
export async function currentSettings(): Promise<StartupData['settings']> {
  const entry = await getEntry('settings', currentBrand().id);
  if (!entry) throw new Error(`The API has no home settings for brand "${currentBrand().id}".`);
  return entry.data;
}

/**
 * Every product page's entry, as src/content/loaders/products.ts listed it in this build; read
 * once per build (49,000 entries at 50,000 articles), however many pages and lists ask.
 */
export function productEntries(): Promise<ProductEntry[]> {
  return builtProductPages(buildDetailsDir());
}
