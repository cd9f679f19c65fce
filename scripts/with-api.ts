/**
 * `node scripts/with-api.ts <command> [args...]`: runs a command with `API_URL` set, starting
 * the reference backend in-process on a free port when no `API_URL` is given. `astro sync`
 * and `astro dev` need it, since the content loaders read the API.
 */
import { spawn } from 'node:child_process';
import { withApi } from './lib/with-api.ts';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('Usage: node scripts/with-api.ts <command> [args...]');
  process.exit(2);
}

const code = await withApi(
  process.env['API_URL'],
  (apiUrl) =>
    new Promise<number>((resolve, reject) => {
      const child = spawn(command, args, {
        stdio: 'inherit',
        env: { ...process.env, API_URL: apiUrl },
      });
      child.on('error', reject);
      child.on('close', (exit) => resolve(exit ?? 1));
    }),
);
process.exit(code);
