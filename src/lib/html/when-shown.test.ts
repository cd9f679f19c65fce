import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenShown } from './when-shown.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A document that is prerendering until `show()` activates it. */
function prerenderedDocument() {
  const target = new EventTarget();
  const doc = {
    prerendering: true,
    addEventListener: target.addEventListener.bind(target),
    show: () => {
      doc.prerendering = false;
      target.dispatchEvent(new Event('prerenderingchange'));
    },
  };
  vi.stubGlobal('document', doc);
  return doc;
}

describe('whenShown', () => {
  it('runs at once on a page that is shown, and outside a browser', () => {
    const run = vi.fn();
    whenShown(run);
    expect(run).toHaveBeenCalledOnce();
    vi.stubGlobal('document', { prerendering: false });
    whenShown(run);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('waits on a prerendered page until it is opened, and runs once', () => {
    const doc = prerenderedDocument();
    const run = vi.fn();
    whenShown(run);
    expect(run).not.toHaveBeenCalled();
    doc.show();
    expect(run).toHaveBeenCalledOnce();
    doc.show();
    expect(run).toHaveBeenCalledOnce();
  });
});
