import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { DatabaseSync } from 'node:sqlite';
import type { AddressInfo } from 'node:net';
import { createApp, createBackend } from '../../server/app.ts';
import { NO_RATE_LIMITS } from '../../server/http/rate-limit.ts';
import { scheduleSweeps, startApiServer } from '../../server/main.ts';
import { brandBuildSlots, BuildWorkers } from '../build-brands.ts';
import { createHostApp } from '../host.ts';
import { Previews } from '../previews/previews.ts';
import { isFresh } from '../stale.ts';
import { createPublishingApp } from '../publishing/app.ts';
import { BuildBoard } from '../publishing/build-board.ts';
import {
  buildInputs,
  buildReleaseUntilLive,
  clearKilledBuilds,
  type ReleaseBuilderOptions,
} from './builder.ts';
import { dispatchRebuild } from './dispatch.ts';
import { createBuildHookApp, hookTokenVariable, type HookTarget } from './hook.ts';
import { idleStatus, RebuildQueue, releaseStatus, type BrandStatus } from './queue.ts';
import { brandDist, listReleases } from './releases.ts';
import { scheduleCampaignRebuilds } from './schedule.ts';

/** What {@link startShopServer} serves and builds. */
export interface ShopServerOptions {
  /** The brand served on `port`. */
  brand: string;
  /** Every brand the builder may build (hooks, schedule); the served brand among them. */
  brands: readonly string[];
  port: number;
  hostname: string;
  db: DatabaseSync;
  distRoot: string;
  cacheRoot: string;
  keep: number;
  /** The chain's API instead of the reference backend's, for the builds. */
  apiUrl?: string | undefined;
  /** The bearer token of the campaign calls (env `CAMPAIGN_ADMIN_TOKEN` by default). */
  campaignAdminToken?: string;
  /** Brand -> build hook token (env `BUILD_HOOK_TOKEN_<BRAND>` by default). */
  tokens?: ReadonlyMap<string, string | undefined>;
  /**
   * What the served brand's build is made from (builder/stale.ts): a live release made
   * from something else is rebuilt before the shop opens.
   */
  fingerprint?: string;
  log?: (message: string) => void;
}

/** A running shop: its origin, the build queue, and how to stop it. */
export interface RunningShop {
  origin: string;
  queue: RebuildQueue;
  /** What /publisering shows of the builds, pushed as it happens. */
  board: BuildBoard;
  /** Marketing's previews of coming campaigns; null without a campaign admin token. */
  previews: Previews | null;
  close(): Promise<void>;
}

/**
 * What the build hooks drive: with `GITHUB_REPOSITORY` and `GITHUB_DISPATCH_TOKEN` set, the
 * CI workflow (.github/workflows/deploy-brands.yml, by `repository_dispatch`), whose runs
 * GitHub shows; the hook then answers `queued` since the dispatch. Otherwise the local queue.
 */
function hookTarget(queue: RebuildQueue, distRoot: string): HookTarget {
  const repository = process.env['GITHUB_REPOSITORY'];
  const token = process.env['GITHUB_DISPATCH_TOKEN'];
  if (!repository || !token) return liveOnDisk(queue, distRoot);
  const dispatched = new Map<string, BrandStatus>();
  return {
    trigger: async (brand) => {
      await dispatchRebuild(brand, { repository, token });
      const status = {
        ...idleStatus(brand),
        state: 'queued' as const,
        startedAt: new Date().toISOString(),
      };
      dispatched.set(brand, status);
      return status;
    },
    status: (brand) => dispatched.get(brand) ?? idleStatus(brand),
  };
}

/**
 * The local queue, whose state names the release live on disk: one made live again outside a
 * build (a rollback on /publisering, or `npm run releases -- --rollback` in another process)
 * is the brand's release from then on, for the build hook's `GET` and the page alike. While a
 * build runs or waits, its own outcome follows.
 */
function liveOnDisk(queue: RebuildQueue, distRoot: string): HookTarget {
  return {
    trigger: (brand) => queue.trigger(brand),
    status: (brand) => {
      const status = queue.status(brand);
      if (status.state === 'building' || status.state === 'queued') return status;
      const live = listReleases(brandDist(distRoot, brand)).find((r) => r.live);
      return live && live.id !== status.releaseId
        ? queue.rolledBack(brand, releaseStatus(live))
        : status;
    },
  };
}

/** The state a brand starts with: its live release's, when it has one. */
function statusOnDisk(distRoot: string, brand: string): BrandStatus {
  const live = listReleases(brandDist(distRoot, brand)).find((r) => r.live);
  if (!live) return idleStatus(brand);
  return { ...idleStatus(brand), ...releaseStatus(live), state: 'live' };
}

/**
 * The whole shop on one origin, as `npm start` runs it: the `/api/v1` backend, the served
 * brand's live release (following each switch), the build hooks `/hooks/build/{brand}`, the
 * build queue and the campaign schedule. Builds read the backend through a loopback port of
 * their own, without the shoppers' request limits. Until the served brand has a fresh live
 * release, the origin answers the API only.
 */
