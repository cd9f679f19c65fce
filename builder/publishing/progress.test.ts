import { describe, expect, it } from 'vitest';
import { formatSeconds, ProgressTracker } from './progress.ts';

describe('ProgressTracker', () => {
  it('follows the phases from the queue’s and the builder’s events', () => {
    const t = new ProgressTracker('toppfart', { pages: 1000, seconds: 40, phases: null });
    expect(t.snapshot(0)).toMatchObject({ phase: 'queued', remainingSeconds: null });
    t.start(0);
    expect(t.phase).toBe('inputs');
    expect(t.inputs).toBeUndefined();
    t.inputsRead('kode|rev-7|2026', 100);
    expect(t.inputs).toBe('kode|rev-7|2026');
    expect(t.phase).toBe('preparing');
    expect(t.step('rendering', 2000)).toBe(true);
    t.pages(20, 2500);
    expect(t.snapshot(2500)).toMatchObject({
      phase: 'rendering',
      pagesRendered: 20,
      pagesReused: null,
      expectedPages: 1000,
      done: false,
    });
    expect(t.snapshot(2500).words).toContain(
      '20 sider laget så langt av 1\u00a0000 sider (de gjenbrukte telles når sidene er ferdige)',
    );
    expect(t.step('rendered', 6000)).toBe(true);
    expect(t.phase).toBe('checking');
    // Steps after the switch's start change nothing the page shows.
    expect(t.step('checked', 7000)).toBe(true);
    expect(t.step('switching', 7100)).toBe(false);
    t.end('live', { pagesRendered: 93, pagesReused: 1109 }, 8000);
    expect(t.snapshot(60_000)).toMatchObject({
      phase: 'live',
      done: true,
      elapsedSeconds: 8,
      fraction: 1,
      expectedPages: 1202,
      remainingSeconds: 0,
    });
    expect(t.snapshot(60_000).words).toBe(
      'Live, 93 sider laget og 1\u00a0109 gjenbrukt av 1\u00a0202 sider, tok 8 s.',
    );
    expect(t.phaseSeconds()).toEqual({
      inputs: 0.1,
      preparing: 1.9,
      rendering: 4,
      checking: 1,
      switching: 1,
    });
  });

  it('estimates what is left from the last build’s seconds per phase', () => {
    const phases = { inputs: 1, preparing: 9, rendering: 20, checking: 4, switching: 1 };
    const t = new ProgressTracker('toppfart', { pages: 1000, seconds: 35, phases });
    t.start(0);
    // 1 s of inputs left, and all the phases after it.
    expect(t.snapshot(0).remainingSeconds).toBeCloseTo(35);
    t.inputsRead(null, 1000);
    t.step('rendering', 8000);
    // Rendering began 2 s sooner than last time: its 20 s and the 5 s after it are ahead.
    expect(t.snapshot(8000).remainingSeconds).toBeCloseTo(25);
    expect(t.snapshot(18_000)).toMatchObject({ remainingSeconds: 15 });
    expect(t.snapshot(18_000).fraction).toBeCloseTo(18 / 33);
    expect(t.snapshot(18_000).words).toContain('18 s gått, omtrent 15 s igjen.');
    // Taking longer than last time: no number is better than a wrong one.
    expect(t.snapshot(29_000)).toMatchObject({ remainingSeconds: null, fraction: null });
    expect(t.snapshot(29_000).words).toContain('tiden som er igjen, kan ikke anslås');
  });

  it('counts down from the last build’s total when it saw no phases, and not below zero', () => {
    const t = new ProgressTracker('toppfart', { pages: 1000, seconds: 30, phases: null });
    t.start(0);
    expect(t.snapshot(10_000).remainingSeconds).toBeCloseTo(20);
    expect(t.snapshot(45_000).remainingSeconds).toBeNull();
    const first = new ProgressTracker('toppfart', { pages: null, seconds: null, phases: null });
    first.start(0);
    first.pages(5, 1000);
    expect(first.snapshot(2000)).toMatchObject({
      phase: 'rendering',
      expectedPages: null,
      remainingSeconds: null,
      fraction: null,
    });
    expect(first.snapshot(2000).words).toContain('5 sider laget så langt (');
  });

  it('ends as unchanged when the builder found nothing to build, and stays so', () => {
    const t = new ProgressTracker('toppfart', { pages: 10, seconds: 5, phases: null });
    t.start(0);
    t.inputsRead('same', 200);
    expect(t.step('unchanged', 300)).toBe(true);
    t.end('live', { pagesRendered: 0, pagesReused: 10 }, 400);
    expect(t.snapshot(900)).toMatchObject({ phase: 'unchanged', done: true, elapsedSeconds: 0.3 });
    expect(t.phaseSeconds()).toBeNull();
  });

  it('ends as failed, and moves no phase back or on after the end', () => {
    const t = new ProgressTracker('toppfart', { pages: 10, seconds: 5, phases: null });
    t.start(0);
    t.pages(40, 500);
    t.inputsRead('late', 600);
    expect(t.phase).toBe('rendering');
    t.end('failed', { pagesRendered: null, pagesReused: null }, 700);
    expect(t.step('checked', 800)).toBe(false);
    expect(t.snapshot(900)).toMatchObject({ phase: 'failed', done: true, pagesReused: null });
    expect(t.snapshot(900)).toMatchObject({ expectedPages: 40 });
    expect(t.snapshot(900).words).toBe('Feilet, 40 sider laget før bygget stoppet, tok 1 s.');
  });
});

describe('formatSeconds', () => {
  it('writes seconds and minutes', () => {
    expect(formatSeconds(59.4)).toBe('59 s');
    expect(formatSeconds(125)).toBe('2 min 5 s');
    expect(formatSeconds(120)).toBe('2 min');
  });
});
