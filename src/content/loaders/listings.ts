/**
 * The `listings` collection: one entry per pre-rendered listing (category, subcategory, group,
 * each also per gender route, and the gender pages), keyed by path, holding the first page of
 * articles in the spec's default order (Name ascending), the total and the links to narrower
 * listings that have articles. Empty listings get no entry, so no page and no link.
 *
 * Requests run level by level (a branch whose parent is empty is never asked for) with a small
 * concurrency limit, so a build stays quick on a busy machine and gentle on a real API.
 *
 * A rebuild asks again only for the listings a change can reach, when the products loader
 * tells (lib/content/catalogue-changes.ts) that every changed article keeps its listings and
 * its place in them: those showing a changed article on page one, and those whose page one
 * has articles left out as 'Missing data'. The others keep their last answer from the last
 * build's listings, which is sound when that answer came after the change feed's cursor this
 * build's changes are counted from (kept beside them as `basis`) and the plan of listings is
 * the same. Anything else asks for every listing.
 *
 * The listings go to a file of the cache folder (lib/content/listings.ts says why), and the
 * collection in Astro's data store gets no entry, only the id of the file's write in its meta:
 * the file stands for the last build's listings while the store does, so whatever makes Astro
 * clear its store (a changed config, another Astro) has every listing asked for again, as when
 * they were in the store.
 */

import type { Loader, LoaderContext } from 'astro/loaders';
import { randomUUID } from 'node:crypto';
import type { Brand as BrandConfig } from '../../brands/schema.ts';
import {
  getCategoryArticles,
  searchArticles,
  CATEGORY_PAGE_SIZE,
} from '../../lib/api/catalogue.ts';
import { buildTimeClient, type StartupData } from '../../lib/api/startup.ts';
import { EMPTY_FILTERS } from '../../lib/domain/listing-query.ts';
import { toSearchFilter } from '../../lib/domain/listing-search.ts';
import {
  collectFacets,
  toListingArticle,
  type ListingArticle,
} from '../../lib/domain/listing-facets.ts';
import type { CatalogueChanges } from '../../lib/content/catalogue-changes.ts';
import {
  readListings,
  writeListings,
  type BuiltListings,
  type ListingEntry,
} from '../../lib/content/listings.ts';
import { genderRoutes } from '../../lib/routes/catalogue-routes.ts';
import { planDepth, planListings, type ListingPlan } from '../../lib/routes/listing-plan.ts';
import { mapWithLimit } from '../../lib/map-with-limit.ts';

/** Requests in flight at once per brand; three brands build side by side. */
const CONCURRENCY = 6;

/** A listing's first page as the API answered it. */
interface FirstPage {
  total: number;
  articles: ListingArticle[];
}

/**
 * The last build's first pages that this build's changes cannot have touched, by path; null
 * when every listing must be asked for again.
 */
async function keptPages(
  changes: CatalogueChanges,
  last: BuiltListings | null,
  plansDigest: string,
  plans: number,
): Promise<Map<string, FirstPage> | null> {
  // Waiting for more details than there are listings costs more than asking for them all.
  if (changes.since === null || changes.named === null || changes.named > plans) return null;
  if (last === null || last.basis !== changes.since || last.plans !== plansDigest) return null;
  const cards = await changes.cards;
  if (!cards) return null;
  const kept = new Map<string, FirstPage>();
  for (const { path, total, articles } of last.listings) {
    const whole = articles.length === Math.min(total, CATEGORY_PAGE_SIZE);
    if (whole && !articles.some((a) => cards.has(a.id))) kept.set(path, { total, articles });
  }
  return kept;
}

/** The last build's listings, if the data store is the one written with them (see above). */
async function lastListings({
  meta,
  config,
}: Pick<LoaderContext, 'meta' | 'config'>): Promise<BuiltListings | null> {
  const id = meta.get('written');
  if (id === undefined) return null;
  // A file that cannot be read is a cache lost, not a failed build: every listing is asked.
  const last = await readListings(config.cacheDir).catch(() => null);
  return last?.id === id ? last : null;
}

/**
 * The loader; `startup` is the build's shared start-up set, `changes` what the products loader
 * found changed.
 */
