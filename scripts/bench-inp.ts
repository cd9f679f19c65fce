/**
 * `npm run bench:inp`: interaction to next paint, measured in Chromium with the Event Timing
 * API, of applying a filter (ticking a gender in the filter panel) and of moving the price
 * slider (a key press on a handle) on a listing page of the default brand, without and with
 * 4x CPU slowdown (a mid-range phone). Target: under 100 ms. The listing island hydrates on
 * the first interaction, so it also prints how long the first click on 'Filter(n)' takes
 * until the panel is open, React's start-up and the hydration included, and that click's
 * own INP. Prints figures; asserts nothing.
 */
import { chromium, type Page } from 'playwright-core';
import { chromiumArgs, serveBrands } from './lib/bench-site.ts';

const runs = 5;
const [site] = await serveBrands(['toppfart']);
if (!site) throw new Error('No site served');
const listing = site.pageTypes.find((p) => p.type === 'listing')?.path;
if (!listing) throw new Error('The build has no listing page');

/** Longest event duration of the interactions since the last call, in ms. */
async function lastInteraction(page: Page): Promise<number> {
  // Event Timing reports after the next paint; give it a frame or two.
  await page.waitForTimeout(300);
  return page.evaluate(() => {
    const w = window as unknown as { __inp: number[] };
    const worst = Math.max(0, ...w.__inp);
    w.__inp = [];
    return worst;
  });
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
try {
  for (const slowdown of [1, 4]) {
    const firstOpen: number[] = [];
    const firstInp: number[] = [];
    const filter: number[] = [];
    const slider: number[] = [];
    for (let run = 0; run < runs; run++) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.addInitScript(() => {
        const w = window as unknown as { __inp: number[] };
        w.__inp = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as PerformanceEventTiming[]) {
            if (entry.interactionId) w.__inp.push(entry.duration);
          }
        }).observe({
          type: 'event',
          durationThreshold: 16,
          buffered: true,
        } as PerformanceObserverInit);
      });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
      await page.goto(site.origin + listing, { waitUntil: 'networkidle' });
      // Timed inside the page from the press, so no round trip to the test runner counts.
      await page.evaluate(() => {
        const w = window as unknown as { __open: Promise<number> };
        w.__open = new Promise((resolve) => {
          const start = () => {
            const started = performance.now();
            const poll = () => {
              if (document.querySelector('dialog[data-filter-dialog][open]')) {
                resolve(performance.now() - started);
              } else requestAnimationFrame(poll);
            };
            poll();
          };
          addEventListener('pointerdown', start, { once: true, capture: true });
        });
      });
      await page.getByRole('button', { name: /^Filter\(/ }).click();
      firstOpen.push(
        await page.evaluate(() => (window as unknown as { __open: Promise<number> }).__open),
      );
      firstInp.push(await lastInteraction(page));
      await page.locator('[data-filter="genders"] input[type="checkbox"]').first().click();
      filter.push(await lastInteraction(page));
      await page.waitForLoadState('networkidle');
      await page.locator('[data-price-handle="min"]').focus();
      await page.keyboard.press('ArrowRight');
      slider.push(await lastInteraction(page));
      await page.close();
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const show = (xs: number[]) =>
      `median ${median(xs).toFixed(0)} ms, worst ${Math.max(...xs).toFixed(0)} ms`;
    console.log(`CPU slowdown ${slowdown}x (${runs} runs, ${listing}):`);
    console.log(`  first click on Filter(n) until the panel is open: ${show(firstOpen)}`);
    console.log(`  that first click's own INP:       ${show(firstInp)}`);
    console.log(`  apply a filter (tick a gender):   ${show(filter)}`);
    console.log(`  move the price slider (key):      ${show(slider)}`);
  }
  console.log(
    'Target: under 100 ms. Interactions under 16 ms are not reported by Chromium and count as 0.',
  );
} finally {
  await browser.close();
  site.close();
}
