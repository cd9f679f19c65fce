import type { BuildStep } from '../releases/builder.ts';

/**
 * A brand's build as marketing follows it on /publisering: which phase it is in, pages
 * rendered out of those the release will have, time gone and an estimate of what is left,
 * all from the build's own events: the queue's states (queued, building, live, failed), the
 * release builder's steps (builder.ts's `onStep`, `onInputs`) and the count of rendered
 * pages the build's process sends (`onPages`, builder/astro-output.ts). Nothing is read from
 * a log.
 */

/** The phases a build goes through, in order; `unchanged`, `live` and `failed` end it. */
export type PublishPhase =
  | 'queued'
  | 'inputs'
  | 'preparing'
  | 'rendering'
  | 'checking'
  | 'switching'
  | 'unchanged'
  | 'live'
  | 'failed';

/** Each phase in Norwegian, as the page names it. */
export const phaseWords: Readonly<Record<PublishPhase, string>> = {
  queued: 'I kø',
  inputs: 'Sjekker om noe er endret',
  preparing: 'Leser data fra API-et og bygger skript og stiler',
  rendering: 'Lager sider',
  checking: 'Prøver den nye utgaven',
  switching: 'Setter den nye utgaven live',
  unchanged: 'Ingenting var endret; utgaven som er live, er oppdatert',
  live: 'Live',
  failed: 'Feilet',
};

/** The phases a build spends time in, in order (before it ends). */
const running: readonly PublishPhase[] = [
  'inputs',
  'preparing',
  'rendering',
  'checking',
  'switching',
];

/** Seconds a build spent in each running phase. */
export type PhaseSeconds = Partial<Record<PublishPhase, number>>;

/** What an earlier build of the brand tells about this one. */
export interface PreviousBuild {
  /** Pages of the live release (rendered and reused), or null before a first one. */
  pages: number | null;
  /** Seconds the last build that made a release took, start to live, or null. */
  seconds: number | null;
  /** That build's seconds per phase, when this builder saw it run; else null. */
  phases: PhaseSeconds | null;
}

/** What the page shows of a running (or just ended) build; see {@link ProgressTracker}. */
export interface BuildProgress {
  brand: string;
  phase: PublishPhase;
  /** Whether the build has ended (live, unchanged or failed). */
  done: boolean;
  elapsedSeconds: number;
  /** Files rendered so far (the build's own count). */
  pagesRendered: number;
  /** Pages reused from the release before: known when the build has ended, else null. */
  pagesReused: number | null;
  /** Pages the release will have: those of the live one (or this build's, once ended). */
  expectedPages: number | null;
  /** An estimate of the seconds left, or null when there is nothing honest to base one on. */
  remainingSeconds: number | null;
  /** Of the whole build, 0–1, by time (elapsed and estimate), or null when unknown. */
  fraction: number | null;
  /** All of the above in one Norwegian sentence, for the page and screen readers. */
  words: string;
}

const number = new Intl.NumberFormat('nb-NO');