export async function startShopServer(options: ShopServerOptions): Promise<RunningShop> {
  const log = options.log ?? console.log;
  const { db, brand } = options;
  const adminToken = options.campaignAdminToken ?? process.env['CAMPAIGN_ADMIN_TOKEN'];
  const internalApi = options.apiUrl
    ? null
    : await startApiServer({
        port: 0,
        db,
        rateLimits: NO_RATE_LIMITS,
        // Previews read it as of a campaign's start, with the campaign token.
        ...(adminToken ? { campaignAdminToken: adminToken } : {}),
      });
  const apiUrl = options.apiUrl ?? internalApi?.url ?? '';
  // Each brand's builds run in a process kept warm from one build to the next: a campaign's
  // build starts with Astro loaded and compiled (builder/build-brands.ts).
  const workers = new BuildWorkers();
  const builder: ReleaseBuilderOptions = {
    distRoot: options.distRoot,
    cacheRoot: options.cacheRoot,
    apiUrl,
    keep: options.keep,
    workers,
    ...(options.fingerprint ? { fingerprint: options.fingerprint } : {}),
  };
  // What builds killed before this start left is no release, nor a standby copy.
  await clearKilledBuilds(options.distRoot, options.brands);
  const tokens =
    options.tokens ??
    new Map(options.brands.map((b) => [b, process.env[hookTokenVariable(b)] || undefined]));
  const scheduled = options.brands.filter((b) => b === brand || tokens.get(b));
  // Marketing's page (/publisering) follows every build from the queue's and builder's events.
  const board = new BuildBoard({ distRoot: options.distRoot, brands: scheduled });
  const queue = new RebuildQueue(
    (b) =>
      buildReleaseUntilLive(b, {
        ...builder,
        onInputs: (inputs) => board.inputs(b, inputs),
        onStep: (step) => board.step(b, step),
        onPages: (pages) => board.pages(b, pages),
      }),
    {
      concurrency: brandBuildSlots(),
      initial: options.brands.map((b) => statusOnDisk(options.distRoot, b)),
      log,
      onChange: (status) => board.status(status),
    },
  );
  const target = hookTarget(queue, options.distRoot);
  /** Starts a build for the schedule or a campaign change; a failed start is logged. */
  const rebuild = (b: string) => {
    Promise.resolve(target.trigger(b)).catch((error: unknown) => {
      log(`Bygget av ${b} kunne ikke startes (${String(error)})`);
    });
  };
  const schedule = scheduleCampaignRebuilds({ brands: scheduled, apiUrl, trigger: rebuild, log });

  // Marketing's campaign changes (`/api/v1/admin/campaigns`) rebuild the brands they touch
  // that this builder keeps, and the schedule reads the campaigns' times anew.
  const { app: api, resumePayments } = createBackend({
    db,
    ...(adminToken ? { campaignAdminToken: adminToken } : {}),
    onCampaignChange: ({ brands: touched }) => {
      for (const b of touched.filter((t) => scheduled.includes(t))) rebuild(b);
      schedule.replan();
    },
  });
  let site: Pick<Hono, 'fetch'> = createApp({ db, rateLimits: NO_RATE_LIMITS });
  const hooks = createBuildHookApp({ target, tokens, log });
  const previews = adminToken
    ? new Previews({
        distRoot: options.distRoot,
        cacheRoot: options.cacheRoot,
        apiUrl,
        adminToken,
        brands: options.brands,
        hostname: options.hostname,
        api,
        workers,
      })
    : null;
  const ci = Boolean(process.env['GITHUB_REPOSITORY'] && process.env['GITHUB_DISPATCH_TOKEN']);
  const publishing = createPublishingApp({
    brands: scheduled,
    distRoot: options.distRoot,
    board,
    target,
    apiUrl,
    searchBrand: brand,
    // Through the backend of this process, as the shop's origin answers the calls, so that a
    // campaign written on the page rebuilds the brands it touches.
    admin: options.apiUrl
      ? { apiUrl: options.apiUrl }
      : {
          apiUrl: 'http://builder.invalid/api/v1',
          fetch: (input, init) => Promise.resolve(api.fetch(new Request(input, init))),
        },
    secret: adminToken || null,
    ciRepository: ci ? (process.env['GITHUB_REPOSITORY'] ?? null) : null,
    currentInputs: (b) => buildInputs(b, apiUrl),
    // Its routes answer behind the page's sign-in.
    previews: previews ?? undefined,
  });
  const front = new Hono();
  front.route('/', hooks);
  front.route('/', publishing);
  // The bindings carry the socket, by which the request limits tell clients apart.
  front.all('*', (c) => site.fetch(c.req.raw, c.env));
  // The builders' own loopback API already sweeps the database.
  const stopSweeps = internalApi ? () => undefined : scheduleSweeps(db, resumePayments);
  const server = serve({ fetch: front.fetch, port: options.port, hostname: options.hostname });
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://${options.hostname}:${String((server.address() as AddressInfo).port)}`;

  const dist = brandDist(options.distRoot, brand);
  const live = listReleases(dist).find((r) => r.live);
  if (!live || (options.fingerprint && !isFresh(live.dir, options.fingerprint))) {
    log(`Bygger ${brand} mot ${apiUrl} ...`);
    queue.trigger(brand);
    const status = await queue.settled(brand);
    if (status.state === 'failed' && !listReleases(dist).some((r) => r.live)) {
      await close();
      throw new Error(status.error ?? `Bygget av ${brand} feilet`);
    }
    log(`Ferdig på ${status.seconds?.toFixed(1) ?? '?'} s.`);
  } else {
    log(`Bygget for ${brand} er oppdatert.`);
  }
  site = createHostApp({ distDir: dist.live, api });

  async function close(): Promise<void> {
    schedule.stop();
    board.stop();
    await previews?.close();
    workers.close();
    stopSweeps();
    await new Promise((resolve) => server.close(resolve));
    await internalApi?.close();
  }
  return { origin, queue, board, previews, close };
}
