import type { Page } from '@playwright/test';
import type { ApiSocialFeed } from '../../contract/index.ts';
import type { Brand } from '../../src/brands/schema.ts';
import { layoutShiftsSince, recordLayoutShifts } from './fixtures/layout-shifts.ts';
import { expect, test } from './fixtures/shop.ts';
import { watchWindow } from './fixtures/watch-window.ts';

const FEED = '**/social/getPosts**';

/** The feed's requests the page has sent so far. */
function feedRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/getPosts')) urls.push(request.url());
  });
  return urls;
}

/**
 * Whether the brand shows the feed. On a brand without, the home page has no feed section:
 * that is checked here, and the caller has nothing more to test.
 */
async function brandHasFeed(page: Page, brand: Brand): Promise<boolean> {
  if (brand.pages.socialFeed) return true;
  await expect(page.locator('[data-social-feed]')).toHaveCount(0);
  return false;
}

/** Whether the feed section is below the first screen. */
const belowTheFold = (page: Page) =>
  page
    .locator('[data-social-feed]')
    .evaluate((el) => el.getBoundingClientRect().top > window.innerHeight);

test('the feed loads only when it scrolls into view, with lazy, sized images @default-brand', async ({
  page,
  shop,
  brand,
}) => {
  const requests = feedRequests(page);
  await shop.goto('/');
  await watchWindow(page);
  if (!(await brandHasFeed(page, brand))) {
    await page.keyboard.press('End');
    await watchWindow(page);
    expect(requests).toEqual([]);
    return;
  }
  expect(await belowTheFold(page)).toBe(true);
  expect(requests).toEqual([]);

  const feed = page.locator('[data-social-feed]');
  await feed.scrollIntoViewIfNeeded();
  await expect.poll(() => requests.length).toBe(1);
  const posts = feed.locator('[data-social-post]');
  await expect(posts.first()).toBeVisible();

  const answer = (await (
    await page.request.get(new URL(requests[0] ?? '').pathname + '?limit=8')
  ).json()) as ApiSocialFeed;
  await expect(posts).toHaveCount(Math.min(8, answer.posts.length));
  for (let i = 0; i < (await posts.count()); i++) {
    const post = posts.nth(i);
    const image = post.locator('img');
    await expect(image).toHaveAttribute('loading', 'lazy');
    await expect(image).toHaveAttribute('width', '600');
    await expect(image).toHaveAttribute('height', '600');
    // Captions are text: the service's own words, never markup.
    await expect(post).toContainText(answer.posts[i]?.caption.slice(0, 20) ?? '?');
    const link = post.getByRole('link');
    await expect(link).toHaveAttribute('href', answer.posts[i]?.permalink ?? '?');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
  await expect(feed.locator('[data-social-feed-posts]')).toHaveAttribute('aria-busy', 'false');
  expect(await shop.axeViolations()).toEqual([]);
});

test('nothing moves while the feed loads and its images arrive @default-brand', async ({
  page,
  shop,
  brand,
}) => {
  await recordLayoutShifts(page);
  // The service answers slowly, so the loading state is on screen for a while.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(FEED, async (route) => {
    await held;
    await route.continue();
  });
  await shop.goto('/');
  if (!(await brandHasFeed(page, brand))) return;
  const feed = page.locator('[data-social-feed]');
  await feed.scrollIntoViewIfNeeded();
  const from = await page.evaluate(() => performance.now());
  await expect(feed.getByRole('status')).toHaveText('Laster innlegg …');
  const box = await feed.boundingBox();
  release();
  await expect(feed.locator('[data-social-post]').first()).toBeVisible();
  // Every post's image has arrived (or failed): all that could still move the section.
  const images = feed.locator('[data-social-post] img');
  await expect(images).not.toHaveCount(0);
  await expect
    .poll(() => images.evaluateAll((all) => all.every((i) => (i as HTMLImageElement).complete)))
    .toBe(true);
  await expect(feed.getByRole('status')).toHaveText('');
  expect(await feed.boundingBox()).toEqual(box);
  const shifts = await layoutShiftsSince(page, from);
  expect(shifts).toEqual([]);
});

test('a failing feed says exactly "Error: Something went wrong" in an alert @default-brand', async ({
  page,
  shop,
  brand,
}) => {
  await page.route(FEED, (route) => route.fulfill({ status: 500, body: 'Server Error' }));
  await shop.goto('/');
  if (!(await brandHasFeed(page, brand))) return;
  const feed = page.locator('[data-social-feed]');
  const box = await feed.boundingBox();
  await feed.scrollIntoViewIfNeeded();
  const alert = feed.getByRole('alert');
  await expect(alert).toHaveText('Error: Something went wrong');
  await expect(feed.locator('[data-social-post]')).toHaveCount(0);
  expect((await feed.boundingBox())?.height).toBe(box?.height);
  expect(await shop.axeViolations()).toEqual([]);
});
