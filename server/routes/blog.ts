import type { DatabaseSync } from 'node:sqlite';
import { Hono } from 'hono';
import type {
  ApiBlogCategory,
  ApiBlogCategoryPosts,
  ApiBlogPost,
  ApiPaginated,
} from '../../contract/index.ts';
import { CATALOGUE_CACHE } from '../http/cache.ts';
import type { AppEnv } from '../http/env.ts';
import { notFound, validationError } from '../http/errors.ts';
import { pageMeta } from '../http/paginate.ts';
import { optionalIntParam, parseIntParam } from '../http/params.ts';

/** Posts per page of the blog lists when the shop does not ask for a size. */
export const BLOG_DEFAULT_PER_PAGE = 10;
/** Largest page of blog posts a client may ask for. */
export const BLOG_MAX_PER_PAGE = 50;

const nbCollator = new Intl.Collator('nb-NO');

interface BlogPostRow {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  featured_image: string | null;
  main_article_id: number | null;
  published_at: string;
  categories_json: string;
  related_json: string;
}

interface BlogCategoryRow {
  id: number;
  slug: string;
  name: string;
  posts_count: number;
}

// Categories and related articles come back as JSON arrays in the same row, so a page of
// posts is one query instead of one per post.
const selectPosts = `
  SELECT p.id, p.title, p.slug, p.excerpt, p.body, p.featured_image, p.main_article_id,
         p.published_at,
         (SELECT json_group_array(json_object('id', c.id, 'slug', c.slug, 'name', c.name) ORDER BY c.id)
            FROM blog_post_categories pc JOIN blog_categories c ON c.id = pc.category_id
           WHERE pc.post_id = p.id) AS categories_json,
         (SELECT json_group_array(a.article_id ORDER BY a.sort, a.article_id)
            FROM blog_post_articles a WHERE a.post_id = p.id) AS related_json
    FROM blog_posts p`;

// A post scheduled for later is not published yet: the CMS hides it until its date.
const isPublished = 'julianday(p.published_at) <= julianday(:now)';
const newestFirst = 'ORDER BY julianday(p.published_at) DESC, p.id DESC';

function toApiBlogPost(row: BlogPostRow): ApiBlogPost {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    body: row.body,
    featuredImage: row.featured_image,
    mainArticle: row.main_article_id,
    relatedArticles: JSON.parse(row.related_json) as number[],
    categories: JSON.parse(row.categories_json) as ApiBlogPost['categories'],
    published_at: row.published_at,
  };
}

function toApiBlogCategory(row: BlogCategoryRow): ApiBlogCategory {
  return { id: row.id, slug: row.slug, name: row.name, postsCount: row.posts_count };
}

interface PageRequest {
  page: number;
  perPage: number;
}

function readPage(query: (name: string) => string | undefined): PageRequest {
  return {
    page: optionalIntParam(query('page'), 'page', 1, { min: 1, max: 100_000 }),
    perPage: optionalIntParam(query('per_page'), 'per_page', BLOG_DEFAULT_PER_PAGE, {
      min: 1,
      max: BLOG_MAX_PER_PAGE,
    }),
  };
}

/** One page of published posts, newest first, optionally of one category. */
function postPage(
  db: DatabaseSync,
  now: Date,
  { page, perPage }: PageRequest,
  categoryId?: number,
): ApiPaginated<ApiBlogPost> {
  const inCategory =
    categoryId === undefined
      ? ''
      : 'AND EXISTS (SELECT 1 FROM blog_post_categories pc WHERE pc.post_id = p.id AND pc.category_id = :category)';
  const params = {
    now: now.toISOString(),
    ...(categoryId === undefined ? {} : { category: categoryId }),
  };
  const { total } = db
    .prepare(`SELECT count(*) AS total FROM blog_posts p WHERE ${isPublished} ${inCategory}`)
    .get(params) as { total: number };
  const rows = db
    .prepare(
      `${selectPosts} WHERE ${isPublished} ${inCategory} ${newestFirst} LIMIT :limit OFFSET :offset`,
    )
    .all({ ...params, limit: perPage, offset: (page - 1) * perPage }) as unknown as BlogPostRow[];
  return { data: rows.map(toApiBlogPost), meta: pageMeta(page, perPage, total, rows.length) };
}

function findPost(db: DatabaseSync, now: Date, where: string, value: string | number): ApiBlogPost {
  const row = db
    .prepare(`${selectPosts} WHERE ${where} AND ${isPublished}`)
    .get({ value, now: now.toISOString() }) as unknown as BlogPostRow | undefined;
  if (row === undefined) throw notFound('Blog post');
  return toApiBlogPost(row);
}

const selectCategories = `
  SELECT c.id, c.slug, c.name,
         (SELECT count(*) FROM blog_post_categories pc JOIN blog_posts p ON p.id = pc.post_id
           WHERE pc.category_id = c.id AND ${isPublished}) AS posts_count
    FROM blog_categories c`;

/** Slugs are short ASCII-ish words; anything empty or essay-long is a malformed request. */
function readSlug(value: string): string {
  if (value.length === 0 || value.length > 200) {
    throw validationError({ slug: ['The slug field must be 1 to 200 characters.'] });
  }
  return value;
}

/** The blog: its posts newest first, its categories and one post; mounted under /api/v1. */
export const blogRoutes = new Hono<AppEnv>();

// Fixed blog paths are registered before `blog/:slug`: Hono runs the first match, so this
// order keeps a post slugged "posts" or "categories" from shadowing the lists.
blogRoutes.get('/blog/posts', (c) => {
  const page = readPage((name) => c.req.query(name));
  c.header('Cache-Control', CATALOGUE_CACHE);
  return c.json<ApiPaginated<ApiBlogPost>>(postPage(c.get('db'), c.get('now')(), page));
});

blogRoutes.get('/blog/categories', (c) => {
  const rows = c
    .get('db')
    .prepare(selectCategories)
    .all({ now: c.get('now')().toISOString() }) as unknown as BlogCategoryRow[];
  rows.sort((a, b) => nbCollator.compare(a.name, b.name) || a.id - b.id);
  c.header('Cache-Control', CATALOGUE_CACHE);
  return c.json<ApiBlogCategory[]>(rows.map(toApiBlogCategory));
});

blogRoutes.get('/blog/category/:slug', (c) => {
  const slug = readSlug(c.req.param('slug'));
  const page = readPage((name) => c.req.query(name));
  const db = c.get('db');
  const now = c.get('now')();
  const row = db
    .prepare(`${selectCategories} WHERE c.slug = :slug`)
    .get({ slug, now: now.toISOString() }) as unknown as BlogCategoryRow | undefined;
  if (row === undefined) throw notFound('Blog category');
  const posts = postPage(db, now, page, row.id);
  c.header('Cache-Control', CATALOGUE_CACHE);
  return c.json<ApiBlogCategoryPosts>({ category: toApiBlogCategory(row), ...posts });
});

blogRoutes.get('/blog/post/:id', (c) => {
  const id = parseIntParam(c.req.param('id'), 'id');
  c.header('Cache-Control', CATALOGUE_CACHE);
  return c.json<ApiBlogPost>(findPost(c.get('db'), c.get('now')(), 'p.id = :value', id));
});

blogRoutes.get('/blog/:slug', (c) => {
  const slug = readSlug(c.req.param('slug'));
  c.header('Cache-Control', CATALOGUE_CACHE);
  return c.json<ApiBlogPost>(findPost(c.get('db'), c.get('now')(), 'p.slug = :value', slug));
});
