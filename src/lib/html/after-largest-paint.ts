/**
 * Runs `callback` once the page has loaded and the browser has reported `element` painted as
 * the page's largest (at once when it has already; with no element, whatever it names
 * first). For what fetches at normal priority (a carousel's code and its other slides'
 * pictures), which must not delay that paint.
 *
 * The report, not the next animation frame: a browser may paint its first frame well after
 * load, and an animation frame's callback runs before that frame is painted, so requests made
 * from it went out ahead of the largest paint. And the report naming `element`, not the first
 * one: the first frame may hold the text around a picture that comes a frame later. A browser
 * that makes no such report, a page loaded out of sight (a tab opened in the background),
 * which never gets one, and a page whose largest element is another go 3 s after load
 * instead: under the carousel's first turn (5 s), so its controls are there before it moves.
 */
export function afterLargestPaint(element: Element | null, callback: () => void): void {
  const afterLoad = () => {
    const go = () => {
      clearTimeout(unreported);
      observer.disconnect();
      callback();
    };
    // Buffered, so a paint reported before load counts.
    const observer = new PerformanceObserver((list) => {
      const painted = list.getEntries() as LargestContentfulPaint[];
      if (!element || painted.some((entry) => entry.element === element)) go();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    const unreported = setTimeout(go, 3000);
  };
  if (document.readyState === 'complete') afterLoad();
  else addEventListener('load', afterLoad, { once: true });
}
