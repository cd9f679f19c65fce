import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterLargestPaint } from './after-largest-paint.ts';

/** A page whose load and largest-paint reports (naming an element) the test sends by hand. */
function fakePage(readyState: DocumentReadyState) {
  const loads: Array<() => void> = [];
  type Report = (list: { getEntries: () => Array<{ element: object | null }> }) => void;
  const observers: Array<{ report: Report; connected: boolean }> = [];
  vi.stubGlobal('document', { readyState });
  vi.stubGlobal('addEventListener', (type: string, listener: () => void) => {
    if (type === 'load') loads.push(listener);
  });
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      readonly entry: { report: Report; connected: boolean };
      constructor(callback: Report) {
        this.entry = { report: callback, connected: false };
        observers.push(this.entry);
      }
      observe(options: { type: string; buffered: boolean }) {
        expect(options).toEqual({ type: 'largest-contentful-paint', buffered: true });
        this.entry.connected = true;
      }
      disconnect() {
        this.entry.connected = false;
      }
    },
  );
  return {
    load: () => {
      for (const listener of loads) listener();
    },
    reportPaint: (element: object | null) => {
      for (const o of observers) if (o.connected) o.report({ getEntries: () => [{ element }] });
    },
  };
}

describe('afterLargestPaint', () => {
  const picture = { tagName: 'IMG' };
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the load and then the largest paint report, and runs once', () => {
    const page = fakePage('interactive');
    const callback = vi.fn();
    afterLargestPaint(picture as unknown as Element, callback);
    page.reportPaint(picture);
    expect(callback).not.toHaveBeenCalled();
    page.load();
    expect(callback).not.toHaveBeenCalled();
    page.reportPaint(picture);
    expect(callback).toHaveBeenCalledTimes(1);
    page.reportPaint(picture);
    vi.advanceTimersByTime(5000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('on a page loaded already, runs on the (buffered) report', () => {
    const page = fakePage('complete');
    const callback = vi.fn();
    afterLargestPaint(picture as unknown as Element, callback);
    expect(callback).not.toHaveBeenCalled();
    page.reportPaint(picture);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('waits past reports of other elements (the text painted before the picture)', () => {
    const page = fakePage('complete');
    const callback = vi.fn();
    afterLargestPaint(picture as unknown as Element, callback);
    page.reportPaint({ tagName: 'H2' });
    page.reportPaint(null);
    expect(callback).not.toHaveBeenCalled();
    page.reportPaint(picture);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('with no element, runs on the first report, whatever it names', () => {
    const page = fakePage('complete');
    const callback = vi.fn();
    afterLargestPaint(null, callback);
    page.reportPaint({ tagName: 'H2' });
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('goes 3 s after load when no report comes (a page loaded out of sight), and once', () => {
    const page = fakePage('loading');
    const callback = vi.fn();
    afterLargestPaint(picture as unknown as Element, callback);
    page.load();
    vi.advanceTimersByTime(2999);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
    page.reportPaint(picture);
    expect(callback).toHaveBeenCalledTimes(1);
  });
});
