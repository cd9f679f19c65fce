import { lstatSync } from 'node:fs';
import type { BuildStep } from '../releases/builder.ts';
import type { BrandStatus } from '../releases/queue.ts';
import { brandDist, listReleases, type Release } from '../releases/releases.ts';
import { failureInWords } from './failure-reason.ts';
import { ProgressTracker, type BuildProgress, type PhaseSeconds } from './progress.ts';

/**
 * What /publisering shows of the builder, kept as it happens: each brand's build in progress
 * (from the queue's states and the release builder's events), the builds since the builder
 * started, and a push of every change to the pages that listen (Server-Sent Events,
 * routes/events.ts).
 * While a build runs, its progress is pushed every second even when nothing new happened, so
 * the time gone and the estimate keep moving: the page hears of a build at least that often.
 */

/** One finished build (or a rollback), as the list of last builds shows it. */
export interface BuildRecord {
  result: 'live' | 'unchanged' | 'failed' | 'rollback';
  releaseId: string | null;
  finishedAt: string | null;
  seconds: number | null;
  pagesRendered: number | null;
  pagesReused: number | null;
  /** A failed build's reason in plain Norwegian. */
  reason: string | null;
}

/** What is live for a brand. */
export interface LiveRelease {
  releaseId: string;
  /** When it went live (the live link's time: a rollback makes it anew). */
  since: string;
  pages: number;
  /** The API's data revision it was built from, or null when the API told none. */
  revision: string | null;
}

/** A change pushed to the pages: a build's progress, or a brand's state to read anew. */
export type BoardEvent =
  | { type: 'progress'; progress: BuildProgress }
  | { type: 'state'; brand: string; state: BrandStatus['state'] }
  | { type: 'end' };

/** How many finished builds per brand the page lists. */
const historyLength = 8;

/** The API's revision in a release's `inputs` (`fingerprint|revision|year`). */
export function revisionOf(release: Pick<Release, 'inputs'>): string | null {
  return release.inputs?.split('|')[1] ?? null;
}

/** The brand's live release on disk, or null. */
export function liveRelease(distRoot: string, brand: string): LiveRelease | null {
  const dist = brandDist(distRoot, brand);
  const live = listReleases(dist).find((r) => r.live);
  if (!live) return null;
  let since = live.finishedAt;
  try {
    since = lstatSync(dist.live).mtime.toISOString();
  } catch {
    // The link went away between the two reads; the release's own end time is near enough.
  }
  return {
    releaseId: live.id,
    since,
    pages: live.pagesRendered + live.pagesReused,
    revision: revisionOf(live),
  };
}

/** See the module comment. */
export class BuildBoard {
  readonly #distRoot: string;
  readonly #now: () => number;
  readonly #trackers = new Map<string, ProgressTracker>();
  /** Trackers whose build is in the list of last builds already. */
  readonly #recorded = new WeakSet<ProgressTracker>();
  readonly #history = new Map<string, BuildRecord[]>();
  /** Per brand, the seconds per phase of the last build seen to go live. */
  readonly #lastPhases = new Map<string, PhaseSeconds>();
  readonly #listeners = new Set<(event: BoardEvent) => void>();
  readonly #ticker: NodeJS.Timeout;