export function listingsLoader(
  startup: () => Promise<StartupData>,
  brand: BrandConfig,
  changes: Promise<CatalogueChanges>,
): Loader {
  return {
    name: 'listings',
    load: async ({ store, meta, logger, config }) => {
      const client = buildTimeClient(brand.id);
      const { categories } = await startup();
      const plans = planListings(
        categories.filter((c) => brand.menu.categories.includes(c.id)),
        genderRoutes.filter((r) => r.genderIds.every((id) => brand.menu.genders.includes(id))),
        categories,
      );
      const byPath = new Map(plans.map((p) => [p.path, p]));
      // What decides which listings are asked for, and how.
      const plansDigest = JSON.stringify(
        plans.map((p) => [p.path, p.parent, p.source, p.scope, p.knownCount]),
      );
      // Every answer this build uses comes after the cursor it records (see above).
      const changed = await changes;
      const last = await lastListings({ meta, config });
      const kept = await keptPages(changed, last, plansDigest, plans.length);
      const lastPaths = new Set(last?.listings.map((l) => l.path));
      const fetched = new Map<string, FirstPage>();

      const firstPage = async (plan: ListingPlan): Promise<FirstPage | null> => {
        if (plan.source.kind === 'alias') return fetched.get(plan.source.of) ?? null;
        if (plan.source.kind === 'category') {
          const answer = await getCategoryArticles(plan.source.id, {}, client);
          return { total: answer.page.total, articles: answer.items.map(toListingArticle) };
        }
        const answer = await searchArticles(
          {
            query: '',
            take: CATEGORY_PAGE_SIZE,
            page: 0,
            sort: 'name:asc',
            filters: toSearchFilter(plan.scope, EMPTY_FILTERS),
          },
          client,
        );
        return { total: answer.total, articles: answer.articles.map(toListingArticle) };
      };

      const depths = plans.map((p) => planDepth(p, byPath));
      const started = Date.now();
      let asked = 0;
      for (let depth = 0; depth <= Math.max(0, ...depths); depth++) {
        const level = plans.filter(
          (p, i) =>
            depths[i] === depth &&
            p.knownCount !== 0 &&
            (p.parent === null || (fetched.get(p.parent)?.total ?? 0) > 0),
        );
        const pages = await mapWithLimit(level, CONCURRENCY, async (plan) => {
          if (plan.source.kind === 'alias') return firstPage(plan);
          // A kept listing's articles are as they were; one the last build found empty still is.
          if (kept) {
            if (!lastPaths.has(plan.path)) return null;
            const page = kept.get(plan.path);
            if (page) return page;
          }
          asked += 1;
          return firstPage(plan);
        });
        level.forEach((plan, i) => {
          const page = pages[i];
          if (page && page.total > 0) fetched.set(plan.path, page);
        });
      }

      const listings: ListingEntry[] = [];
      for (const plan of plans) {
        const page = fetched.get(plan.path);
        if (!page) continue;
        if (page.articles.length === 0) {
          // Published all the same: its further pages, filters and narrower listings may be
          // fine, and the page says why its first page is empty.
          console.warn(
            `Listing ${plan.path}: all articles of its first page were skipped as 'Missing data' (${String(page.total)} in all)`,
          );
        }
        listings.push({
          path: plan.path,
          title: plan.title,
          trail: plan.trail,
          scope: plan.scope,
          total: page.total,
          articles: page.articles,
          facets: collectFacets(page.articles),
          children: plan.children.flatMap((child) => {
            const count = fetched.get(child.path)?.total ?? 0;
            return count > 0 ? [{ label: child.label, href: child.path, count }] : [];
          }),
          priceRange: plan.priceRange,
          productLines: plan.productLines,
        });
      }
      const id = randomUUID();
      // The file first: a store that names it is only written once the sync has ended.
      await writeListings(config.cacheDir, {
        id,
        basis: changed.cursor,
        plans: plansDigest,
        listings,
      });
      store.clear();
      meta.set('written', id);
      logger.info(
        `${String(fetched.size)} of ${String(plans.length)} listings have articles; ${String(asked)} asked for (${String(Date.now() - started)} ms)`,
      );
    },
  };
}
