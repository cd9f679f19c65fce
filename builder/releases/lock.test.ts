import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { withBrandLock } from './lock.ts';
import { scratchFolder } from '../test-support/scratch-folder.ts';

describe('withBrandLock', () => {
  it('runs the tasks of one process for the same brand one after another, each from the end of the one before, without a wait to retry', async () => {
    const dir = scratchFolder('lock');
    const order: string[] = [];
    let release = () => {};
    // No timer ever fires: only the first task's end can let the others in.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const first = withBrandLock(dir, async () => {
        order.push('første start');
        await new Promise<void>((resolve) => (release = resolve));
        order.push('første slutt');
      });
      const second = withBrandLock(dir, () => Promise.resolve(order.push('andre')));
      const third = withBrandLock(dir, () => Promise.resolve(order.push('tredje')));
      await new Promise((resolve) => setImmediate(resolve));
      expect(order).toEqual(['første start']);
      release();
      await Promise.all([first, second, third]);
      expect(order).toEqual(['første start', 'første slutt', 'andre', 'tredje']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits for a lock another running process holds, trying it again until it is gone', async () => {
    const dir = scratchFolder('lock');
    // The process that started this one: running, and not this one.
    writeFileSync(join(dir, '.lock'), String(process.ppid));
    let ran = false;
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const task = withBrandLock(dir, () => Promise.resolve((ran = true)));
      await vi.advanceTimersByTimeAsync(5000);
      expect(ran).toBe(false);
      rmSync(join(dir, '.lock'));
      await vi.advanceTimersByTimeAsync(1000);
      await task;
      expect(ran).toBe(true);
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
