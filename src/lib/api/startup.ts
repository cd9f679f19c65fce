import type {
  Bestseller,
  Brand,
  Category,
  ColorGroup,
  Gender,
  PostalCode,
  Settings,
  ShippingMethod,
  Shop,
  Tenant,
} from '../types.ts';
import {
  getBestsellers,
  getBrands,
  getCategories,
  getColorGroups,
  getGenders,
} from './catalogue.ts';
import { readPublishedHistories, withDocumentedPriorPrices } from './documented-prior-prices.ts';
import { checkedClient } from './checked-client.ts';
import { ApiRequestError, createApiClient, type ApiClient } from './client.ts';
import { buildSlot } from '../build-channel.ts';
import { previewHeaders, shownNow } from './preview.ts';
import { getShippingMethods } from './shipping.ts';
import { getSettings, getTenant } from './content.ts';
import { getPostalCodes, getShops } from './shops.ts';

/** docs/spec.md §4's start-up set, as app shapes. */
export interface StartupData {
  tenant: Tenant;
  settings: Settings;
  categories: Category[];
  brands: Brand[];
  shops: Shop[];
  postalCodes: PostalCode[];
  colorGroups: ColorGroup[];
  genders: Gender[];
  shippingMethods: ShippingMethod[];
  bestsellers: Bestseller[];
}

/**
 * Loads the spec's start-up set in parallel: categories, brand articles, shops, postcodes,
 * colour groups, genders, shipping methods, bestsellers and tenant settings. An API that
 * cannot be reached, or answers without the data a shop needs, fails with a message that
 * names the URL, so a build never produces an empty site.
 */
export async function loadStartup(client: ApiClient, tenantId: string): Promise<StartupData> {
  const where = client.baseURL;
  let data: StartupData;
  try {
    const [
      tenant,
      settings,
      categories,
      brands,
      shops,
      postalCodes,
      colorGroups,
      genders,
      shippingMethods,
      bestsellers,
    ] = await Promise.all([
      getTenant(tenantId, client),
      getSettings(tenantId, client),
      getCategories(client),
      getBrands(client),
      getShops(client),
      getPostalCodes(client),
      getColorGroups(client),
      getGenders(client),
      getShippingMethods(client),
      getBestsellers(client),
    ]);
    if (!tenant || !settings) throw new Error(`no tenant settings for "${tenantId}"`);
    data = {
      tenant,
      settings,
      categories,
      brands,
      shops,
      postalCodes,
      colorGroups,
      genders,
      shippingMethods,
      bestsellers,
    };
  } catch (error) {
    const reason =
      error instanceof ApiRequestError
        ? `${error.status === 0 ? 'no answer' : `HTTP ${error.status}`}: ${error.message}`
        : error instanceof Error
          ? error.message
          : String(error);
    throw new Error(`Could not load the shop's data from the API at ${where} (${reason}).`, {
      cause: error,
    });
  }
  const empty = (['categories', 'genders', 'shops', 'shippingMethods'] as const).filter(
    (key) => data[key].length === 0,
  );
  if (empty.length > 0) {
    throw new Error(
      `The API at ${where} answered without ${empty.join(', ')}; refusing to build an empty shop.`,
    );
  }
  return data;
}

/**
 * A build-time client for `brand` at `$API_URL` (or the local reference backend). Every
 * answer is checked against the contract's schema as it enters (./checked-client.ts).
 */
export function buildTimeClient(brand: string): ApiClient {
  // A preview build asks as of its moment (./preview.ts).
  const client = checkedClient(
    createApiClient({ tenant: brand, headers: previewHeaders() }),
    brand,
  );
  // Set by the release builder when the API has no førpris (builder/releases/builder.ts).
  const histories = process.env['PRICE_HISTORY_FILE'];
  return histories
    ? withDocumentedPriorPrices(client, readPublishedHistories(histories), shownNow)
    : client;
}

// In the build's channel (../build-channel.ts): the integration starts the reading, and the
// content config, which Vite runs in a copy of this module of its own, takes it.
const startedRead = buildSlot<Promise<StartupData> | null>('startupRead', null);

/**
 * Starts reading the start-up set of `brand`'s build as the build starts
 * (builder/storefront-build.ts), for {@link takeStartupRead}: the API then answers while Astro
 * starts its content sync, where the loaders asked only once it had (campaign rebuilds at
 * 50,000 articles reached their first page 0.1 s sooner, docs/benchmarks.md).
 */
export function startStartupRead(brand: string): void {
  const read = loadStartup(buildTimeClient(brand), brand);
  // Its failure is the build's once the loaders take it; none unhandled before that.
  read.catch(() => undefined);
  startedRead.value = read;
}

/** The start-up set of `brand`'s build: the reading started with the build, else one now. */
export function takeStartupRead(brand: string): Promise<StartupData> {
  const read = startedRead.value ?? loadStartup(buildTimeClient(brand), brand);
  // Each build's own: a later build starts or reads its own.
  startedRead.value = null;
  return read;
}
