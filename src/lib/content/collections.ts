import { getCollection, getEntry } from 'astro:content';
import type { ProductEntry } from '../../content/loaders/products.ts';
import type { StartupData } from '../api/startup.ts';
import { currentBrand } from '../site.ts';

type Lists = {
  [K in keyof StartupData as StartupData[K] extends readonly unknown[] ? K : never]: StartupData[K];
};

/**
 * One list of the start-up set, as the build loaded it (src/content.config.ts). The loaders
 * store app objects made by src/lib/mappers, so the data has the app type already.
 */
export async function startupList<K extends keyof Lists>(name: K): Promise<Lists[K]> {
  const entries = await getCollection(name);
  return entries.map((entry) => entry.data) as unknown as Lists[K];
}

/** The tenant settings of the brand being built; the build fails without them. */
export async function currentTenant(): Promise<StartupData['tenant']> {
  const entry = await getEntry('tenant', currentBrand().id);
  if (!entry) throw new Error(`The API has no tenant settings for brand "${currentBrand().id}".`);
  return entry.data as unknown as StartupData['tenant'];
}

/** The home layout settings of the brand being built. */
export async function currentSettings(): Promise<StartupData['settings']> {
  const entry = await getEntry('settings', currentBrand().id);
  if (!entry) throw new Error(`The API has no home settings for brand "${currentBrand().id}".`);
  return entry.data as unknown as StartupData['settings'];
}

/** Every product page's data, as src/content/loaders/products.ts stored it. */
export async function productEntries(): Promise<ProductEntry[]> {
  const entries = await getCollection('products');
  return entries.map((entry) => entry.data as unknown as ProductEntry);
}
