import type { HookTarget } from '../releases/hook.ts';
import type { BrandStatus } from '../releases/queue.ts';

/** What a press of 'Publiser nå' did. */
export interface PublishAnswer {
  /**
   * `started`: a build was asked for (or one more after the running one, whose data is
   * older than the API's now); `joined`: a build waiting or running will publish what the
   * press asked for, so none more was asked for.
   */
  outcome: 'started' | 'joined';
  status: BrandStatus;
}

/** What {@link publishNow} needs to know. */
export interface PublishNowDeps {
  target: HookTarget;
  /**
   * What the brand's running build is made from: undefined while none runs or before it has
   * asked the API (build-board.ts), null when the API tells no revision.
   */
  runningInputs: (brand: string) => string | null | undefined;
  /** What a build of the brand started now would be made from (builder.ts's buildInputs). */
  currentInputs: (brand: string) => Promise<string | null>;
}

/**
 * 'Publiser nå' on the local builder: two people pressing at once, or one pressing twice,
 * make one build. A press joins a build that waits in the queue, or one that runs and has
 * not yet asked what it is made from (it will read the data as of the press or later), or
 * one made from the same code and data as the API has now. Only a press that brings
 * something the running build does not have asks for one more build after it (the queue's
 * coalescing), as the build hook does for every trigger.
 */
export async function publishNow(brand: string, deps: PublishNowDeps): Promise<PublishAnswer> {
  const status = deps.target.status(brand);
  if (status.state === 'queued' || (status.state === 'building' && status.queuedAgain)) {
    return { outcome: 'joined', status };
  }
  if (status.state === 'building') {
    const running = deps.runningInputs(brand);
    if (running === undefined) return { outcome: 'joined', status };
    if (running !== null && running === (await deps.currentInputs(brand))) {
      return { outcome: 'joined', status: deps.target.status(brand) };
    }
  }
  return { outcome: 'started', status: await deps.target.trigger(brand) };
}
