import { describe, expect, it } from 'vitest';
import { autoplayRuns, isDrag, swipeStep, SWIPE_THRESHOLD_PX, wrapIndex } from './carousel.ts';

describe('wrapIndex', () => {
  it('wraps past either end', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(7, 3)).toBe(1);
    expect(wrapIndex(1, 3)).toBe(1);
  });

  it('gives 0 without slides', () => {
    expect(wrapIndex(2, 0)).toBe(0);
  });
});

describe('isDrag', () => {
  it('takes a move up to the threshold either way for a tap', () => {
    expect(isDrag(0, 0)).toBe(false);
    expect(isDrag(SWIPE_THRESHOLD_PX, -SWIPE_THRESHOLD_PX)).toBe(false);
  });

  it('takes a move past it, sideways or up and down, for a drag', () => {
    expect(isDrag(-(SWIPE_THRESHOLD_PX + 1), 0)).toBe(true);
    expect(isDrag(2, SWIPE_THRESHOLD_PX + 1)).toBe(true);
  });
});

describe('swipeStep', () => {
  it('ignores moves up to the threshold', () => {
    expect(swipeStep(SWIPE_THRESHOLD_PX, 0)).toBe(0);
    expect(swipeStep(-SWIPE_THRESHOLD_PX, 0)).toBe(0);
  });

  it('moves on past the threshold, in the finger direction', () => {
    expect(swipeStep(-(SWIPE_THRESHOLD_PX + 1), 0)).toBe(1);
    expect(swipeStep(SWIPE_THRESHOLD_PX + 1, 2)).toBe(-1);
  });

  it('leaves mostly vertical moves to page scrolling', () => {
    expect(swipeStep(-30, 40)).toBe(0);
  });
});

describe('autoplayRuns', () => {
  const free = { stopped: false, hovered: false, focused: false, hidden: false };

  it('runs with several slides and nothing holding it', () => {
    expect(autoplayRuns(free, 3)).toBe(true);
  });

  it('is held by each of stop, hover, focus and a hidden tab', () => {
    for (const hold of ['stopped', 'hovered', 'focused', 'hidden'] as const) {
      expect(autoplayRuns({ ...free, [hold]: true }, 3)).toBe(false);
    }
  });

  it('never rotates a single slide', () => {
    expect(autoplayRuns(free, 1)).toBe(false);
  });
});