/** Seconds as the page says them: `45 s`, `2 min 5 s`. */
export function formatSeconds(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${String(whole)} s`;
  const rest = whole % 60;
  return `${String(Math.floor(whole / 60))} min${rest > 0 ? ` ${String(rest)} s` : ''}`;
}

/** The builder's step that begins a phase (those not listed begin none). */
const stepPhase: Partial<Record<BuildStep, PublishPhase>> = {
  rendering: 'rendering',
  rendered: 'checking',
  checked: 'switching',
};

/**
 * Follows one build of a brand from its events. Times are milliseconds on one clock given
 * by the caller, so that tests set them.
 */
export class ProgressTracker {
  readonly brand: string;
  readonly #previous: PreviousBuild;
  #phase: PublishPhase = 'queued';
  #startedAt: number | null = null;
  #endedAt: number | null = null;
  /** When each running phase began. */
  readonly #began = new Map<PublishPhase, number>();
  #pagesRendered = 0;
  #pagesReused: number | null = null;
  #finalPages: number | null = null;
  /** What the build is made from, once the builder has asked (undefined before). */
  #inputs: string | null | undefined = undefined;

  constructor(brand: string, previous: PreviousBuild) {
    this.brand = brand;
    this.#previous = previous;
  }

  /** The phase now. */
  get phase(): PublishPhase {
    return this.#phase;
  }

  /** Whether the build has ended. */
  get done(): boolean {
    return this.#phase === 'unchanged' || this.#phase === 'live' || this.#phase === 'failed';
  }

  /** What the build is made from: undefined until the builder has asked (builder.ts). */
  get inputs(): string | null | undefined {
    return this.#inputs;
  }

  /** The build has left the queue and begun. */
  start(now: number): void {
    this.#startedAt = now;
    this.#advance('inputs', now);
  }

  /** The builder knows what the build is made from; it reads the data next. */
  inputsRead(inputs: string | null, now: number): void {
    this.#inputs = inputs;
    this.#advance('preparing', now);
  }

  /** One of the builder's steps; answers whether the phase changed. */
  step(step: BuildStep, now: number): boolean {
    const before = this.#phase;
    if (step === 'unchanged') this.#end('unchanged', now);
    const phase = stepPhase[step];
    if (phase) this.#advance(phase, now);
    return this.#phase !== before;
  }

  /** The count of files rendered so far. */
  pages(pagesRendered: number, now: number): void {
    this.#advance('rendering', now);
    this.#pagesRendered = Math.max(this.#pagesRendered, pagesRendered);
  }

  /**
   * The build ended as the queue tells it: live with its outcome's counts, or failed. A
   * build the builder found unchanged stays so.
   */
  end(
    result: 'live' | 'failed',
    outcome: { pagesRendered: number | null; pagesReused: number | null },
    now: number,
  ): void {
    if (this.#phase === 'unchanged') return;
    if (result === 'live' && outcome.pagesRendered !== null && outcome.pagesReused !== null) {
      this.#pagesRendered = outcome.pagesRendered;
      this.#pagesReused = outcome.pagesReused;
      this.#finalPages = outcome.pagesRendered + outcome.pagesReused;
    }
    this.#end(result, now);
  }

  /**
   * Seconds in each running phase, for the next build's estimate; null unless the build went
   * live through all of them.
   */
  phaseSeconds(): PhaseSeconds | null {
    if (this.#phase !== 'live' || this.#endedAt === null) return null;
    const seconds: PhaseSeconds = {};
    for (const [i, phase] of running.entries()) {
      const from = this.#began.get(phase);
      if (from === undefined) return null;
      const next = running.slice(i + 1).find((p) => this.#began.has(p));
      const to = next === undefined ? this.#endedAt : (this.#began.get(next) ?? this.#endedAt);
      seconds[phase] = (to - from) / 1000;
    }
    return seconds;
  }

  #end(phase: 'unchanged' | 'live' | 'failed', now: number): void {
    this.#phase = phase;
    this.#endedAt = now;
  }

  // Phases only move forward, and an ended build stays ended.
  #advance(phase: PublishPhase, now: number): void {
    if (this.done) return;
    const at = running.indexOf(phase);
    if (at <= running.indexOf(this.#phase)) return;
    // A phase the build passed without an event of its own began with the next one.
    for (const passed of running.slice(0, at + 1)) {
      if (!this.#began.has(passed)) this.#began.set(passed, now);
    }
    this.#phase = phase;
  }

  /** The build as the page shows it at `now`. */
  snapshot(now: number): BuildProgress {
    const done = this.done;
    const end = done ? (this.#endedAt ?? now) : now;
    const elapsed = this.#startedAt === null ? 0 : Math.max(0, (end - this.#startedAt) / 1000);
    const remaining = done ? 0 : this.#remaining(now, elapsed);
    const fraction = done
      ? 1
      : remaining === null || this.#startedAt === null
        ? null
        : elapsed / (elapsed + remaining);
    const progress = {
      brand: this.brand,
      phase: this.#phase,
      done,
      elapsedSeconds: elapsed,
      pagesRendered: this.#pagesRendered,
      pagesReused: this.#pagesReused,
      expectedPages: this.#expectedPages(),
      remainingSeconds: remaining,
      fraction,
    };
    return { ...progress, words: progressWords(progress) };
  }

  // A brand's pages change little between builds; more pages made than the live release has
  // raise it.
  #expectedPages(): number | null {
    if (this.#finalPages !== null) return this.#finalPages;
    const live = this.#previous.pages;
    return live === null ? null : Math.max(live, this.#pagesRendered);
  }

  /**
   * With the last build's seconds per phase: what it spent in the phases still ahead, plus
   * what is left of the one now, unless this one already took longer (then unknown). With
   * its total only: that less the time gone, while it is ahead. Otherwise unknown.
   */
  #remaining(now: number, elapsed: number): number | null {
    if (this.#phase === 'queued') return null;
    const phases = this.#previous.phases;
    if (phases) {
      const at = running.indexOf(this.#phase);
      const inPhase = (now - (this.#began.get(this.#phase) ?? now)) / 1000;
      const left = (phases[this.#phase] ?? 0) - inPhase;
      if (left < 0) return null;
      const ahead = running.slice(at + 1).reduce((sum, p) => sum + (phases[p] ?? 0), 0);
      return left + ahead;
    }
    const last = this.#previous.seconds;
    return last !== null && last > elapsed ? last - elapsed : null;
  }
}

/** The Norwegian sentence beside the progress bar. */
export function progressWords(progress: Omit<BuildProgress, 'words'>): string {
  const parts = [phaseWords[progress.phase]];
  const of =
    progress.expectedPages === null ? '' : ` av ${number.format(progress.expectedPages)} sider`;
  if (progress.pagesReused !== null) {
    parts.push(
      `${number.format(progress.pagesRendered)} sider laget og ` +
        `${number.format(progress.pagesReused)} gjenbrukt${of}`,
    );
  } else if (progress.pagesRendered > 0 && progress.done) {
    parts.push(`${number.format(progress.pagesRendered)} sider laget før bygget stoppet`);
  } else if (progress.pagesRendered > 0) {
    parts.push(
      `${number.format(progress.pagesRendered)} sider laget så langt${of}` +
        ' (de gjenbrukte telles når sidene er ferdige)',
    );
  }
  if (progress.phase !== 'queued') {
    parts.push(
      progress.done
        ? `tok ${formatSeconds(progress.elapsedSeconds)}`
        : `${formatSeconds(progress.elapsedSeconds)} gått`,
    );
  }
  if (!progress.done && progress.phase !== 'queued') {
    parts.push(
      progress.remainingSeconds === null
        ? 'tiden som er igjen, kan ikke anslås'
        : `omtrent ${formatSeconds(progress.remainingSeconds)} igjen`,
    );
  }
  return `${parts.join(', ')}.`;
}
