/**
 * Marketing's previews of coming campaigns, as the publishing page drives them: start one,
 * follow its state, open it. Each preview is built by ./preview-build.ts and served on an
 * origin of its own (./preview-site.ts); the stable address
 * `/publisering/forhandsvisning/<brand>/<campaignId>/` sends a signed-in marketer there.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { ApiAdminCampaign, ApiDataList } from '../../contract/index.ts';
import { escapeHtml } from '../../src/lib/format/html.ts';
import { formatDate, formatTime } from '../../src/lib/format/date.ts';
import {
  brandPreviewsDir,
  buildPreview,
  previewDir,
  readPreview,
  type PreviewBuildOptions,
  type PreviewInfo,
} from './preview-build.ts';
import { createPreviewSite } from './preview-site.ts';

/** Where a preview is. */
export type PreviewState = 'idle' | 'building' | 'ready' | 'failed' | 'refused';

/** A preview's state, as the publishing page shows it and its events carry it. */
export interface PreviewStatus {
  brand: string;
  campaignId: number;
  state: PreviewState;
  /** ISO instant the preview shows (the campaign's start), once known. */
  at: string | null;
  /** The preview's address once ready: `/publisering/forhandsvisning/<brand>/<id>/`. */
  url: string | null;
  /** Why there is none (refused, failed), in Norwegian. */
  reason: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  seconds: number | null;
  pagesRendered: number | null;
  pagesReused: number | null;
}

/** A campaign as a preview needs it. */
export interface CampaignTimes {
  id: number;
  name: string;
  start: string;
  end: string;
}

/** Options of {@link Previews}. */
export interface PreviewsOptions extends PreviewBuildOptions {
  /** The brands that may be previewed. */
  brands: readonly string[];
  /** Where previews' own origins listen (the shop's hostname). */
  hostname: string;
  /** Answers the API paths on a preview's origin, as on the shop's. */
  api: Pick<Hono, 'fetch'>;
  /** The campaign with `id`, or null; default `GET admin/campaigns` with the admin token. */
  campaign?: (id: number) => Promise<CampaignTimes | null>;
  /** The clock that tells coming campaigns from running ones; default real time. */
  now?: () => Date;
  /** How long the pass to the previews lasts in a marketer's browser; default 8 hours. */
  passSeconds?: number;
}

/** Why a campaign has no preview, or null when it may have one. */
export function whyNoPreview(campaign: CampaignTimes | null, now: Date): string | null {
  if (campaign === null) return 'Kampanjen finnes ikke.';
  if (Date.parse(campaign.end) <= now.getTime()) {
    return 'Kampanjen er avsluttet, så det finnes ingen forhåndsvisning av den.';
  }
  if (Date.parse(campaign.start) <= now.getTime()) {
    return 'Kampanjen er i gang: kundene ser den allerede i butikken, så det finnes ingen forhåndsvisning av den.';
  }
  return null;
}

/** The preview's stable address on the builder's origin. */
export function previewAddress(brand: string, campaignId: number): string {
  return `/publisering/forhandsvisning/${brand}/${String(campaignId)}/`;
}

/** The cookie of marketing's pass on previews' origins (a cookie is shared by every port). */
const PASS_COOKIE = 'forhandsvisning';
/** The path on a preview's origin that trades a ticket for the pass. */
const TICKET_PATH = '/__forhandsvisning';
const TICKET_MS = 60_000;

/** The state of a preview never asked for: every field empty. */
export const idlePreview = (brand: string, campaignId: number): PreviewStatus => ({
  brand,
  campaignId,
  state: 'idle',
  at: null,
  url: null,
  reason: null,
  startedAt: null,
  finishedAt: null,
  seconds: null,
  pagesRendered: null,
  pagesReused: null,
});

const ready = (info: PreviewInfo): PreviewStatus => ({
  brand: info.brand,
  campaignId: info.campaignId,
  state: 'ready',
  at: info.at,
  url: previewAddress(info.brand, info.campaignId),
  reason: null,
  startedAt: info.startedAt,
  finishedAt: info.finishedAt,
  seconds: info.seconds,
  pagesRendered: info.pagesRendered,
  pagesReused: info.pagesReused,
});

/** A small page of the builder's, for a preview that cannot be shown (yet). */
function statusPage(status: PreviewStatus): string {
  const text =
    status.state === 'building'
      ? 'Forhåndsvisningen bygges. Siden lastes på nytt av seg selv.'
      : (status.reason ?? 'Ingen forhåndsvisning er bygget av denne kampanjen ennå.');
  const refresh = status.state === 'building' ? '<meta http-equiv="refresh" content="5">' : '';
  return `<!DOCTYPE html><html lang="nb"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow">${refresh}<title>Forhåndsvisning</title></head><body><main><h1>Forhåndsvisning av kampanje ${String(status.campaignId)} (${escapeHtml(status.brand)})</h1><p>${escapeHtml(text)}</p></main></body></html>`;
}

