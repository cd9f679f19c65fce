import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { idleStatus, type BrandStatus } from '../releases/queue.ts';
import type { Release } from '../releases/releases.ts';
import { BuildBoard, type BoardEvent } from './build-board.ts';

const distRoot = mkdtempSync(join(tmpdir(), 'byggetavle-'));
afterAll(() => {
  rmSync(distRoot, { recursive: true, force: true });
});

const status = (change: Partial<BrandStatus>): BrandStatus => ({
  ...idleStatus('toppfart'),
  ...change,
});

const phasesOf = (events: BoardEvent[]) =>
  events.flatMap((e) => (e.type === 'progress' ? [e.progress.phase] : []));

/** A board on a clock the test sets with `at(ms)`, whose ticker never ticks in a test. */
function clockedBoard() {
  let now = 0;
  const board = new BuildBoard({ distRoot, brands: ['toppfart'], now: () => now, tickMs: 60_000 });
  return { board, at: (ms: number) => (now = ms) };
}

describe('BuildBoard', () => {
  it('follows a build, a trigger during it and the one more build it asked for', () => {
    const { board, at } = clockedBoard();
    const events: BoardEvent[] = [];
    board.subscribe((e) => events.push(e));

    board.status(status({ state: 'queued' }));
    expect(board.progress('toppfart')?.phase).toBe('queued');
    board.status(status({ state: 'building' }));
    expect(board.runningInputs('toppfart')).toBeUndefined();
    at(500);
    board.inputs('toppfart', 'kode|rev-1|2026');
    expect(board.runningInputs('toppfart')).toBe('kode|rev-1|2026');
    at(1000);
    board.step('toppfart', 'rendering');
    board.pages('toppfart', 20);
    expect(board.progress('toppfart')).toMatchObject({ phase: 'rendering', pagesRendered: 20 });
    // A second trigger during the build: it goes on.
    board.status(status({ state: 'building', queuedAgain: true }));
    expect(board.progress('toppfart')).toMatchObject({ phase: 'rendering', pagesRendered: 20 });
    board.step('toppfart', 'rendered');
    board.step('toppfart', 'checked');

    at(2000);
    const outcome = { releaseId: 'r2', pagesRendered: 25, pagesReused: 5, seconds: 2 };
    board.status(status({ state: 'queued', ...outcome, finishedAt: '2026-11-27T12:00:02Z' }));
    expect(board.progress('toppfart')?.phase).toBe('queued');
    expect(board.runningInputs('toppfart')).toBeUndefined();
    board.status(status({ state: 'building', ...outcome }));
    board.inputs('toppfart', 'kode|rev-1|2026');
    board.step('toppfart', 'unchanged');
    board.status(
      status({ state: 'live', ...outcome, seconds: 0, finishedAt: '2026-11-27T12:00:03Z' }),
    );

    expect(board.history('toppfart').map((r) => [r.result, r.releaseId])).toEqual([
      ['unchanged', 'r2'],
      ['live', 'r2'],
    ]);
    expect(board.history('toppfart')[1]).toMatchObject({ pagesRendered: 25, pagesReused: 5 });
    expect(phasesOf(events)).toEqual(
      expect.arrayContaining(['queued', 'inputs', 'preparing', 'rendering', 'live', 'unchanged']),
    );
    board.stop();
    expect(events.at(-1)).toEqual({ type: 'end' });
  });

  it('pushes a running build’s progress on every tick, and stops when it has ended', () => {
    vi.useFakeTimers();
    try {
      const board = new BuildBoard({ distRoot, brands: ['toppfart'], tickMs: 1000 });
      const events: BoardEvent[] = [];
      board.subscribe((e) => events.push(e));
      board.status(status({ state: 'queued' }));
      // Queued: nothing moves, so nothing is pushed.
      vi.advanceTimersByTime(3000);
      const queued = events.length;
      board.status(status({ state: 'building' }));
      const before = events.length;
      expect(before).toBeGreaterThan(queued);
      vi.advanceTimersByTime(3000);
      const ticks = events.slice(before);
      expect(ticks.map((e) => e.type)).toEqual(['progress', 'progress', 'progress']);
      board.status(status({ state: 'failed', error: 'ENOSPC', seconds: 1 }));
      const ended = events.length;
      vi.advanceTimersByTime(3000);
      expect(events.length).toBe(ended);
      board.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says why a build failed, in Norwegian', () => {
    const board = new BuildBoard({ distRoot, brands: ['toppfart'], tickMs: 60_000 });
    board.status(status({ state: 'queued' }));
    board.status(status({ state: 'building' }));
    board.status(
      status({ state: 'failed', error: 'connect ECONNREFUSED 127.0.0.1:9', seconds: 1 }),
    );
    expect(board.history('toppfart')[0]).toMatchObject({
      result: 'failed',
      reason: 'API-et svarte ikke, så bygget fikk ikke lest varene.',
    });
    expect(board.progress('toppfart')).toMatchObject({ phase: 'failed', done: true });
    board.stop();
  });

  it('estimates the next build from the phases of the last one it saw go live', () => {
    const { board, at } = clockedBoard();
    board.status(status({ state: 'queued' }));
    board.status(status({ state: 'building' }));
    board.inputs('toppfart', null);
    at(4000);
    board.step('toppfart', 'rendering');
    at(14_000);
    board.step('toppfart', 'rendered');
    at(15_000);
    board.step('toppfart', 'checked');
    at(16_000);
    board.status(status({ state: 'live', releaseId: 'r3', pagesRendered: 9, pagesReused: 1 }));
    board.status(status({ state: 'queued' }));
    board.status(status({ state: 'building' }));
    expect(board.progress('toppfart')?.remainingSeconds).toBeCloseTo(16);
    board.stop();
  });

  it('lists a rollback among the last builds', () => {
    const board = new BuildBoard({ distRoot, brands: ['toppfart'], tickMs: 60_000 });
    const events: BoardEvent[] = [];
    board.subscribe((e) => events.push(e));
    const release = { id: 'r1', pagesRendered: 10, pagesReused: 0 } as Release;
    board.rolledBack('toppfart', release);
    expect(board.history('toppfart')[0]).toMatchObject({ result: 'rollback', releaseId: 'r1' });
    expect(events).toEqual([{ type: 'state', brand: 'toppfart', state: 'live' }]);
    board.stop();
  });
});
