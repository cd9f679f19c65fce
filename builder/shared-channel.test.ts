import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedChannel } from './shared-channel.ts';
import * as channel from '../src/lib/build-channel.ts';

const CHANNEL = fileURLToPath(new URL('../src/lib/build-channel.ts', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'shared-channel-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The plugin's `load` for `id` in an environment whose consumer is `consumer`. */
function served(id: string, consumer: 'server' | 'client'): unknown {
  const { load } = sharedChannel();
  const context = { environment: { config: { consumer } } };
  return typeof load === 'function' ? Reflect.apply(load, context, [id]) : undefined;
}

describe("the build channel's plugin", () => {
  it("serves a server environment Node's own instance of the channel: a slot set on either side is the other's", () => {
    const code = served(CHANNEL, 'server');
    expect(typeof code).toBe('string');
    // Written where a server bundle would be, and imported by Node beside the channel itself,
    // as a build process imports its server bundle beside the integration.
    writeFileSync(join(scratch, 'channel.mjs'), String(code));
    const check = join(scratch, 'check.mjs');
    writeFileSync(
      check,
      [
        `import { buildSlot as node } from ${JSON.stringify(pathToFileURL(CHANNEL).href)};`,
        "import { buildSlot as bundled } from './channel.mjs';",
        "node('pages', 0).value = 7;",
        "bundled('tally', new Map()).value.set('article', 2);",
        "console.log(bundled('pages', 0).value, node('tally', new Map()).value.get('article'));",
      ].join('\n'),
    );
    expect(execFileSync(process.execPath, [check], { encoding: 'utf8' }).trim()).toBe('7 2');
  });

  it("serves the browser's build slots that hold their initial value, under the channel's names", async () => {
    const code = served(CHANNEL, 'client');
    expect(typeof code).toBe('string');
    const module = join(scratch, 'browser.mjs');
    writeFileSync(module, String(code));
    const browser = (await import(pathToFileURL(module).href)) as typeof channel;
    expect(Object.keys(browser)).toEqual(Object.keys(channel));
    expect(browser.buildSlot('pictures', null).value).toBeNull();
  });

  it('leaves every other module as it is', () => {
    expect(
      served(fileURLToPath(new URL('./astro-output.ts', import.meta.url)), 'server'),
    ).toBeNull();
  });
});
