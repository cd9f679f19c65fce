import type { AddressInfo } from 'node:net';
import type { DatabaseSync } from 'node:sqlite';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { createBackend } from './app.ts';
import { buildHookNotifier } from './campaigns/notify-hooks.ts';
import { releaseExpiredPayments } from './checkout/payments.ts';
import { defaultDatabasePath, openDatabase } from './db/database.ts';
import type { AppEnv } from './http/env.ts';
import { purgeIdempotencyKeys } from './http/idempotency.ts';
import type { RateLimits } from './http/rate-limit.ts';
import { purgeExpiredSessions } from './http/session.ts';
import type { CampaignChangeListener } from './routes/campaigns-admin.ts';
import { ensureSeeded } from './seed/ensure.ts';

// How often unpaid provider orders past their time-out are released, payments left half-way
// taken up, and expired sessions and idempotency keys deleted.
const EXPIRY_SWEEP_MS = 60_000;

/** Port of `npm run api` unless `$PORT` says otherwise. */
export const DEFAULT_PORT = 8787;
/** Host of `npm run api` unless `$HOST` says otherwise: loopback, not the network. */
export const DEFAULT_HOST = '127.0.0.1';

/** Options of {@link startApiServer}. */
export interface StartApiServerOptions {
  /** 0 picks a free port. */
  port: number;
  hostname?: string;
  /** An open database to serve; the caller keeps ownership and closes it. */
  db?: DatabaseSync;
  /** Database file to open (and seed when empty) when `db` is not given; default `.data/`. */
  dbPath?: string;
  /** Request limits per client; default from the environment (see createApp). */
  rateLimits?: RateLimits;
  /** Hears each successful campaign write (see createApp); default none. */
  onCampaignChange?: CampaignChangeListener | undefined;
  /**
   * The secret of the brands' signed proxies (see createApp); default `API_PROXY_SECRET`,
   * null for none.
   */
  proxySecret?: string | null | undefined;
  /** The bearer token of marketing's campaign calls (see createApp); default from the environment. */
  campaignAdminToken?: string | null | undefined;
  /**
   * What the port answers, given the API: the browser tests put routes of their own in front
   * of it. Default the API alone.
   */
  front?: (api: Hono<AppEnv>) => { fetch: (request: Request) => Response | Promise<Response> };
}

/** A running backend. */
export interface RunningApiServer {
  /** Base of the contract, e.g. `http://127.0.0.1:8787/api/v1`. */
  url: string;
  /** Origin of the server (images and simulators live outside `/api/v1`). */
  origin: string;
  port: number;
  /** The API itself, for a host that serves it on a shop's origin too. */
  app: Hono<AppEnv>;
  /** Stops accepting (Node closes idle keep-alive connections) and closes a database it opened. */
  close(): Promise<void>;
}

/**
 * Starts the once-a-minute sweep of `db`: payments past their time-out are released (checkout
 * also does it before it reads; the sweep returns the stock of shoppers who never come back),
 * payments a report left half-way are taken up (`resumePayments`, at once too: a process that
 * starts finishes what the one before it was killed in), and expired sessions and idempotency
 * keys are deleted. The timer is unref'd, so it never keeps the process alive. Returns the
 * function that stops it.
 */
export function scheduleSweeps(
  db: DatabaseSync,
  resumePayments: () => Promise<number>,
): () => void {
  // One taking-up at a time: a provider slower than a minute must not be asked twice over.
  let resuming: Promise<unknown> | null = null;
  const resume = () => {
    resuming ??= resumePayments()
      .catch((error: unknown) => {
        console.warn(`payment sweep: ${String(error)}`);
      })
      .finally(() => {
        resuming = null;
      });
  };
  resume();
  const sweep = setInterval(() => {
    const now = new Date();
    try {
      releaseExpiredPayments(db, now);
      purgeIdempotencyKeys(db, now);
      purgeExpiredSessions(db, now);
    } catch (error) {
      // A busy or closing database is tried again on the next sweep.
      console.warn(`expiry sweep: ${String(error)}`);
    }
    resume();
  }, EXPIRY_SWEEP_MS);
  sweep.unref();
  return () => {
    clearInterval(sweep);
  };
}

/**
 * Runs the reference backend in this process, e.g. on port 0 for a build or an e2e run.
 * A database opened here from `dbPath` is seeded on first start (5,000 articles, real now).
 */
export async function startApiServer(options: StartApiServerOptions): Promise<RunningApiServer> {
  const ownsDb = options.db === undefined;
  const db = options.db ?? openDatabase(options.dbPath ?? defaultDatabasePath);
  if (ownsDb) ensureSeeded(db);
  const { app, resumePayments } = createBackend({
    db,
    ...(options.rateLimits === undefined ? {} : { rateLimits: options.rateLimits }),
    ...(options.onCampaignChange === undefined
      ? {}
      : { onCampaignChange: options.onCampaignChange }),
    ...(options.proxySecret === undefined ? {} : { proxySecret: options.proxySecret }),
    ...(options.campaignAdminToken === undefined
      ? {}
      : { campaignAdminToken: options.campaignAdminToken }),
  });
  const answered = options.front?.(app) ?? app;
  const hostname = options.hostname ?? DEFAULT_HOST;
  const { server, address } = await new Promise<{
    server: ReturnType<typeof serve>;
    address: AddressInfo;
  }>((resolve, reject) => {
    const server = serve({ fetch: answered.fetch, port: options.port, hostname }, (info) => {
      resolve({ server, address: info });
    });
    server.once('error', reject);
  });
  const stopSweeps = scheduleSweeps(db, resumePayments);
  const host = hostname.includes(':') ? `[${hostname}]` : hostname;
  const origin = `http://${host}:${String(address.port)}`;
  return {
    url: `${origin}/api/v1`,
    origin,
    port: address.port,
    app,
    close: () =>
      new Promise<void>((resolve, reject) => {
        stopSweeps();
        server.close((error) => {
          if (ownsDb) db.close();
          if (error === undefined) resolve();
          else reject(error);
        });
      }),
  };
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${value}".`);
  }
  return port;
}

async function main(): Promise<void> {
  const running = await startApiServer({
    port: parsePort(process.env['PORT']),
    hostname: process.env['HOST'] ?? DEFAULT_HOST,
    dbPath: process.env['DATABASE_PATH'] ?? defaultDatabasePath,
    onCampaignChange: buildHookNotifier(),
  });
  console.log(`API: ${running.url}`);
  const stop = (): void => {
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (import.meta.main) await main();
