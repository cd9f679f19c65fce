/**
 * `npm run bench:auth`: the cost of accounts. Starts the backend on a free loopback port over
 * an empty database in a temporary folder (accounts need no catalogue), registers a customer,
 * then measures: login p50/p95 over `--logins` sequential logins, each from a fresh session
 * (csrf-cookie, then the timed login), with the Argon2 parameters; a wrong password and an
 * unknown account side by side (they should cost the same); and the requests per second and
 * p95 of `GET customers/current` from `--clients` concurrent logged-in sessions for
 * `--seconds`. Prints figures; asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ApiRegisterRequest } from '../contract/index.ts';
import { ARGON2_OPTIONS } from '../server/accounts/passwords.ts';
import { openDatabase } from '../server/db/database.ts';
import { XSRF_COOKIE, XSRF_HEADER } from '../server/http/session.ts';
import { startApiServer } from '../server/main.ts';
import { latencyPercentiles } from '../server/search/benchmark.ts';

const { values } = parseArgs({
  options: {
    logins: { type: 'string', default: '50' },
    clients: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '5' },
  },
});
const logins = Number(values.logins);
const clients = Number(values.clients);
const seconds = Number(values.seconds);

const dir = mkdtempSync(join(tmpdir(), 'bench-auth-'));
const db = openDatabase(join(dir, 'shop.sqlite'));
// Every request comes from one loopback address, and the failed logins below are on purpose:
// the benchmark measures hashing and sessions, not the limits.
const server = await startApiServer({
  port: 0,
  db,
  rateLimits: { search: null, unsafe: null, login: null },
});

/** A browser's cookies: name to raw value. */
type Jar = Map<string, string>;

function keep(jar: Jar, res: Response): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
}

function headers(jar: Jar): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    Cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
    [XSRF_HEADER]: decodeURIComponent(jar.get(XSRF_COOKIE) ?? ''),
  };
}

async function session(): Promise<Jar> {
  const jar: Jar = new Map();
  keep(jar, await fetch(`${server.origin}/sanctum/csrf-cookie`));
  return jar;
}

async function post(jar: Jar, path: string, body: unknown): Promise<Response> {
  const res = await fetch(`${server.url}/${path}`, {
    method: 'POST',
    headers: headers(jar),
    body: JSON.stringify(body),
  });
  keep(jar, res);
  await res.arrayBuffer();
  return res;
}

const customer: ApiRegisterRequest = {
  first_name: 'Benk',
  last_name: 'Nordmann',
  email: 'benk@example.no',
  phone: '91234567',
  password: 'hemmelig-passord',
  password_confirmation: 'hemmelig-passord',
  terms_conditions: 1,
};
const registered = await post(await session(), 'customers/register', customer);
if (registered.status !== 201) throw new Error(`register answered ${String(registered.status)}`);

/** Times one login from a fresh session; returns the session and the milliseconds. */
async function timedLogin(email: string, password: string): Promise<{ jar: Jar; ms: number }> {
  const jar = await session();
  const started = performance.now();
  const res = await post(jar, 'customers/login', { email, password });
  const ms = performance.now() - started;
  const expected = password === customer.password && email === customer.email ? 200 : 422;
  if (res.status !== expected) throw new Error(`login answered ${String(res.status)}`);
  return { jar, ms };
}

const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
const line = (label: string, l: { p50: number; p95: number }) =>
  console.log(`  ${label.padEnd(36)} p50 ${fmt(l.p50)}  p95 ${fmt(l.p95)}`);
const { memoryCost, timeCost, parallelism } = ARGON2_OPTIONS;
console.log(
  `Argon2id m=${String(memoryCost)} KiB, t=${String(timeCost)}, p=${String(parallelism)}`,
);

const good: number[] = [];
for (let i = 0; i < logins; i++) {
  good.push((await timedLogin(customer.email, customer.password)).ms);
}
line(`login, ${String(logins)} sequential`, latencyPercentiles(good));

const wrong: number[] = [];
const unknown: number[] = [];
for (let i = 0; i < 20; i++) {
  wrong.push((await timedLogin(customer.email, 'feil-passord')).ms);
  unknown.push((await timedLogin('ingen@example.no', 'feil-passord')).ms);
}
line('wrong password, 20', latencyPercentiles(wrong));
line('unknown account, 20', latencyPercentiles(unknown));

// Logged-in sessions, made one after another so that their logins do not skew the reads.
const sessions: Jar[] = [];
for (let i = 0; i < clients; i++) {
  sessions.push((await timedLogin(customer.email, customer.password)).jar);
}
const timings: number[] = [];
let other = 0;
const deadline = performance.now() + seconds * 1000;
const started = performance.now();
await Promise.all(
  sessions.map(async (jar) => {
    while (performance.now() < deadline) {
      const t = performance.now();
      const res = await fetch(`${server.url}/customers/current`, { headers: headers(jar) });
      await res.arrayBuffer();
      timings.push(performance.now() - t);
      if (res.status !== 200) other++;
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
line(`GET customers/current, ${String(clients)} sessions`, latencyPercentiles(timings));
console.log(
  `  ${(timings.length / elapsed).toFixed(0)} requests/s (${String(timings.length)} in ${elapsed.toFixed(1)} s, ${String(other)} not 200)`,
);

await server.close();
db.close();
rmSync(dir, { recursive: true, force: true });
