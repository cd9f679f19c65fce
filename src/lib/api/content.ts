/**
 * Tenant settings and blog reads of SPEC 7; the client comes last (default client).
 * Blog bodies arrive sanitised (see mappers/blog.ts).
 */

import type {
  ApiBlogCategory,
  ApiBlogCategoryPosts,
  ApiBlogPost,
  ApiPaginated,
  ApiSettings,
  ApiTenant,
} from '../../../contract/index.ts';
import { toBlogCategory, toBlogPost } from '../mappers/blog.ts';
import { mapList, toPageInfo } from '../mappers/common.ts';
import { toSettings, toTenant } from '../mappers/content.ts';
import type { BlogCategory, BlogPost, Page, Settings, Tenant } from '../types.ts';
import { defaultClient, orNullOn404, type ApiClient } from './client.ts';

/** Settings of a brand (`GET tenant/get?tenant=`). */
export async function getTenant(
  tenant: string,
  client: ApiClient = defaultClient(),
): Promise<Tenant | null> {
  return toTenant(await client.get<ApiTenant>('tenant/get', { tenant }));
}

/** Home layout settings of a brand (`GET settings?tenant=`). */
export async function getSettings(
  tenant: string,
  client: ApiClient = defaultClient(),
): Promise<Settings | null> {
  return toSettings(await client.get<ApiSettings>('settings', { tenant }));
}

/** One page of blog posts, newest first. */
export async function getBlogPosts(
  page = 1,
  client: ApiClient = defaultClient(),
): Promise<Page<BlogPost>> {
  const answer = await client.get<ApiPaginated<ApiBlogPost>>('blog/posts', { page });
  return { items: mapList(answer.data, toBlogPost), page: toPageInfo(answer.meta) };
}

/** A blog post by slug; null when there is none. */
export async function getBlogPost(
  slug: string,
  client: ApiClient = defaultClient(),
): Promise<BlogPost | null> {
  const wire = await orNullOn404(client.get<ApiBlogPost>(`blog/${encodeURIComponent(slug)}`));
  return wire && toBlogPost(wire);
}

/** A blog post by id; null when there is none. */
export async function getBlogPostById(
  id: number,
  client: ApiClient = defaultClient(),
): Promise<BlogPost | null> {
  const wire = await orNullOn404(client.get<ApiBlogPost>(`blog/post/${id}`));
  return wire && toBlogPost(wire);
}

/** Blog categories with their post counts. */
export async function getBlogCategories(
  client: ApiClient = defaultClient(),
): Promise<BlogCategory[]> {
  return mapList(await client.get<ApiBlogCategory[]>('blog/categories'), toBlogCategory);
}

/** A blog category and one page of its posts; null when there is no such category. */
export async function getBlogCategory(
  slug: string,
  page = 1,
  client: ApiClient = defaultClient(),
): Promise<{ category: BlogCategory; posts: Page<BlogPost> } | null> {
  const answer = await orNullOn404(
    client.get<ApiBlogCategoryPosts>(`blog/category/${encodeURIComponent(slug)}`, { page }),
  );
  const category = answer && toBlogCategory(answer.category);
  if (!answer || !category) return null;
  return {
    category,
    posts: { items: mapList(answer.data, toBlogPost), page: toPageInfo(answer.meta) },
  };
}
