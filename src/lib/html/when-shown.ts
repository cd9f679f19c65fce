/**
 * Runs `run` once the page is shown to the shopper: at once, unless the browser is
 * prerendering it (Speculation Rules, src/lib/html/speculation-rules.ts), then when it is
 * opened (`prerenderingchange`), which may be never. What must leave no trace of a page the
 * shopper never opened waits for it: the API's requests (a session, a cart write, a stock
 * look-up counted as a view), the social feed, the vendors' scripts. Outside a browser (the
 * build) it runs at once. A callback rather than a promise, so that a shown page's caller
 * goes on in the same task (`new Promise<void>(whenShown)` where one waits).
 */
export function whenShown(run: () => void): void {
  if (globalThis.document?.prerendering) {
    document.addEventListener('prerenderingchange', run, { once: true });
  } else {
    run();
  }
}
