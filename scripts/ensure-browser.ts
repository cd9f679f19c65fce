/**
 * Makes sure the browser tests can run on a fresh machine: Debian's Chromium (Playwright
 * cannot download its own browsers here) and a Java runtime for the Nu HTML checker.
 * Installs what is missing with apt-get (the project's machines run as root).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = '/usr/bin/chromium';

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
console.log(execFileSync(chromium, ['--version'], { encoding: 'utf8' }).trim());
