/**
 * `npm run campaigns -- <command>`: marketing's campaign administration from the command line,
 * over the backend's `/admin/campaigns` calls (contract/README.md, "Campaign administration"),
 * with the token from `CAMPAIGN_ADMIN_TOKEN`:
 *
 *   list                       every campaign, past, running and coming
 *   create --file c.json       a new campaign (`ApiAdminCampaignInput`)
 *   change <id> --file p.json  change fields and/or replace the items (`ApiAdminCampaignInput`'s)
 *   end <id>                   end a campaign now
 *
 * `--api <url>` names the API (default the one `npm start` serves). On failure it prints the
 * API's message and exits 1 (2 for a wrong command line).
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { FetchError, ofetch } from 'ofetch';
import type {
  ApiAdminCampaign,
  ApiAdminCampaignInput,
  ApiDataList,
  ApiError,
} from '../contract/index.ts';
import { formatArticleCount } from '../src/lib/format/count.ts';
import { formatDate, formatTime } from '../src/lib/format/date.ts';

/** The API the CLI calls unless `--api` says otherwise: `npm start`'s. */
export const DEFAULT_API = 'http://127.0.0.1:4321/api/v1';

const USAGE = `Bruk:
  npm run campaigns -- list
  npm run campaigns -- create --file kampanje.json
  npm run campaigns -- change <id> --file endring.json
  npm run campaigns -- end <id>
Valg: --api <url> (standard ${DEFAULT_API}). Tokenet leses fra CAMPAIGN_ADMIN_TOKEN.`;

/**
 * Creates a campaign through the campaign call (`POST admin/campaigns` of the API at `api`)
 * with `token`; answers the response as it came, for callers that check its status: the
 * rebuild benchmark and the rebuild journey.
 */
export function postCampaign(
  api: string,
  token: string,
  input: ApiAdminCampaignInput,
): Promise<Response> {
  return fetch(`${api.replace(/\/+$/u, '')}/admin/campaigns`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
}

/** What the CLI runs with; tests give their own. */
export interface CampaignsCliContext {
  env: NodeJS.ProcessEnv;
  /** The fetch ofetch sends with. */
  fetch: typeof globalThis.fetch;
  /** Where results go (stdout) and where failures go (stderr). */
  print: (line: string) => void;
  printError: (line: string) => void;
  now: () => Date;
}

class UsageError extends Error {}

const when = (iso: string): string => `${formatDate(iso)} kl. ${formatTime(iso)}`;

function stateAt(campaign: ApiAdminCampaign, now: Date): string {
  const at = now.toISOString();
  if (campaign.end <= at) return 'avsluttet';
  return campaign.start > at ? 'kommer' : 'kjører';
}

function describe(campaign: ApiAdminCampaign, now?: Date): string {
  const state = now === undefined ? '' : ` (${stateAt(campaign, now)})`;
  return (
    `#${String(campaign.id)} «${campaign.name}»${state}: ${when(campaign.start)} til ` +
    `${when(campaign.end)}, ${formatArticleCount(campaign.count)}`
  );
}

async function readJsonFile(path: string | undefined): Promise<Record<string, unknown>> {
  if (path === undefined) throw new UsageError('Mangler --file med JSON-innholdet.');
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new UsageError(`Fant ikke filen ${path}.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${path} er ikke gyldig JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UsageError(`${path} må holde ett JSON-objekt.`);
  }
  return value as Record<string, unknown>;
}

function campaignId(value: string | undefined): number {
  if (value === undefined || !/^[1-9]\d{0,14}$/u.test(value)) {
    throw new UsageError('Oppgi kampanjens id, et positivt heltall.');
  }
  return Number(value);
}

/** The API's own message and field messages, or what went wrong on the way there. */
function failure(error: unknown, api: string): string[] {
  if (!(error instanceof FetchError)) throw error;
  const body = error.data as Partial<ApiError> | undefined;
  if (error.status === undefined) return [`Fikk ikke kontakt med ${api}: ${error.message}`];
  const message = typeof body?.message === 'string' ? body.message : error.statusText;
  const fields = Object.entries(body?.errors ?? {}).flatMap(([field, messages]) =>
    messages.map((text) => `  ${field}: ${text}`),
  );
  return [`Feil (${String(error.status)}): ${message ?? ''}`, ...fields];
}

/** Runs the CLI on `args` (what follows `--`) and resolves to the exit code. */
export async function runCampaignsCli(
  args: string[],
  context: CampaignsCliContext,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: { api: { type: 'string' }, file: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    context.printError(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const [command, id, ...rest] = parsed.positionals;
  const api = (parsed.values.api ?? DEFAULT_API).replace(/\/+$/u, '');
  const token = context.env['CAMPAIGN_ADMIN_TOKEN'] ?? '';
  if (token === '') {
    context.printError('CAMPAIGN_ADMIN_TOKEN er ikke satt.');
    return 2;
  }
  const admin = ofetch.create(
    {
      baseURL: `${api}/admin/campaigns`,
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    },
    { fetch: context.fetch },
  );
  try {
    if (rest.length > 0) throw new UsageError(`Ukjent argument: ${rest.join(' ')}`);
    switch (command) {
      case 'list': {
        if (id !== undefined) throw new UsageError(`Ukjent argument: ${id}`);
        const { data } = await admin<ApiDataList<ApiAdminCampaign>>('');
        context.print(data.length === 1 ? '1 kampanje:' : `${String(data.length)} kampanjer:`);
        for (const campaign of data) context.print(`  ${describe(campaign, context.now())}`);
        return 0;
      }
      case 'create': {
        if (id !== undefined) throw new UsageError(`Ukjent argument: ${id}`);
        const body = await readJsonFile(parsed.values.file);
        const campaign = await admin<ApiAdminCampaign>('', { method: 'POST', body });
        context.print(`Opprettet ${describe(campaign, context.now())}.`);
        return 0;
      }
      case 'change': {
        const path = `/${String(campaignId(id))}`;
        const body = await readJsonFile(parsed.values.file);
        const campaign = await admin<ApiAdminCampaign>(path, { method: 'PATCH', body });
        context.print(`Endret ${describe(campaign, context.now())}.`);
        return 0;
      }
      case 'end': {
        const path = `/${String(campaignId(id))}/end`;
        const campaign = await admin<ApiAdminCampaign>(path, { method: 'POST' });
        // Without a state: the server's clock set the end, and this one may lag behind it.
        context.print(`Avsluttet ${describe(campaign)}.`);
        return 0;
      }
      default:
        throw new UsageError(
          command === undefined ? 'Mangler kommando.' : `Ukjent kommando: ${command}`,
        );
    }
  } catch (error) {
    if (error instanceof UsageError) {
      context.printError(`${error.message}\n${USAGE}`);
      return 2;
    }
    for (const line of failure(error, api)) context.printError(line);
    return 1;
  }
}

if (import.meta.main) {
  process.exitCode = await runCampaignsCli(process.argv.slice(2), {
    env: process.env,
    fetch: globalThis.fetch,
    print: (line) => {
      console.log(line);
    },
    printError: (line) => {
      console.error(line);
    },
    now: () => new Date(),
  });
}
