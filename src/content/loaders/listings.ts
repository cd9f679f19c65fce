/**
 * The `listings` collection: one entry per pre-rendered listing (category, subcategory, group,
 * each also per gender route, and the gender pages), keyed by path, holding the first page of
 * articles in the spec's default order (Name ascending), the total and the links to narrower
 * listings that have articles. Empty listings get no entry, so no page and no link.
 *
 * Requests run level by level (a branch whose parent is empty is never asked for) with a small
 * concurrency limit, so a build stays quick on a busy machine and gentle on a real API.
 */

import type { Loader } from 'astro/loaders';
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
import type { ListingEntry } from '../../lib/content/listings.ts';
import { genderRoutes } from '../../lib/routes/catalogue-routes.ts';
import { planDepth, planListings, type ListingPlan } from '../../lib/routes/listing-plan.ts';
import { mapWithLimit } from '../../lib/map-with-limit.ts';

/** Requests in flight at once per brand; three brands build side by side. */
const CONCURRENCY = 6;

/** The loader; `startup` is the build's shared start-up set. */
export function listingsLoader(startup: () => Promise<StartupData>, brand: BrandConfig): Loader {
  return {
    name: 'listings',
    load: async ({ store, logger }) => {
      const client = buildTimeClient(brand.id);
      const { categories } = await startup();
      const plans = planListings(
        categories.filter((c) => brand.menu.categories.includes(c.id)),
        genderRoutes.filter((r) => r.genderIds.every((id) => brand.menu.genders.includes(id))),
        categories,
      );
      const byPath = new Map(plans.map((p) => [p.path, p]));
      const fetched = new Map<string, { total: number; articles: ListingArticle[] }>();

      const firstPage = async (plan: ListingPlan) => {
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
      for (let depth = 0; depth <= Math.max(0, ...depths); depth++) {
        const level = plans.filter(
          (p, i) =>
            depths[i] === depth &&
            p.knownCount !== 0 &&
            (p.parent === null || (fetched.get(p.parent)?.total ?? 0) > 0),
        );
        const pages = await mapWithLimit(level, CONCURRENCY, firstPage);
        level.forEach((plan, i) => {
          const page = pages[i];
          if (page && page.total > 0) fetched.set(plan.path, page);
        });
      }

      store.clear();
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
        const entry: ListingEntry = {
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
        };
        store.set({ id: plan.path, data: { ...entry } as Record<string, unknown> });
      }
      logger.info(
        `${String(fetched.size)} of ${String(plans.length)} listings have articles (${String(Date.now() - started)} ms)`,
      );
    },
  };
}
