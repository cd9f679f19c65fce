import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { brands } from '../../src/brands/index.ts';
import { scratchFolder } from '../test-support/scratch-folder.ts';

// The workflow cannot run here; its brand lists and its own shell steps can be checked.
interface Step {
  name?: string;
  run?: string;
  env?: Record<string, string>;
}
interface Workflow {
  on: { workflow_dispatch: { inputs: { brand: { options: string[] } } } };
  jobs: Record<string, { steps: Step[] }>;
}

const workflowFile = new URL('../../.github/workflows/deploy-brands.yml', import.meta.url);
const workflow = parse(readFileSync(workflowFile, 'utf8')) as Workflow;
const ids = brands.map((b) => b.id);
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);

function step(name: string): Step & { run: string } {
  const found = steps.find((s) => s.name === name);
  if (!found?.run) throw new Error(`No run step "${name}" in deploy-brands.yml`);
  return { ...found, run: found.run };
}

/** Runs a step's script as the runner does with `shell: bash`; returns its exit code and output. */
function runStep(name: string, env: Record<string, string>) {
  const dir = scratchFolder('deploy-brands');
  const script = join(dir, 'step.sh');
  const output = join(dir, 'output');
  writeFileSync(script, step(name).run);
  writeFileSync(output, '');
  const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
    env: { PATH: process.env['PATH'] ?? '', GITHUB_OUTPUT: output, ...env },
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, output: readFileSync(output, 'utf8') };
}

describe('deploy-brands.yml', () => {
  it('offers every brand, and only those, to a run by hand and to the matrix', () => {
    expect(workflow.on.workflow_dispatch.inputs.brand.options).toEqual(['all', ...ids]);
    expect(step('Choose the brands').env?.['BRANDS']?.split(' ')).toEqual(ids);
  });

  it('never writes an expression into a script, where a payload could become code', () => {
    for (const s of steps) expect(s.run ?? '').not.toContain('${{');
  });

  describe('choosing the brands', () => {
    const choose = (requested: string) =>
      runStep('Choose the brands', {
        REQUESTED: requested,
        BRANDS: 'toppfart villmark smatroll sol-og-sno',
      });
    const matrix = (output: string) =>
      JSON.parse(output.replace(/^matrix=/, '')) as { include: { brand: string; key: string }[] };

    it('builds every brand for "all", each with the key of its repository variables', () => {
      const { code, output } = choose('all');
      expect(code).toBe(0);
      expect(matrix(output).include).toEqual([
        { brand: 'toppfart', key: 'TOPPFART' },
        { brand: 'villmark', key: 'VILLMARK' },
        { brand: 'smatroll', key: 'SMATROLL' },
        { brand: 'sol-og-sno', key: 'SOL_OG_SNO' },
      ]);
    });

    it('builds the one brand a dispatch names', () => {
      const { code, output } = choose('villmark');
      expect(code).toBe(0);
      expect(matrix(output).include).toEqual([{ brand: 'villmark', key: 'VILLMARK' }]);
    });

    it('fails on anything else, on one line and without a matrix', () => {
      for (const requested of ['ukjent', 'toppfart villmark', '*', 'x\n::warning::y']) {
        const { code, stdout, output } = choose(requested);
        expect(code).toBe(1);
        expect(stdout).toMatch(/^::error::Unknown brand .*Known brands: toppfart/);
        expect(stdout.trim().split('\n')).toHaveLength(1);
        expect(output).toBe('');
      }
    });
  });

  describe('checking the settings', () => {
    const settings = {
      BRAND: 'toppfart',
      KEY: 'TOPPFART',
      API_URL: 'https://api.example.no/api/v1',
      API_ORIGIN: 'https://api.example.no',
      API_PROXY_SECRET: 'proxy-secret',
      CLOUDFLARE_API_TOKEN: 'cf-token',
      CLOUDFLARE_ACCOUNT_ID: 'cf-account',
      CF_PAGES_PROJECT: 'toppfart-pages',
      NETLIFY_AUTH_TOKEN: 'nf-token',
      NETLIFY_SITE_ID: 'nf-site',
    };
    const check = (env: Record<string, string>) => runStep('Check the settings', env);

    it('passes with what the chosen host needs', () => {
      const noNetlify = { NETLIFY_AUTH_TOKEN: '', NETLIFY_SITE_ID: '' };
      expect(check({ ...settings, ...noNetlify, DEPLOY_HOST: 'cloudflare' }).code).toBe(0);
      const noCloudflare = {
        CLOUDFLARE_API_TOKEN: '',
        CLOUDFLARE_ACCOUNT_ID: '',
        CF_PAGES_PROJECT: '',
      };
      expect(check({ ...settings, ...noCloudflare, DEPLOY_HOST: 'netlify' }).code).toBe(0);
    });

    it('names every missing secret and variable, API_URL and the API origin included', () => {
      const { code, stdout } = check({
        ...settings,
        DEPLOY_HOST: 'cloudflare',
        API_URL: '',
        API_ORIGIN: '',
        API_PROXY_SECRET: '',
        CF_PAGES_PROJECT: '',
      });
      expect(code).toBe(1);
      expect(stdout).toContain(
        '::error::Missing for toppfart on cloudflare: secret API_URL, variable API_ORIGIN_TOPPFART (or API_ORIGIN), secret API_PROXY_SECRET, variable CF_PAGES_PROJECT_TOPPFART.',
      );
      const netlify = check({ ...settings, DEPLOY_HOST: 'netlify', NETLIFY_SITE_ID: '' });
      expect(netlify.code).toBe(1);
      expect(netlify.stdout).toContain('variable NETLIFY_SITE_ID_TOPPFART');
    });

    it('refuses an API origin that is not an https origin alone', () => {
      for (const origin of [
        'http://api.example.no',
        'https://api.example.no/api/v1',
        'api.example.no',
        'https://api.example.no/',
      ]) {
        const { code, stdout } = check({
          ...settings,
          DEPLOY_HOST: 'cloudflare',
          API_ORIGIN: origin,
        });
        expect(code, origin).toBe(1);
        expect(stdout, origin).toContain(
          "::error::API_ORIGIN for toppfart must be the API's https origin",
        );
      }
    });

    it('refuses a host it cannot deploy to', () => {
      const { code, stdout } = check({ ...settings, DEPLOY_HOST: 'vercel' });
      expect(code).toBe(1);
      expect(stdout).toContain('use cloudflare or netlify');
    });
  });
});
