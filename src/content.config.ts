import { glob, type Loader } from 'astro/loaders';
import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { buildTimeClient, loadStartup, type StartupData } from './lib/api/startup.ts';
import { currentBrand } from './lib/site.ts';
import { listingsLoader } from './content/loaders/listings.ts';
import { productsLoader } from './content/loaders/products.ts';
import { campaignsLoader } from './content/loaders/campaigns.ts';
import { homeArticlesLoader } from './content/loaders/home-articles.ts';

const brand = currentBrand();
let startup: Promise<StartupData> | undefined;
/** The start-up set, fetched once per build however many collections read it. */
function startupData(): Promise<StartupData> {
  startup ??= loadStartup(buildTimeClient(brand.id), brand.id);
  return startup;
}

/**
 * A loader over part of the start-up set. Entries keep the app object untouched as their
 * data (its own `id` stays a number), keyed by `id` as a string.
 */
function startupLoader<T extends object>(
  name: string,
  items: () => Promise<readonly T[]>,
  id: (item: T) => string | number,
): Loader {
  return {
    name: `startup-${name}`,
    load: async ({ store }) => {
      const loaded = await items();
      store.clear();
      for (const item of loaded) {
        store.set({ id: String(id(item)), data: { ...item } as Record<string, unknown> });
      }
    },
  };
}

export const collections = {
  listings: defineCollection({ loader: listingsLoader(startupData, brand) }),
  /** Static Norwegian pages (Markdown), rendered at build time. */
  pages: defineCollection({
    loader: glob({ pattern: '*.md', base: './src/content/pages' }),
    schema: z.object({
      title: z.string(),
      description: z.string().max(160),
      brands: z.array(z.string()),
      updated: z.coerce.date(),
      faq: z.array(z.object({ q: z.string(), a: z.string() })).optional(),
    }),
  }),
  tenant: defineCollection({
    loader: startupLoader(
      'tenant',
      async () => [(await startupData()).tenant],
      (t) => t.id,
    ),
  }),
  settings: defineCollection({
    loader: startupLoader(
      'settings',
      async () => [(await startupData()).settings],
      (s) => s.tenant,
    ),
  }),
  categories: defineCollection({
    loader: startupLoader(
      'categories',
      async () => (await startupData()).categories,
      (c) => c.id,
    ),
  }),
  brands: defineCollection({
    loader: startupLoader(
      'brands',
      async () => (await startupData()).brands,
      (b) => b.id,
    ),
  }),
  shops: defineCollection({
    loader: startupLoader(
      'shops',
      async () => (await startupData()).shops,
      (s) => s.id,
    ),
  }),
  postalCodes: defineCollection({
    loader: startupLoader(
      'postalCodes',
      async () => (await startupData()).postalCodes,
      (p) => p.code,
    ),
  }),
  colorGroups: defineCollection({
    loader: startupLoader(
      'colorGroups',
      async () => (await startupData()).colorGroups,
      (c) => c.id,
    ),
  }),
  genders: defineCollection({
    loader: startupLoader(
      'genders',
      async () => (await startupData()).genders,
      (g) => g.id,
    ),
  }),
  shippingMethods: defineCollection({
    loader: startupLoader(
      'shippingMethods',
      async () => (await startupData()).shippingMethods,
      (s) => s.id,
    ),
  }),
  bestsellers: defineCollection({
    loader: startupLoader(
      'bestsellers',
      async () => (await startupData()).bestsellers,
      (b) => b.article_id,
    ),
  }),
  products: defineCollection({ loader: productsLoader(() => buildTimeClient(brand.id)) }),
  campaigns: defineCollection({ loader: campaignsLoader(() => buildTimeClient(brand.id)) }),
  homeArticles: defineCollection({
    loader: homeArticlesLoader(brand.id, () => buildTimeClient(brand.id)),
  }),
};
