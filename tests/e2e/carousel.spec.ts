import type { Page } from '@playwright/test';
import { Carousel } from './fixtures/carousel.ts';
import { expect, test, type ShopPage } from './fixtures/shop.ts';
import { CAROUSEL_INTERVAL_MS, SWIPE_THRESHOLD_PX } from '../../src/lib/domain/carousel.ts';

/**
 * Stops the page's clock before it loads, so autoplay moves only when a test runs time on.
 * A hold is checked over one interval: two would bring a carousel of two slides back to the
 * first, as if it had held.
 */
async function pauseClock(page: Page): Promise<void> {
  await page.clock.install({ time: new Date('2026-11-24T10:00:00+01:00') });
  await page.clock.pauseAt(new Date('2026-11-24T10:00:01+01:00'));
}

// The carousel holds the brand's own campaigns: its timing over them and its first image are
// checked on every brand, the behaviour its one script gives every brand on the default one.
test.describe('home carousel', () => {
  test('moves on every 5000 ms, in a 400 ms transition, and wraps @default-brand', async ({
    page,
    shop,
  }) => {
    await pauseClock(page);
    await shop.goto('/');
    const carousel = new Carousel(page);
    await carousel.started();
    const count = await carousel.slides.count();
    expect(count).toBeGreaterThan(1);
    await expect.poll(() => carousel.current()).toBe(`1 av ${count}`);
    await page.clock.runFor(CAROUSEL_INTERVAL_MS - 100);
    expect(await carousel.current()).toBe(`1 av ${count}`);
    await page.clock.runFor(200);
    expect(await carousel.current()).toBe(`2 av ${count}`);
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * (count - 1));
    expect(await carousel.current()).toBe(`1 av ${count}`);
    const style = await carousel.track.evaluate((t) => getComputedStyle(t).transitionDuration);
    expect(style).toBe('0.4s');
  });

  test('a slide change takes 400 ms and hides the other slides from focus @default-brand', async ({
    page,
    shop,
  }) => {
    await shop.goto('/');
    const carousel = new Carousel(page);
    await carousel.started();
    expect(await carousel.nextTransitionMs()).toBeCloseTo(400, 0);
    const count = await carousel.slides.count();
    expect(await carousel.current()).toBe(`2 av ${count}`);
    await expect(carousel.slides.first()).toHaveJSProperty('inert', true);
    await carousel.previous.click();
    expect(await carousel.current()).toBe(`1 av ${count}`);
  });

  test('pauses while hovered or focused, and on the stop button @default-brand', async ({
    page,
    shop,
  }) => {
    await pauseClock(page);
    await shop.goto('/');
    const carousel = new Carousel(page);
    await carousel.started();
    const count = await carousel.slides.count();

    await carousel.viewport.hover();
    await page.clock.runFor(CAROUSEL_INTERVAL_MS + 100);
    expect(await carousel.current()).toBe(`1 av ${count}`);
    await page.mouse.move(0, 0);
    await page.clock.runFor(CAROUSEL_INTERVAL_MS + 100);
    expect(await carousel.current()).toBe(`2 av ${count}`);

    // Keyboard focus on the first control holds it too (WAI-ARIA: rotation stops on focus).
    // Its icon is drawn (pause, then play), never a glyph a font may lack.
    const rotation = carousel.rotation('Stopp automatisk visning');
    await expect(rotation).toHaveText('');
    await expect(rotation.locator('svg[data-icon="pause"]')).toBeVisible();
    await expect(rotation.locator('svg[data-icon="play"]')).toBeHidden();
    await rotation.focus();
    await page.clock.runFor(CAROUSEL_INTERVAL_MS + 100);
    expect(await carousel.current()).toBe(`2 av ${count}`);
    await page.keyboard.press('Enter');
    await expect(carousel.rotation('Start automatisk visning')).toBeFocused();
    await expect(
      carousel.rotation('Start automatisk visning').locator('svg[data-icon="play"]'),
    ).toBeVisible();
    await expect(
      carousel.rotation('Start automatisk visning').locator('svg[data-icon="pause"]'),
    ).toBeHidden();
    await expect(carousel.track).toHaveAttribute('aria-live', 'polite');
    await shop.main.focus();
    await page.clock.runFor(CAROUSEL_INTERVAL_MS + 100);
    expect(await carousel.current()).toBe(`2 av ${count}`);
  });

  // The code starts after the page's load, so a hold may be in place before it: the paused
  // clock keeps it from starting (it waits for a frame after the load) while one is made.
  const holdsBeforeStart: Array<{
    hold: string;
    make: (carousel: Carousel) => Promise<void>;
    release: (page: Page, shop: ShopPage) => Promise<void>;
  }> = [
    {
      hold: 'a mouse resting on it',
      make: (carousel) => carousel.viewport.hover(),
      release: (page) => page.mouse.move(0, 0),
    },
    {
      hold: 'focus in the first slide',
      make: (carousel) => carousel.slides.first().getByRole('link').first().focus(),
      release: (_, shop) => shop.main.focus(),
    },
  ];
  for (const { hold, make, release } of holdsBeforeStart) {
    test(`${hold} before its code starts holds it too @default-brand`, async ({ page, shop }) => {
      await pauseClock(page);
      await shop.goto('/');
      const carousel = new Carousel(page);
      const count = await carousel.slides.count();
      await make(carousel);
      await carousel.started();
      await page.clock.runFor(CAROUSEL_INTERVAL_MS + 100);
      expect(await carousel.current()).toBe(`1 av ${count}`);
      await release(page, shop);
      await page.clock.runFor(CAROUSEL_INTERVAL_MS + 100);
      expect(await carousel.current()).toBe(`2 av ${count}`);
    });
  }

  test(`a swipe past ${SWIPE_THRESHOLD_PX} px changes the slide, a smaller one does not @default-brand`, async ({
    page,
    shop,
  }) => {
    await shop.goto('/');
    const carousel = new Carousel(page);
    await carousel.started();
    const count = await carousel.slides.count();
    await carousel.drag(page, -(SWIPE_THRESHOLD_PX - 2));
    expect(await carousel.current()).toBe(`1 av ${count}`);
    await carousel.drag(page, -80);
    await expect.poll(() => carousel.current()).toBe(`2 av ${count}`);
    await carousel.drag(page, 80);
    await expect.poll(() => carousel.current()).toBe(`1 av ${count}`);
    // A swipe that ends on a link does not follow it.
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('never autoplays for prefers-reduced-motion @default-brand', async ({ page, shop }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await pauseClock(page);
    await shop.goto('/');
    const carousel = new Carousel(page);
    await carousel.started();
    const count = await carousel.slides.count();
    await expect(carousel.rotation('Start automatisk visning')).toBeVisible();
    await page.clock.runFor(CAROUSEL_INTERVAL_MS + 100);
    expect(await carousel.current()).toBe(`1 av ${count}`);
    const duration = await carousel.track.evaluate((t) => getComputedStyle(t).transitionProperty);
    expect(duration).toBe('none');
    await carousel.next.click();
    expect(await carousel.current()).toBe(`2 av ${count}`);
  });

  test('the other slides’ pictures are fetched once the first screen is in @default-brand', async ({
    page,
    shop,
  }) => {
    await shop.goto('/');
    const carousel = new Carousel(page);
    await carousel.started();
    await expect(carousel.root.locator('[data-deferred-picture]')).toHaveCount(0);
    const pictures = carousel.slides.locator('img');
    expect(await pictures.count()).toBeGreaterThan(1);
    // Lazy, beside the viewport: fetched when the browser sees them coming, not at once.
    await expect
      .poll(() => pictures.evaluateAll((all) => all.every((i) => (i as HTMLImageElement).complete)))
      .toBe(true);
    const starts = await pictures.evaluateAll((all) => {
      const [navigation] = performance.getEntriesByType('navigation');
      const loaded = (navigation as PerformanceNavigationTiming).loadEventEnd;
      return all.map((img) => {
        const [entry] = performance.getEntriesByName((img as HTMLImageElement).currentSrc);
        return entry === undefined ? null : entry.startTime >= loaded;
      });
    });
    // The first slide's picture is fetched with the page; every other one after its load.
    expect(starts).toEqual([false, ...starts.slice(1).map(() => true)]);
  });

  test('the first slide is the page’s first image, eager and high priority', async ({
    page,
    shop,
  }) => {
    await shop.goto('/');
    const first = new Carousel(page).slides.first().locator('img');
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect(first).toHaveAttribute('loading', 'eager');
    expect(await page.locator('main img').first().getAttribute('src')).toBe(
      await first.getAttribute('src'),
    );
    expect(await new Carousel(page).slides.nth(1).locator('img').getAttribute('loading')).toBe(
      'lazy',
    );
  });
});
