import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { withBrandLock } from './lock.ts';
import { scratchFolder } from '../test-support/scratch-folder.ts';

describe('withBrandLock', () => {
  it('runs a second task for the same brand only after the first', async () => {
    const dir = scratchFolder('lock');
    const order: string[] = [];
    let release = () => {};
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const first = withBrandLock(dir, async () => {
        order.push('første start');
        await new Promise<void>((resolve) => (release = resolve));
        order.push('første slutt');
      });
      const second = withBrandLock(dir, async () => {
        order.push('andre');
      });
      // The second has tried the lock and waits while the first runs.
      await vi.advanceTimersByTimeAsync(5000);
      expect(order).toEqual(['første start']);
      release();
      await first;
      await vi.advanceTimersByTimeAsync(5000);
      await second;
      expect(order).toEqual(['første start', 'første slutt', 'andre']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts a task of the same process at the release of the lock, without a wait to retry', async () => {
    const dir = scratchFolder('lock');
    const order: string[] = [];
    let release = () => {};
    // No timer ever fires: only the first task's end can let the second in.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const first = withBrandLock(dir, async () => {
        await new Promise<void>((resolve) => (release = resolve));
        order.push('første');
      });
      const second = withBrandLock(dir, () => Promise.resolve(order.push('andre')));
      const third = withBrandLock(dir, () => Promise.resolve(order.push('tredje')));
      await Promise.resolve();
      release();
      await Promise.all([first, second, third]);
      expect(order).toEqual(['første', 'andre', 'tredje']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes over a lock whose holder died', async () => {
    const dir = scratchFolder('lock');
    // No process has this id: the kernel's pid_max is far below it.
    writeFileSync(join(dir, '.lock'), '2147483646');
    await expect(withBrandLock(dir, () => Promise.resolve('bygget'))).resolves.toBe('bygget');
  });
});
