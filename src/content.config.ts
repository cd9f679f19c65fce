import { glob, type Loader } from 'astro/loaders';
import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { buildTimeClient, takeStartupRead, type StartupData } from './lib/api/startup.ts';
import type { CatalogueChanges } from './lib/content/catalogue-changes.ts';
import type { Article } from './lib/types.ts';
import { currentBrand } from './lib/site.ts';
import { listingsLoader } from './content/loaders/listings.ts';
import { productsLoader } from './content/loaders/products.ts';
import { campaignsLoader } from './content/loaders/campaigns.ts';
import type { CampaignWithArticleIds } from './lib/types.ts';
import { homeArticlesLoader } from './content/loaders/home-articles.ts';
import { blogSource } from './content/loaders/blog.ts';
import type { BlogCategoryEntry, BlogPostEntry } from './lib/content/blog.ts';
import { pollsLoader } from './content/loaders/polls.ts';
import type { PollEntry } from './lib/content/polls.ts';

const brand = currentBrand();
let startup: Promise<StartupData> | undefined;
/**
 * The start-up set, fetched once per build however many collections read it: the build started
 * reading it as it started (builder/storefront-build.ts).
 */
function startupData(): Promise<StartupData> {
  startup ??= takeStartupRead(brand.id);
  return startup;
}

/**
 * What the products loader found changed since the last build, for the listings loader, which
 * waits for it: Astro runs every collection's loader side by side in each sync.
 */
const catalogueChanges = Promise.withResolvers<CatalogueChanges>();

/**
 * The type of a collection's entries, for `getCollection` and `getEntry`. It checks nothing
 * at run time: the loaders store app objects that src/lib/mappers made from answers the
 * build-time client has already checked against the contract's schemas
 * (src/lib/api/checked-client.ts), so each wire object is validated once, where it enters.
 */
const typed = <T>() => z.custom<T>();

/**
 * A collection over a list the build reads once: part of the start-up set, or the blog.
 * Entries keep the app object untouched as their data (its own `id` stays a number), keyed
 * by `id` as a string.
 */
function startupCollection<T extends object>(
  name: string,
  items: () => Promise<readonly T[]>,
  id: (item: T) => string | number,
) {
  const loader: Loader = {
    name: `startup-${name}`,
    load: async ({ store }) => {
      const loaded = await items();
      store.clear();
      for (const item of loaded) {
        store.set({ id: String(id(item)), data: { ...item } as Record<string, unknown> });
      }
    },
  };
  return defineCollection({ loader, schema: typed<T>() });
}

const blog = blogSource(brand, () => buildTimeClient(brand.id));

export const collections = {
  /**
   * No entries: the listings loader writes the listings to the cache folder
   * (lib/content/listings.ts), out of Astro's data store.
   */
  listings: defineCollection({
    loader: listingsLoader(startupData, brand, catalogueChanges.promise),
  }),
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
  tenant: startupCollection(
    'tenant',
    async () => [(await startupData()).tenant],
    (t) => t.id,
  ),
  settings: startupCollection(
    'settings',
    async () => [(await startupData()).settings],
    (s) => s.tenant,
  ),
  categories: startupCollection(
    'categories',
    async () => (await startupData()).categories,
    (c) => c.id,
  ),
  brands: startupCollection(
    'brands',
    async () => (await startupData()).brands,
    (b) => b.id,
  ),
  shops: startupCollection(
    'shops',
    async () => (await startupData()).shops,
    (s) => s.id,
  ),
  postalCodes: startupCollection(
    'postalCodes',
    async () => (await startupData()).postalCodes,
    (p) => p.code,
  ),
  colorGroups: startupCollection(
    'colorGroups',
    async () => (await startupData()).colorGroups,
    (c) => c.id,
  ),
  genders: startupCollection(
    'genders',
    async () => (await startupData()).genders,
    (g) => g.id,
  ),
  shippingMethods: startupCollection(
    'shippingMethods',
    async () => (await startupData()).shippingMethods,
    (s) => s.id,
  ),
  bestsellers: startupCollection(
    'bestsellers',
    async () => (await startupData()).bestsellers,
    (b) => b.article_id,
  ),
  /**
   * No entries: the products loader reads the article details into the cache folder and lists
   * the product pages there (lib/content/product-details.ts), out of Astro's data store.
   */
  products: defineCollection({
    loader: productsLoader(() => buildTimeClient(brand.id), catalogueChanges.resolve),
  }),
  campaigns: defineCollection({
    loader: campaignsLoader(() => buildTimeClient(brand.id)),
    schema: typed<CampaignWithArticleIds>(),
  }),
  homeArticles: defineCollection({
    loader: homeArticlesLoader(brand.id, () => buildTimeClient(brand.id), blog.articleIds),
    schema: typed<Article>(),
  }),
  /** Every published post of the brand's blog (none without one), keyed by post id. */
  blogPosts: startupCollection('blogPosts', blog.posts, (e: BlogPostEntry) => e.post.id),
  /** The blog's categories with their built post counts, keyed by category id. */
  blogCategories: startupCollection(
    'blogCategories',
    blog.categories,
    (e: BlogCategoryEntry) => e.category.id,
  ),
  polls: defineCollection({
    loader: pollsLoader(brand.pages.polls, () => buildTimeClient(brand.id)),
    schema: typed<PollEntry>(),
  }),
};
