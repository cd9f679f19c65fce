/**
 * Runs `callback` once the page has loaded and the browser has reported painting the page's
 * largest element (at once when it has already). For what fetches at normal priority (a
 * carousel's code and its other slides' pictures), which must not delay that paint.
 *
 * The report, not the next animation frame: a browser may paint its first frame well after
 * load, and an animation frame's callback runs before that frame is painted, so requests made
 * from it went out ahead of the largest paint. A browser that makes no such report, and a
 * page loaded out of sight (a tab opened in the background), which never gets one, go 3 s
 * after load instead: under the carousel's first turn (5 s), so its controls are there before
 * it moves.
 */
export function afterLargestPaint(callback: () => void): void {
  const afterLoad = () => {
    const go = () => {
      clearTimeout(unreported);
      observer.disconnect();
      callback();
    };
    // Called only with entries; buffered, so a paint reported before load counts.
    const observer = new PerformanceObserver(go);
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    const unreported = setTimeout(go, 3000);
  };
  if (document.readyState === 'complete') afterLoad();
  else addEventListener('load', afterLoad, { once: true });
}
