/**
 * Makes sure the browser tests and benchmarks can run on a fresh machine: Debian's Chromium
 * (Playwright cannot download its own browsers here) with its headless shell, which the tests
 * run in (tests/e2e/fixtures/chromium.ts), and a Java runtime for the Nu HTML checker.
 * Installs what is missing with apt-get (the project's machines run as root).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = '/usr/bin/chromium';
const headlessShell = '/usr/bin/chromium-headless-shell';

function has(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const missing = [
  ...(existsSync(chromium) ? [] : ['chromium']),
  ...(existsSync(headlessShell) ? [] : ['chromium-headless-shell']),
  ...(has('java') ? [] : ['default-jre-headless']),
];
if (missing.length > 0) {
  console.log(`Installerer ${missing.join(', ')} med apt-get ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    stdio: 'inherit',
    env,
  });
}
for (const browser of [chromium, headlessShell]) {
  console.log(execFileSync(browser, ['--version'], { encoding: 'utf8' }).trim());
}