/** A preview being served: its origin's server and the site it answers with now. */
interface Served {
  server: ReturnType<typeof serve>;
  port: number;
  site: Pick<Hono, 'fetch'>;
}

/**
 * The builder's previews: at most one build per brand and campaign at a time (a second start
 * while it builds answers its state), each holding the brand's build lock; the state of each,
 * told to subscribers on every change; and the origins that serve the finished ones, started
 * when first opened. Previews on disk from an earlier run are ready again at once.
 */
export class Previews {
  readonly #options: PreviewsOptions;
  readonly #statuses = new Map<string, PreviewStatus>();
  readonly #listeners = new Set<(status: PreviewStatus) => void>();
  readonly #served = new Map<string, Served>();
  readonly #tickets = new Map<string, number>();
  readonly #passes = new Map<string, number>();
  readonly #now: () => Date;

  constructor(options: PreviewsOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => new Date());
    for (const brand of options.brands) {
      let ids: string[] = [];
      try {
        ids = readdirSync(brandPreviewsDir(options.distRoot, brand)).filter((n) => /^\d+$/.test(n));
      } catch {
        // No previews of the brand yet.
      }
      for (const id of ids) {
        const info = readPreview(previewDir(options.distRoot, brand, Number(id)));
        if (info) this.#statuses.set(`${brand}/${id}`, ready(info));
      }
    }
  }

  /** The state of `brand`'s preview of campaign `campaignId`. */
  status(brand: string, campaignId: number): PreviewStatus {
    return this.#statuses.get(`${brand}/${String(campaignId)}`) ?? idlePreview(brand, campaignId);
  }

  /** Every preview known, the latest started first. */
  list(): PreviewStatus[] {
    return [...this.#statuses.values()].sort((a, b) =>
      (b.startedAt ?? '').localeCompare(a.startedAt ?? ''),
    );
  }

  /** Hears every change of a preview's state; answers the function that stops it. */
  subscribe(listener: (status: PreviewStatus) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #set(status: PreviewStatus): PreviewStatus {
    this.#statuses.set(`${status.brand}/${String(status.campaignId)}`, status);
    for (const listener of this.#listeners) listener(status);
    return status;
  }

  async #campaign(id: number): Promise<CampaignTimes | null> {
    if (this.#options.campaign) return this.#options.campaign(id);
    const response = await fetch(`${this.#options.apiUrl}/admin/campaigns`, {
      headers: { Authorization: `Bearer ${this.#options.adminToken}`, Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`GET admin/campaigns svarte ${String(response.status)}`);
    const { data } = (await response.json()) as ApiDataList<ApiAdminCampaign>;
    const found = data.find((c) => c.id === id);
    return found ? { id, name: found.name, start: found.start, end: found.end } : null;
  }

  /**
   * Starts a preview of `brand` as of campaign `campaignId`'s start, and answers its state at
   * once: `building`, or `refused` with the reason when the brand is unknown or the campaign
   * unknown, running or ended. Never throws; a build that fails ends `failed` with its reason.
   */
  async start(brand: string, campaignId: number): Promise<PreviewStatus> {
    const current = this.status(brand, campaignId);
    if (current.state === 'building') return current;
    if (!this.#options.brands.includes(brand)) {
      return {
        ...idlePreview(brand, campaignId),
        state: 'refused',
        reason: `Ukjent merke: ${brand}.`,
      };
    }
    let campaign: CampaignTimes | null;
    try {
      campaign = await this.#campaign(campaignId);
    } catch (error) {
      return this.#set({
        ...idlePreview(brand, campaignId),
        state: 'failed',
        reason: `Kampanjen kunne ikke leses fra API-et (${String(error)}).`,
      });
    }
    const why = whyNoPreview(campaign, this.#now());
    if (why !== null || campaign === null) {
      await this.#discard(brand, campaignId);
      return this.#set({ ...idlePreview(brand, campaignId), state: 'refused', reason: why });
    }
    const building = this.#set({
      ...idlePreview(brand, campaignId),
      state: 'building',
      at: new Date(campaign.start).toISOString(),
      startedAt: this.#now().toISOString(),
    });
    buildPreview(brand, campaign, this.#options, (info) => {
      const served = this.#served.get(`${brand}/${String(campaignId)}`);
      if (served) served.site = this.#site(info);
      this.#set(ready(info));
    }).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      this.#set({
        ...building,
        state: 'failed',
        finishedAt: this.#now().toISOString(),
        reason: `Forhåndsvisningen kunne ikke bygges: ${message.split('\n')[0] ?? ''}`,
      });
    });
    return building;
  }

  /** Removes a preview that can no longer be one (its campaign started, ended or went). */
  async #discard(brand: string, campaignId: number): Promise<void> {
    const key = `${brand}/${String(campaignId)}`;
    const served = this.#served.get(key);
    this.#served.delete(key);
    if (served) await new Promise((resolve) => served.server.close(resolve));
    await rm(previewDir(this.#options.distRoot, brand, campaignId), {
      recursive: true,
      force: true,
    });
  }

  #site(info: PreviewInfo): Pick<Hono, 'fetch'> {
    return createPreviewSite({
      dir: previewDir(this.#options.distRoot, info.brand, info.campaignId),
      info,
      api: this.#options.api,
      allows: (request) => this.#holdsPass(request),
    });
  }

  #holdsPass(request: Request): boolean {
    const cookie = request.headers.get('Cookie') ?? '';
    const pass = new RegExp(`(?:^|;\\s*)${PASS_COOKIE}=([A-Za-z0-9_-]+)`).exec(cookie)?.[1];
    const until = pass === undefined ? undefined : this.#passes.get(pass);
    return until !== undefined && until > Date.now();
  }

  /** The preview's own origin (started when first opened), or null when it is not ready. */
  async #origin(brand: string, campaignId: number): Promise<Served | null> {
    const key = `${brand}/${String(campaignId)}`;
    const existing = this.#served.get(key);
    if (existing) return existing;
    const info = readPreview(previewDir(this.#options.distRoot, brand, campaignId));
    if (info === null) return null;
    const front = new Hono();
    // The ticket the builder's address gave is traded for the pass, once.
    front.get(TICKET_PATH, (c) => {
      const ticket = c.req.query('billett') ?? '';
      const until = this.#tickets.get(ticket);
      this.#tickets.delete(ticket);
      if (until === undefined || until < Date.now()) return c.redirect('/', 303);
      const pass = randomBytes(24).toString('base64url');
      const seconds = this.#options.passSeconds ?? 8 * 3600;
      this.#passes.set(pass, Date.now() + seconds * 1000);
      setCookie(c, PASS_COOKIE, pass, {
        httpOnly: true,
        sameSite: 'Strict',
        path: '/',
        maxAge: seconds,
      });
      return c.redirect('/', 303);
    });
    const served: Served = {
      server: serve({ fetch: front.fetch, port: 0, hostname: this.#options.hostname }),
      port: 0,
      site: this.#site(info),
    };
    front.all('*', (c) => served.site.fetch(c.req.raw, c.env));
    await new Promise((resolve) => served.server.once('listening', resolve));
    served.port = (served.server.address() as AddressInfo).port;
    this.#served.set(key, served);
    return served;
  }

  /**
   * The routes the publishing page calls and links to, under `/publisering` (see the
   * README's "Forhåndsvisning"). They check no sign-in: mount them behind it.
   */
  app(): Hono {
    const app = new Hono();
    const ids = (brand: string, id: string) => ({ brand, campaignId: Number(id) });
    app.get('/publisering/api/forhandsvisning', (c) => c.json(this.list()));
    app.get('/publisering/api/forhandsvisning/:brand/:id{[0-9]+}', (c) => {
      const { brand, campaignId } = ids(c.req.param('brand'), c.req.param('id'));
      return c.json(this.status(brand, campaignId));
    });
    app.post('/publisering/api/forhandsvisning/:brand/:id{[0-9]+}', async (c) => {
      const { brand, campaignId } = ids(c.req.param('brand'), c.req.param('id'));
      const status = await this.start(brand, campaignId);
      const code =
        status.state === 'refused' && !this.#options.brands.includes(brand)
          ? 404
          : status.state === 'refused'
            ? status.reason === 'Kampanjen finnes ikke.'
              ? 404
              : 409
            : 202;
      return c.json(status, code);
    });
    app.get('/publisering/forhandsvisning/:brand/:id{[0-9]+}/', async (c) => {
      const { brand, campaignId } = ids(c.req.param('brand'), c.req.param('id'));
      c.header('X-Robots-Tag', 'noindex, nofollow');
      c.header('Cache-Control', 'no-store');
      let status = this.status(brand, campaignId);
      if (
        status.state === 'ready' &&
        status.at !== null &&
        Date.parse(status.at) <= this.#now().getTime()
      ) {
        await this.#discard(brand, campaignId);
        status = this.#set({
          ...idlePreview(brand, campaignId),
          state: 'refused',
          reason: `Kampanjen startet ${formatDate(status.at)} kl. ${formatTime(status.at)}: kundene ser den nå i butikken, så forhåndsvisningen er fjernet.`,
        });
      }
      const served = status.state === 'ready' ? await this.#origin(brand, campaignId) : null;
      if (served === null)
        return c.html(statusPage(status), status.state === 'building' ? 200 : 404);
      const ticket = randomBytes(24).toString('base64url');
      this.#tickets.set(ticket, Date.now() + TICKET_MS);
      const url = new URL(c.req.url);
      url.port = String(served.port);
      url.pathname = TICKET_PATH;
      url.search = `?billett=${ticket}`;
      return c.redirect(url.href, 303);
    });
    app.get('/publisering/forhandsvisning/:brand/:id{[0-9]+}', (c) =>
      c.redirect(`${c.req.path}/`, 308),
    );
    return app;
  }

  /** Stops every preview's origin. */
  async close(): Promise<void> {
    const served = [...this.#served.values()];
    this.#served.clear();
    await Promise.all(served.map((s) => new Promise((resolve) => s.server.close(resolve))));
  }
}
