/**
 * The build queue behind the build hooks: one build per brand at a time, triggers that
 * arrive meanwhile coalesced into one more build (never lost: that build reads the newest
 * data), and at most `concurrency` brands building side by side.
 */

import type { ReleaseInfo } from './releases.ts';

/** What one successful build of a brand produced. */
export interface BuildOutcome {
  releaseId: string;
  pagesRendered: number;
  pagesReused: number;
  seconds: number;
  /** The build's line on what it skipped as 'Missing data', or null. */
  skipped: string | null;
  /** Peak resident memory of the build in MiB, where the system tells it. */
  peakMiB: number | null;
}

/** A brand's build state, as `GET` on its build hook answers it. */
export interface BrandStatus {
  brand: string;
  /** `idle`: no build yet; `queued`: waiting for a slot; then `building`, `live` or `failed`. */
  state: 'idle' | 'queued' | 'building' | 'live' | 'failed';
  /** While building: a trigger arrived meanwhile, so one more build follows. */
  queuedAgain: boolean;
  /** ISO times of the last build's start and end (end null while it runs). */
  startedAt: string | null;
  finishedAt: string | null;
  /** The live release: the last successful build's. */
  releaseId: string | null;
  pagesRendered: number | null;
  pagesReused: number | null;
  /** The live build's line on what it skipped as 'Missing data'. */
  skipped: string | null;
  /** Peak resident memory of the live build in MiB, where the system tells it. */
  peakMiB: number | null;
  /** Seconds of the last build, successful or not. */
  seconds: number | null;
  /** Why the last build failed (the live release is then the one before). */
  error: string | null;
  /**
   * What failed after the live release's switch (pruning, the standby copy): the release is
   * live all the same, but the disk may hold more than it should.
   */
  afterLiveError: string | null;
}

/**
 * Runs a brand's build and answers what it made; rejects when the build failed. `afterLive`,
 * when given, settles once the work after the switch is done, rejecting with what failed in it.
 */
export type BuildRunner = (
  brand: string,
) => Promise<BuildOutcome & { afterLive?: Promise<void> | undefined }>;

/** The coalescing build queue; see the module comment. */
export class RebuildQueue {
  readonly #run: BuildRunner;
  readonly #concurrency: number;
  readonly #status = new Map<string, BrandStatus>();
  /** Brands waiting for a slot, in the order they were triggered. */
  readonly #waiting: string[] = [];
  readonly #idleWaiters = new Map<string, Array<() => void>>();
  #running = 0;

  readonly #log: (message: string) => void;
  readonly #onChange: (status: BrandStatus) => void;

  /** `onChange` hears each new state of a brand (queued, building, live, failed ...). */
  constructor(
    run: BuildRunner,
    {
      concurrency = 1,
      initial = [] as BrandStatus[],
      log = console.warn,
      onChange = (_status: BrandStatus): void => undefined,
    } = {},
  ) {
    this.#run = run;
    this.#concurrency = Math.max(1, concurrency);
    this.#log = log;
    this.#onChange = onChange;
    for (const status of initial) this.#status.set(status.brand, { ...status });
  }

