import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterLargestPaint } from './after-largest-paint.ts';

/** A page whose load and largest-paint reports the test sends by hand. */
function fakePage(readyState: DocumentReadyState) {
  const loads: Array<() => void> = [];
  const observers: Array<{ report: () => void; connected: boolean }> = [];
  vi.stubGlobal('document', { readyState });
  vi.stubGlobal('addEventListener', (type: string, listener: () => void) => {
    if (type === 'load') loads.push(listener);
  });
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      readonly entry: { report: () => void; connected: boolean };
      constructor(callback: () => void) {
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
    reportPaint: () => {
      for (const o of observers) if (o.connected) o.report();
    },
  };
}

describe('afterLargestPaint', () => {
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
    afterLargestPaint(callback);
    page.reportPaint();
    expect(callback).not.toHaveBeenCalled();
    page.load();
    expect(callback).not.toHaveBeenCalled();
    page.reportPaint();
    expect(callback).toHaveBeenCalledTimes(1);
    page.reportPaint();
    vi.advanceTimersByTime(5000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('on a page loaded already, runs on the (buffered) report', () => {
    const page = fakePage('complete');
    const callback = vi.fn();
    afterLargestPaint(callback);
    expect(callback).not.toHaveBeenCalled();
    page.reportPaint();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('goes 3 s after load when no report comes (a page loaded out of sight), and once', () => {
    const page = fakePage('loading');
    const callback = vi.fn();
    afterLargestPaint(callback);
    page.load();
    vi.advanceTimersByTime(2999);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
    page.reportPaint();
    expect(callback).toHaveBeenCalledTimes(1);
  });
});
