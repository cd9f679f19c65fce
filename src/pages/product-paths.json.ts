import type { APIRoute } from 'astro';
import { builtProductPaths } from '../lib/content/product-paths.ts';

/**
 * The product pages whose path is not the one the article's name gives (id -> segment),
 * for cards, suggestions and the product shell drawn in the browser from API data. A file
 * rather than inline data: it is `{}` unless names clash, and only those readers fetch it.
 */
export const GET: APIRoute = async () =>
  new Response(JSON.stringify(Object.fromEntries(await builtProductPaths())), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
