import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiKlarnaOrder } from '../../contract/index.ts';
import { listOutbox } from '../accounts/outbox.ts';
import { openDatabase } from '../db/database.ts';
import { NO_RATE_LIMITS } from '../http/rate-limit.ts';
import { overHttp, TestClient } from '../test-support/client.ts';
import { startApiServer, type RunningApiServer } from '../main.ts';
import { releaseExpiredPayments } from './payments.ts';
import { createCheckoutFixture } from '../test-support/checkout.ts';

const fixture = fileURLToPath(new URL('../test-support/payment-kill-server.ts', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'payment-kill-'));
const children: ChildProcess[] = [];
let provider: RunningApiServer | undefined;

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await provider?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Starts the backend over `dbPath` in a process of its own; answers it and its origin. */
async function startShop(
  dbPath: string,
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; origin: string; exited: Promise<unknown> }> {
  const child = spawn(process.execPath, [fixture, dbPath], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  const origin = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^listening (\S+)$/mu.exec(output);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(() => reject(new Error(`The backend ended before listening:\n${output}`)));
  });
  return { child, origin, exited };
}

/**
 * A late payment killed with its process between the provider call that gives it back and
 * the record of it: what is left poses as nothing finished, and the next process to start
 * finishes it once, with no report from the provider or the shopper.
 */
describe('a payment cut short by a killed backend', { timeout: 60_000 }, () => {
  it('is left refunding, and the next start gives it back once and tells the shopper', async () => {
    const dbPath = join(scratch, 'shop.sqlite');
    const f = createCheckoutFixture({ dbPath });
    const a = f.variant(3);
    f.setArticle(a, { price: 40_000, pant: 0, limit: 5 });
    f.setStock(a, 4);

    // The provider lives on in a process of its own (this one), as a real one would; its
    // cancel is held, unanswered, until the backend that asked has been killed.
    let hold = true;
    let cancelSeen = (): void => undefined;
    const cancelArrived = new Promise<void>((resolve) => (cancelSeen = resolve));
    provider = await startApiServer({
      port: 0,
      // Not a loopback name the backend answers in-process: its calls go over the network.
      hostname: '127.0.0.2',
      db: openDatabase(':memory:'),
      rateLimits: NO_RATE_LIMITS,
      front: (api) => ({
        fetch: (request) => {
          const cancel = request.method === 'POST' && request.url.endsWith('/cancel');
          if (!(hold && cancel)) return api.fetch(request);
          cancelSeen();
          return new Promise<Response>(() => undefined);
        },
      }),
    });
    const env = { ...process.env, FIRST_PROVIDER_URL: `${provider.origin}/providers/first` };

    const first = await startShop(dbPath, env);
    const shopper = new TestClient(overHttp(first.origin));
    await shopper.request('/sanctum/csrf-cookie');
    const started = await shopper.post<ApiKlarnaOrder>(
      '/api/v1/checkout/first/orders',
      f.body([[a, 2]], { returnUrl: '/kasse/kvittering' }),
    );
    expect(started.status).toBe(201);
    // The shopper approves after the time-out, and the stock given back then is sold meanwhile:
    // the payment must be given back.
    expect(releaseExpiredPayments(f.db, new Date(Date.now() + 31 * 60_000))).toBe(1);
    f.setStock(a, 0);
    // The simulator's pay page is a path on its own origin.
    const approved = await fetch(new URL(`${started.body.redirectUrl}/approve`, provider.origin), {
      method: 'POST',
      redirect: 'manual',
    });
    expect(approved.status).toBe(303);
    const read = shopper
      .request(`/api/v1/checkout/first/orders/${started.body.orderId}`)
      .catch((error: unknown) => error);
    await cancelArrived;
    first.child.kill('SIGKILL');
    await first.exited;
    expect(await read).toBeInstanceOf(Error);

    const payment = () =>
      f.db.prepare('SELECT status_id, payment_status FROM reservations').get() as {
        status_id: number;
        payment_status: string;
      };
    const returns = () =>
      (f.db.prepare('SELECT COUNT(*) AS n FROM payment_returns').get() as { n: number }).n;
    const mails = () => listOutbox(f.db, 10, 'kari@example.no');
    expect(payment()).toEqual({ status_id: 4, payment_status: 'refunding' });
    expect(returns()).toBe(0);
    expect(mails()).toEqual([]);

    hold = false;
    const second = await startShop(dbPath, env);
    await expect.poll(() => payment().payment_status, { timeout: 15_000 }).toBe('refunded');
    expect(returns()).toBe(1);
    expect(mails().map((m) => m.subject)).toEqual([
      'Betalingen kom for sent – du er ikke belastet',
    ]);
    expect(f.stock(a)).toBe(0);
    second.child.kill('SIGKILL');
    await second.exited;
  });
});
