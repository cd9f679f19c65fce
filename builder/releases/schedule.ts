import { getCampaigns } from '../../src/lib/api/catalogue.ts';
import { createApiClient } from '../../src/lib/api/client.ts';
import type { Campaign } from '../../src/lib/types.ts';

/** Longest single wait: timers cap at 2^31 ms, and an hourly look also sees new campaigns. */
const longestWait = 60 * 60 * 1000;

/**
 * The next moment after `now` at which a campaign starts or ends, when its price or label
 * changes on the built pages; null when none lies ahead.
 */
export function nextBoundary(
  campaigns: ReadonlyArray<Pick<Campaign, 'start' | 'end'>>,
  now: Date,
): Date | null {
  const times = campaigns
    .flatMap((c) => [Date.parse(c.start), Date.parse(c.end)])
    .filter((t) => Number.isFinite(t) && t > now.getTime());
  return times.length > 0 ? new Date(Math.min(...times)) : null;
}

/** The campaign schedule's options. */
export interface CampaignScheduleOptions {
  brands: readonly string[];
  apiUrl: string;
  /** Asks for a rebuild of the brand (the build queue's trigger). */
  trigger: (brand: string) => void;
  log?: (message: string) => void;
}

/**
 * Rebuilds each brand when one of its campaigns starts or ends: reads the brand's running
 * and coming campaigns (`GET campaigns/`), waits until the next start or end (at most an
 * hour, then reads again), triggers a build a second after it, and plans again. `replan`
 * reads at once (after a campaign change). Answers a function that stops it.
 */
export function scheduleCampaignRebuilds({
  brands,
  apiUrl,
  trigger,
  log = console.log,
}: CampaignScheduleOptions): { replan: () => void; stop: () => void } {
  const timers = new Map<string, NodeJS.Timeout>();
  let stopped = false;

  const plan = async (brand: string): Promise<void> => {
    clearTimeout(timers.get(brand));
    let next: Date | null = null;
    try {
      const client = createApiClient({ baseURL: apiUrl, tenant: brand });
      next = nextBoundary(await getCampaigns(client), new Date());
    } catch (error) {
      log(`Kampanjeplan for ${brand}: kunne ikke lese kampanjene (${String(error)})`);
    }
    if (stopped) return;
    const wait = next ? next.getTime() - Date.now() + 1000 : longestWait;
    const due = wait <= longestWait;
    if (next && due) log(`Kampanjeplan: ${brand} bygges på nytt ${next.toISOString()}`);
    const timer = setTimeout(
      () => {
        if (due && next) trigger(brand);
        void plan(brand);
      },
      Math.max(0, Math.min(wait, longestWait)),
    );
    timer.unref();
    timers.set(brand, timer);
  };

  for (const brand of brands) void plan(brand);
  return {
    replan: () => {
      for (const brand of brands) void plan(brand);
    },
    stop: () => {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
    },
  };
}