  #set(status: BrandStatus): void {
    this.#status.set(status.brand, status);
    this.#onChange({ ...status });
  }

  /** The brand's state now. */
  status(brand: string): BrandStatus {
    return { ...(this.#status.get(brand) ?? idleStatus(brand)) };
  }

  /**
   * Asks for a build of `brand`. Queued when none waits; coalesced with one already waiting;
   * during a build, one more build follows it.
   */
  trigger(brand: string): BrandStatus {
    const status = this.status(brand);
    if (status.state === 'building') {
      this.#set({ ...status, queuedAgain: true });
    } else if (status.state !== 'queued') {
      this.#set({ ...status, state: 'queued' });
      this.#waiting.push(brand);
      this.#next();
    }
    return this.status(brand);
  }

  /** Resolves once `brand` has neither a build running nor one waiting. */
  settled(brand: string): Promise<BrandStatus> {
    const { state, queuedAgain } = this.status(brand);
    if (state !== 'queued' && state !== 'building' && !queuedAgain) {
      return Promise.resolve(this.status(brand));
    }
    return new Promise((resolve) => {
      const waiters = this.#idleWaiters.get(brand) ?? [];
      waiters.push(() => resolve(this.status(brand)));
      this.#idleWaiters.set(brand, waiters);
    });
  }

  #next(): void {
    while (this.#running < this.#concurrency && this.#waiting.length > 0) {
      const brand = this.#waiting.shift() as string;
      this.#running++;
      void this.#build(brand).finally(() => {
        this.#running--;
        this.#next();
      });
    }
  }

  async #build(brand: string): Promise<void> {
    const started = performance.now();
    this.#set({
      ...this.status(brand),
      state: 'building',
      queuedAgain: false,
      startedAt: new Date().toISOString(),
      finishedAt: null,
    });
    let next: BrandStatus;
    try {
      const { afterLive, ...outcome } = await this.#run(brand);
      next = {
        ...this.status(brand),
        ...outcome,
        state: 'live',
        error: null,
        afterLiveError: null,
      };
      afterLive?.catch((error: unknown) => this.#afterLiveFailed(brand, outcome, error));
    } catch (error) {
      next = {
        ...this.status(brand),
        state: 'failed',
        seconds: (performance.now() - started) / 1000,
        error: error instanceof Error ? error.message : String(error),
      };
    }
    next.finishedAt = new Date().toISOString();
    if (next.queuedAgain) {
      this.#set({ ...next, state: 'queued', queuedAgain: false });
      this.#waiting.push(brand);
      return;
    }
    this.#set(next);
    for (const resolve of this.#idleWaiters.get(brand) ?? []) resolve();
    this.#idleWaiters.delete(brand);
  }

  /** Tells, in the brand's state and the log, what failed after `outcome` went live. */
  #afterLiveFailed(brand: string, outcome: BuildOutcome, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.#log(`Etter at ${outcome.releaseId} av ${brand} ble live: ${message}`);
    // A later build's state is its own.
    if (this.status(brand).releaseId !== outcome.releaseId) return;
    this.#set({ ...this.status(brand), afterLiveError: message });
  }

  /**
   * Records a kept release made live again outside a build (a rollback), so that the
   * brand's state, and the build hook's answer, name the release shoppers now get. A build
   * running or waiting keeps its state; its own outcome follows.
   */
  rolledBack(brand: string, release: RolledBackRelease): BrandStatus {
    const status = this.status(brand);
    const live = {
      releaseId: release.releaseId,
      pagesRendered: release.pagesRendered,
      pagesReused: release.pagesReused,
      skipped: null,
      peakMiB: null,
      afterLiveError: null,
    };
    if (status.state === 'building' || status.state === 'queued') {
      this.#set({ ...status, ...live });
    } else {
      this.#set({ ...status, ...release, ...live, state: 'live', error: null });
    }
    return this.status(brand);
  }
}

/** What a rollback tells the queue of the release it made live (releases.ts's record). */
export type RolledBackRelease = Pick<
  BrandStatus,
  'releaseId' | 'startedAt' | 'finishedAt' | 'pagesRendered' | 'pagesReused' | 'seconds'
>;

/** A brand's state fields for its live release, read from the release's record. */
export function releaseStatus(release: ReleaseInfo): RolledBackRelease {
  return {
    releaseId: release.id,
    startedAt: release.startedAt,
    finishedAt: release.finishedAt,
    pagesRendered: release.pagesRendered,
    pagesReused: release.pagesReused,
    seconds: release.seconds,
  };
}

/** The state of a brand that has not been built since the builder started. */
export function idleStatus(brand: string): BrandStatus {
  return {
    brand,
    state: 'idle',
    queuedAgain: false,
    startedAt: null,
    finishedAt: null,
    releaseId: null,
    pagesRendered: null,
    pagesReused: null,
    skipped: null,
    peakMiB: null,
    seconds: null,
    error: null,
    afterLiveError: null,
  };
}
