/**
 * For payment-kill.test.ts: the reference backend as `npm run api` runs it, over the database
 * file named in the first argument (provider settings from the environment), in a process of
 * its own that the test kills as the OOM killer or a power cut would. Says `listening <url>`.
 */
import { openDatabase } from '../db/database.ts';
import { NO_RATE_LIMITS } from '../http/rate-limit.ts';
import { startApiServer } from '../main.ts';

const db = openDatabase(process.argv[2] ?? '');
const server = await startApiServer({ port: 0, db, rateLimits: NO_RATE_LIMITS });
process.stdout.write(`listening ${server.origin}\n`);
