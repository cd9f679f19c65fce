import { BlogPage, brandHasBlog } from './fixtures/blog.ts';
import { expect, test } from './fixtures/shop.ts';
import { watchWindow } from './fixtures/watch-window.ts';

test.describe('blog', () => {
  test("list -> post -> category -> a related article's product page @default-brand", async ({
    page,
    brand,
    shop,
  }) => {
    if (!(await brandHasBlog(brand, page.request))) return;
    const blog = new BlogPage(page);
    await shop.goto('/blogg');
    await expect(blog.heading).toHaveText('Blogg');
    await expect(blog.postCards.first()).toBeVisible();
    // The first card's image is the page's first to load; the others wait until needed.
    const images = blog.postCards.locator('img');
    await expect(images.first()).toHaveAttribute('loading', 'eager');
    await expect(images.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(images.nth(1)).toHaveAttribute('loading', 'lazy');

    // Posts whose articles this brand sells show them as cards; open the first such post.
    const title = await blog.openPostWithArticles();
    expect(title, 'a post of the first list page shows articles').not.toBeNull();
    const postUrl = page.url();
    await expect(blog.heading).toHaveText(title as string);
    await expect(page.locator('main > article time')).toBeVisible();
    await expect(blog.featuredImage).toHaveAttribute('fetchpriority', 'high');
    await expect(blog.featuredImage).toHaveAttribute('loading', 'eager');
    await expect(blog.body).not.toBeEmpty();

    // Its first category lists it.
    const category = blog.postCategories.first();
    const categoryName = (await category.innerText()).trim();
    await category.click();
    await expect(blog.heading).toHaveText(categoryName);
    await expect(blog.categoryLink(categoryName)).toHaveAttribute('aria-current', 'page');
    await blog
      .postLinks()
      .filter({ hasText: title as string })
      .click();
    await expect(page).toHaveURL(postUrl);

    // A card opens its article's product page.
    const card = blog.articleCards.first().getByRole('heading', { level: 3 }).getByRole('link');
    const name = (await card.innerText()).trim();
    await card.click();
    await expect(page).toHaveURL(/\/product\/[^/]+$/u);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });

  test('the list pages and category pages hold every post as often as the counts say @default-brand', async ({
    page,
    brand,
    shop,
  }) => {
    if (!(await brandHasBlog(brand, page.request))) return;
    const blog = new BlogPage(page);
    await shop.goto('/blogg');
    const links = await blog.categoryNav.getByRole('link').allInnerTexts();
    const [all, ...categories] = links.map((text) => ({
      name: text.replace(/\s*\d+ innlegg$/u, '').trim(),
      count: BlogPage.count(text),
    }));
    const paths = await blog.allPostPaths();
    expect(all?.name).toBe('Alle');
    expect(paths).toHaveLength(all?.count ?? -1);
    expect(new Set(paths).size).toBe(paths.length);
    expect(categories.length).toBeGreaterThan(0);
    for (const { name, count } of categories) {
      await shop.goto('/blogg');
      await blog.categoryLink(name).click();
      await expect(blog.heading).toHaveText(name);
      expect(await blog.allPostPaths(), name).toHaveLength(count);
    }
  });

  test('the RSS feed is well-formed XML whose items link to built posts @default-brand', async ({
    page,
    brand,
    shop,
  }) => {
    if (!(await brandHasBlog(brand, page.request))) return;
    const blog = new BlogPage(page);
    await shop.goto('/blogg');
    await expect(blog.feedLink).toHaveAttribute('href', '/blogg/rss.xml');
    const paths = await blog.allPostPaths();

    const response = await page.request.get('/blogg/rss.xml');
    expect(response.status()).toBe(200);
    const items = await page.evaluate(
      (xml) => {
        const doc = new DOMParser().parseFromString(xml, 'application/xml');
        if (doc.querySelector('parsererror')) return null;
        return [...doc.querySelectorAll('rss > channel > item')].map((item) => ({
          title: item.querySelector('title')?.textContent ?? '',
          path: new URL(item.querySelector('link')?.textContent ?? '').pathname,
        }));
      },
      await response.text(),
    );
    expect(items, 'the feed parses as XML').not.toBeNull();
    expect(items?.map((i) => i.path)).toEqual(paths);
    for (const item of items ?? []) {
      await shop.goto(item.path);
      await expect(blog.heading).toHaveText(item.title);
      await expect(blog.feedLink).toHaveCount(1);
    }
  });

  test('a post is a BlogPosting article for search engines and loads no island @default-brand', async ({
    page,
    brand,
    shop,
  }) => {
    if (!(await brandHasBlog(brand, page.request))) return;
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    const blog = new BlogPage(page);
    await shop.goto('/blogg');
    const href = (await blog.postLinks().first().getAttribute('href')) ?? '';
    scripts.length = 0;
    await shop.goto(href);
    await watchWindow(page);
    expect(scripts.filter((s) => /react|client|island/iu.test(s))).toEqual([]);

    const title = (await blog.heading.innerText()).trim();
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute(
      'content',
      /^\d{4}-\d{2}-\d{2}T/u,
    );
    const graph = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as { '@graph': Array<Record<string, unknown>> };
    const posting = graph['@graph'].find((n) => n['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({ headline: title, url: `${brand.siteUrl}${href}` });
    const crumbs = graph['@graph'].find((n) => n['@type'] === 'BreadcrumbList');
    expect(JSON.stringify(crumbs)).toContain(`${brand.siteUrl}/blogg`);
  });

  test("every link on the blog's pages answers 200", async ({ page, brand, shop }) => {
    if (!(await brandHasBlog(brand, page.request))) return;
    const blog = new BlogPage(page);
    await shop.goto('/blogg');
    const pages = ['/blogg', ...(await blog.allPostPaths())];
    const checked = new Set<string>();
    const failures: string[] = [];
    for (const path of pages) {
      await shop.goto(path);
      const hrefs = await page
        .locator('main a[href]')
        .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
      for (const href of hrefs) {
        const url = new URL(href);
        if (url.origin !== new URL(page.url()).origin || checked.has(url.pathname)) continue;
        checked.add(url.pathname);
        const status = (await page.request.get(url.pathname)).status();
        if (status !== 200) failures.push(`${path} -> ${url.pathname}: ${String(status)}`);
      }
    }
    expect(checked.size).toBeGreaterThan(pages.length);
    expect(failures).toEqual([]);
  });

  test('axe finds nothing on the list, a post and a category', async ({ page, brand, shop }) => {
    if (!(await brandHasBlog(brand, page.request))) return;
    const blog = new BlogPage(page);
    await shop.goto('/blogg');
    expect(await shop.axeViolations(), '/blogg').toEqual([]);
    await blog.postLinks().first().click();
    await expect(blog.body).toBeVisible();
    expect(await shop.axeViolations(), page.url()).toEqual([]);
    await blog.postCategories.first().click();
    await expect(blog.categoryNav).toBeVisible();
    expect(await shop.axeViolations(), page.url()).toEqual([]);
  });
});
