import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_NOW,
  type TestCatalogue,
  createTestCatalogue,
} from '../server/test-support/catalogue.ts';
import { type CampaignsCliContext, runCampaignsCli } from './campaigns.ts';

const TOKEN = 'cli-token';
let t: TestCatalogue;
let dir: string;
let article: number;

beforeAll(() => {
  t = createTestCatalogue(200, { campaignAdminToken: TOKEN });
  dir = mkdtempSync(join(tmpdir(), 'campaigns-cli-'));
  const [row] = t.rows<{ id: number }>('SELECT id FROM articles WHERE visible = 1 LIMIT 1');
  article = row?.id ?? 0;
});
afterAll(() => {
  t.db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the CLI against the in-process app; `fetch` may be replaced. */
async function run(
  args: string[],
  overrides: Partial<CampaignsCliContext> = {},
): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCampaignsCli(args, {
    env: { CAMPAIGN_ADMIN_TOKEN: TOKEN },
    fetch: (input, init) => Promise.resolve(t.app.request(input as string, init)),
    print: (line) => out.push(line),
    printError: (line) => err.push(line),
    now: () => TEST_NOW,
    ...overrides,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

function file(name: string, body: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(body));
  return path;
}

describe('npm run campaigns', () => {
  it('creates, changes, lists and ends a campaign', async () => {
    const created = await run([
      'create',
      '--file',
      file('ny.json', {
        name: 'Påskesalg',
        start: '2025-03-10T00:00:00+01:00',
        end: '2025-04-01T00:00:00+02:00',
        labelText: 'Påske',
        items: [
          { articleId: article, price: 9900, labelType: 'price', labelData: { text: '99,-' } },
        ],
      }),
    ]);
    expect(created.err).toBe('');
    expect(created.code).toBe(0);
    const id = /#(\d+)/u.exec(created.out)?.[1] ?? '';
    expect(created.out).toBe(
      `Opprettet #${id} «Påskesalg» (kjører): 10. mars 2025 kl. 00:00 til 1. april 2025 kl. 00:00, 1 vare.`,
    );

    const changed = await run(['change', id, '--file', file('endring.json', { name: 'Påske' })]);
    expect(changed).toMatchObject({ code: 0, err: '' });
    expect(changed.out).toContain(`Endret #${id} «Påske» (kjører)`);

    const listed = await run(['list', '--api', 'http://127.0.0.1:4321/api/v1/']);
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(/^\d+ kampanjer:/u);
    expect(listed.out).toContain(`  #${id} «Påske» (kjører)`);
    expect(listed.out).toContain('(kommer)');

    const ended = await run(['end', id]);
    expect(ended.code).toBe(0);
    expect(ended.out).toBe(
      `Avsluttet #${id} «Påske»: 10. mars 2025 kl. 00:00 til 10. mars 2025 kl. 13:00, 1 vare.`,
    );
  });

  it("prints the API's messages and exits 1 when the API refuses", async () => {
    const invalid = await run([
      'create',
      '--file',
      file('feil.json', {
        name: 'X',
        start: '2025-03-10T00:00:00Z',
        end: '2025-03-01T00:00:00Z',
        labelText: 'X',
        items: [],
      }),
    ]);
    expect(invalid).toEqual({
      code: 1,
      out: '',
      err: 'Feil (422): end må være etter start.\n  end: end må være etter start.',
    });
    expect(await run(['end', '999999'])).toMatchObject({
      code: 1,
      err: 'Feil (404): Kampanjen finnes ikke.',
    });
    const refused = await run(['list'], { env: { CAMPAIGN_ADMIN_TOKEN: 'feil' } });
    expect(refused).toMatchObject({ code: 1, err: 'Feil (401): Ugyldig eller manglende token.' });
  });

  it('says when the API cannot be reached', async () => {
    const result = await run(['list', '--api', 'http://127.0.0.1:9/api/v1'], {
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^Fikk ikke kontakt med http:\/\/127\.0\.0\.1:9\/api\/v1: /u);
  });

  it('exits 2 on a wrong command line, before calling the API', async () => {
    const calls: unknown[] = [];
    const fetch = (input: unknown): Promise<Response> => {
      calls.push(input);
      return Promise.reject(new Error('not to be called'));
    };
    for (const [args, message] of [
      [[], 'Mangler kommando.'],
      [['slett', '1'], 'Ukjent kommando: slett'],
      [['end'], 'Oppgi kampanjens id, et positivt heltall.'],
      [['end', '1x'], 'Oppgi kampanjens id, et positivt heltall.'],
      [['change', '1'], 'Mangler --file med JSON-innholdet.'],
      [['create', '--file', join(dir, 'finnes-ikke.json')], 'Fant ikke filen'],
      [['create', '--file', file('liste.json', [1])], 'må holde ett JSON-objekt.'],
      [['list', '--force'], "Unknown option '--force'"],
    ] as const) {
      const result = await run([...args], { fetch });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err).toContain(message);
      expect(result.err).toContain('Bruk:');
    }
    expect(await run(['list'], { env: {}, fetch })).toMatchObject({
      code: 2,
      err: 'CAMPAIGN_ADMIN_TOKEN er ikke satt.',
    });
    expect(calls).toEqual([]);
  });
});
