import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Whether a process with this id is running (a lock whose holder died is stale). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process id in a lock file, or null when the file is gone or holds no id. */
function holderOf(lock: string): number | null {
  try {
    const pid = Number(readFileSync(lock, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** How long a build waits before it tries a lock another running process holds again. */
const retryMs = 500;

/**
 * The locks this process holds, each with what settles when its task ends: a build of this
 * process waiting for one starts at its release, not up to {@link retryMs} later (a campaign
 * made while the build before finishes its work after the switch, as in a busy week).
 */
const heldHere = new Map<string, Promise<void>>();

/**
 * Runs `task` holding the build lock of the brand whose releases are in `releasesDir`, so
 * that `npm start`'s builder and `npm run rebuild` never build one brand at the same time:
 * the second waits. The lock file appears with its holder's id in it at once (a hard link
 * of a file already written), and a lock whose holder died is taken over.
 */
export async function withBrandLock<T>(releasesDir: string, task: () => Promise<T>): Promise<T> {
  const lock = join(releasesDir, '.lock');
  const mine = join(releasesDir, `.lock-${process.pid}-${Math.random().toString(16).slice(2)}`);
  writeFileSync(mine, String(process.pid));
  try {
    for (;;) {
      try {
        linkSync(mine, lock);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = holderOf(lock);
        const released = holder === process.pid ? heldHere.get(lock) : undefined;
        if (released) await released;
        else if (holder !== null && running(holder)) {
          await new Promise((resolve) => setTimeout(resolve, retryMs));
        } else rmSync(lock, { force: true });
      }
    }
  } finally {
    rmSync(mine, { force: true });
  }
  let release = () => {};
  heldHere.set(lock, new Promise((resolve) => (release = resolve)));
  try {
    return await task();
  } finally {
    rmSync(lock, { force: true });
    heldHere.delete(lock);
    release();
  }
}
