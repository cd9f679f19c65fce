/**
 * Disk work of many files on a thread of its own (standby-links.ts, release-removal.ts): the
 * builder's thread serves the reference API and, in `npm start`, the shop, and a synchronous
 * call per file there holds every request behind it.
 */
import { setPriority } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Lowers the calling worker thread's priority as far as it goes (Linux keeps a nice value per
 * thread): on two cores, a release's 98,000 links at 50,000 articles took a core for two
 * seconds while Astro built and the reference API answered it, which now come first and leave
 * the links the time they wait.
 */
export function runInBackground(): void {
  // Elsewhere the nice value is the whole process's, the builder's own thread included.
  if (process.platform === 'linux') setPriority(19);
}

/**
 * Runs the worker module `url` with `workerData` and answers its one message. Rejects with
 * the thread's error, or when it exits without answering: `what stopped (exit n)`.
 */
export function threadJob<T>(url: URL, workerData: unknown, what: string): Promise<T> {
  const worker = new Worker(url, { workerData });
  return new Promise((resolve, reject) => {
    worker.once('message', (answer: T) => resolve(answer));
    worker.once('error', reject);
    // An exit before the answer: the thread was stopped (its error, if any, came first).
    worker.once('exit', (code) => reject(new Error(`${what} stopped (exit ${String(code)}).`)));
  });
}
