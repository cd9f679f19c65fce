/**
 * Runs `callback` once the page has loaded (the first screen's eager pictures are in) and
 * the frame after the load has been painted, also when the page had loaded already. The
 * islands' code prefetch waits so: prefetch links are fetched at idle priority, so the frame
 * is enough for them not to share a phone's bandwidth with the first screen.
 */
export function afterFirstScreen(callback: () => void): void {
  // A task queued from an animation frame runs once that frame has been painted.
  const afterPaint = () => requestAnimationFrame(() => setTimeout(callback, 0));
  if (document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint, { once: true });
}