  constructor(options: {
    distRoot: string;
    brands: readonly string[];
    now?: () => number;
    tickMs?: number;
  }) {
    this.#distRoot = options.distRoot;
    this.#now = options.now ?? Date.now;
    for (const brand of options.brands) {
      // Each kept release is a build that went live; builds since the start come on top.
      const kept = listReleases(brandDist(options.distRoot, brand)).map((r): BuildRecord => ({
        result: 'live',
        releaseId: r.id,
        finishedAt: r.finishedAt,
        seconds: r.seconds,
        pagesRendered: r.pagesRendered,
        pagesReused: r.pagesReused,
        reason: null,
      }));
      this.#history.set(brand, kept.slice(0, historyLength));
    }
    this.#ticker = setInterval(() => {
      for (const tracker of this.#trackers.values()) {
        if (!tracker.done && tracker.phase !== 'queued') this.#push(tracker);
      }
    }, options.tickMs ?? 1000);
    this.#ticker.unref();
  }

  /** The queue's new state of a brand (RebuildQueue's `onChange`). */
  status(status: BrandStatus): void {
    const { brand } = status;
    const tracker = this.#trackers.get(brand);
    // A build that began and is not in the list of last builds yet: it ends with the first
    // state after `building` (live, failed, or queued when another build waits).
    const inProgress =
      tracker !== undefined && tracker.phase !== 'queued' && !this.#recorded.has(tracker);
    if (status.state === 'building') {
      // A trigger during a build only asks for one more; the build goes on.
      if (!inProgress) {
        const next = tracker?.phase === 'queued' ? tracker : this.#newTracker(brand);
        next.start(this.#now());
        this.#trackers.set(brand, next);
      }
    } else if (status.state === 'queued') {
      if (inProgress) this.#finish(status);
      if (tracker?.phase !== 'queued') this.#trackers.set(brand, this.#newTracker(brand));
    } else if ((status.state === 'live' || status.state === 'failed') && inProgress) {
      this.#finish(status);
    }
    const current = this.#trackers.get(brand);
    // An ended build was pushed as it ended (#finish).
    if (current && !current.done) this.#push(current);
    this.#emit({ type: 'state', brand, state: status.state });
  }

  /** The builder knows what the running build of `brand` is made from (`onInputs`). */
  inputs(brand: string, inputs: string | null): void {
    const tracker = this.#running(brand);
    if (!tracker) return;
    tracker.inputsRead(inputs, this.#now());
    this.#push(tracker);
  }

  /** One of the builder's steps in the running build of `brand` (`onStep`). */
  step(brand: string, step: BuildStep): void {
    const tracker = this.#running(brand);
    if (tracker?.step(step, this.#now())) this.#push(tracker);
  }

  /** The count of files the running build of `brand` has rendered (`onPages`). */
  pages(brand: string, pagesRendered: number): void {
    const tracker = this.#running(brand);
    if (!tracker) return;
    tracker.pages(pagesRendered, this.#now());
    this.#push(tracker);
  }

  /**
   * What the running build of `brand` is made from: undefined while none runs or before it
   * has asked (builder.ts's `buildInputs`), then its inputs (null when the API tells none).
   */
  runningInputs(brand: string): string | null | undefined {
    return this.#running(brand)?.inputs;
  }

  /** A kept release of `brand` made live again: the list of last builds says so. */
  rolledBack(brand: string, release: Release): void {
    this.#record(brand, {
      result: 'rollback',
      releaseId: release.id,
      finishedAt: new Date(this.#now()).toISOString(),
      seconds: null,
      pagesRendered: release.pagesRendered,
      pagesReused: release.pagesReused,
      reason: null,
    });
    this.#emit({ type: 'state', brand, state: 'live' });
  }

  /** The brand's build in progress (or the last one, ended), or null before any. */
  progress(brand: string): BuildProgress | null {
    return this.#trackers.get(brand)?.snapshot(this.#now()) ?? null;
  }

  /** The brand's last builds, newest first. */
  history(brand: string): BuildRecord[] {
    return [...(this.#history.get(brand) ?? [])];
  }

  /** Hears every change until the returned function is called. */
  subscribe(listener: (event: BoardEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Stops the ticker and tells every listener it ends (open event streams close). */
  stop(): void {
    clearInterval(this.#ticker);
    this.#emit({ type: 'end' });
    this.#listeners.clear();
  }

  #running(brand: string): ProgressTracker | null {
    const tracker = this.#trackers.get(brand);
    return tracker && !tracker.done && tracker.phase !== 'queued' ? tracker : null;
  }

  #newTracker(brand: string): ProgressTracker {
    const live = liveRelease(this.#distRoot, brand);
    const last = this.#history.get(brand)?.find((r) => r.result === 'live');
    return new ProgressTracker(brand, {
      pages: live?.pages ?? null,
      seconds: last?.seconds ?? null,
      phases: this.#lastPhases.get(brand) ?? null,
    });
  }

  #finish(status: BrandStatus): void {
    const tracker = this.#trackers.get(status.brand);
    if (!tracker) return;
    const failed = status.error !== null;
    tracker.end(failed ? 'failed' : 'live', status, this.#now());
    this.#recorded.add(tracker);
    this.#push(tracker);
    const phases = tracker.phaseSeconds();
    if (phases) this.#lastPhases.set(status.brand, phases);
    const unchanged = tracker.phase === 'unchanged';
    this.#record(status.brand, {
      result: failed ? 'failed' : unchanged ? 'unchanged' : 'live',
      releaseId: failed ? null : status.releaseId,
      finishedAt: status.finishedAt ?? new Date(this.#now()).toISOString(),
      seconds: status.seconds,
      pagesRendered: failed ? null : status.pagesRendered,
      pagesReused: failed ? null : status.pagesReused,
      reason: failed ? failureInWords(status.error) : null,
    });
  }

  #record(brand: string, record: BuildRecord): void {
    const list = this.#history.get(brand) ?? [];
    this.#history.set(brand, [record, ...list].slice(0, historyLength));
  }

  #push(tracker: ProgressTracker): void {
    this.#emit({ type: 'progress', progress: tracker.snapshot(this.#now()) });
  }

  #emit(event: BoardEvent): void {
    for (const listener of this.#listeners) listener(event);
  }
}
