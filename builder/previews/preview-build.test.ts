import { serve } from '@hono/node-server';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAdminCampaign } from '../../contract/index.ts';
import { formatPrice } from '../../contract/money.ts';
import { createApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/database.ts';
import { NO_RATE_LIMITS } from '../../server/http/rate-limit.ts';
import { ensureSeeded } from '../../server/seed/ensure.ts';
import { buildRelease, clearKilledBuilds, type BuildStep } from '../releases/builder.ts';
import { withBrandLock } from '../releases/lock.ts';
import { brandDist, listReleases, liveDir } from '../releases/releases.ts';
import { standbyRoot } from '../releases/standby.ts';
import { brandPreviewsDir, previewDir, type PreviewBuildOptions } from './preview-build.ts';
import { Previews, type PreviewStatus } from './previews.ts';
import { fileDigests } from '../test-support/file-digests.ts';

/**
 * Previews against one real release of a small catalogue, shared by every assertion (each
 * build costs about a minute): a preview of a campaign that starts tomorrow shows its price
 * under the banner while the live release still shows today's, renders again only what the
 * campaign changes, and leaves the release machinery as it found it, so that the next
 * rebuild takes its standby copy; a preview killed mid-build leaves nothing that poses as
 * finished.
 */
// Inside the repository: Astro stages a build's server assets in the out folder only when
// that lies below the working directory.
const cacheRoot = fileURLToPath(new URL('../../.cache/', import.meta.url));
mkdirSync(cacheRoot, { recursive: true });
const scratch = mkdtempSync(join(cacheRoot, 'preview-test-'));
const TOKEN = 'forhandsvisning-test-token';
const BRAND = 'toppfart';
const CAMPAIGN_PRICE = 12_345;
const HOUR = 3_600_000;
const db = openDatabase(join(scratch, 'shop.sqlite'));
const api = createApp({ db, rateLimits: NO_RATE_LIMITS, campaignAdminToken: TOKEN });
const distRoot = join(scratch, 'dist');
const dist = brandDist(distRoot, BRAND);
const liveManifest = join(scratch, 'cache', `astro-${BRAND}`, 'incremental-build.json');
let server: ReturnType<typeof serve>;
let options: Pick<PreviewBuildOptions, 'distRoot' | 'cacheRoot' | 'apiUrl'>;
let previews: Previews;

/** A product page's file name (`product/{slug}.html`), by the id page's redirect. */
const productFile = (root: string, id: number): string => {
  const redirect = readFileSync(join(root, 'product', `${String(id)}.html`), 'utf8');
  return `product/${/url=\/product\/([^"]+)"/.exec(redirect)?.[1] ?? String(id)}.html`;
};
const productPage = (root: string, id: number) =>
  readFileSync(join(root, productFile(root, id)), 'utf8');

const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** The release machinery of the brand as it stands: what a preview must leave as it is. */
const machinery = () => ({
  live: liveDir(dist),
  releases: listReleases(dist).map((r) => r.id),
  standby: existsSync(standbyRoot(distRoot, BRAND))
    ? readdirSync(standbyRoot(distRoot, BRAND))
    : [],
  manifest: digest(liveManifest),
});

/** A campaign on `articleId` through the admin call, `startHours` from now, lasting two days. */
async function campaign(startHours: number, articleId: number): Promise<ApiAdminCampaign> {
  const response = await api.request('/api/v1/admin/campaigns', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({
      name: `Kampanje om ${String(startHours)} t`,
      start: new Date(Date.now() + startHours * HOUR).toISOString(),
      end: new Date(Date.now() + (startHours + 48) * HOUR).toISOString(),
      labelText: 'Forhåndssalg',
      items: [{ articleId, price: CAMPAIGN_PRICE, labelType: 'price', labelData: {} }],
    }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as ApiAdminCampaign;
}

/** Waits until the preview of `campaignId` leaves `building`. */
function settled(campaignId: number): Promise<PreviewStatus> {
  return new Promise((resolve) => {
    const stop = previews.subscribe((status) => {
      if (status.campaignId !== campaignId || status.state === 'building') return;
      stop();
      resolve(status);
    });
  });
}

/** Visible articles with a product page in the live release and no campaign, by id. */
function articlesWithoutCampaign(): Array<{ id: number; price: number }> {
  const live = liveDir(dist) ?? '';
  const built = new Set(
    readdirSync(join(live, 'product'))
      .filter((n) => /^\d+\.html$/.test(n))
      .map((n) => Number.parseInt(n, 10)),
  );
  return (
    db
      .prepare(
        `SELECT a.id, a.price FROM articles a WHERE a.visible = 1 AND a.price > ?
           AND NOT EXISTS (SELECT 1 FROM campaign_items ci WHERE ci.article_id = a.id)
         ORDER BY a.id`,
      )
      .all(CAMPAIGN_PRICE * 2) as Array<{ id: number; price: number }>
  ).filter((r) => built.has(r.id));
}

beforeAll(async () => {
  ensureSeeded(db, 400);
  server = serve({ fetch: api.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const apiUrl = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/api/v1`;
  options = { distRoot, cacheRoot: join(scratch, 'cache'), apiUrl };
  await buildRelease(BRAND, { ...options, keep: 3 });
  previews = new Previews({
    ...options,
    adminToken: TOKEN,
    brands: [BRAND],
    hostname: '127.0.0.1',
    api,
  });
}, 600_000);

afterAll(async () => {
  await previews.close();
  server.close();
  db.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('a preview of a campaign that starts tomorrow', { timeout: 600_000 }, () => {
  let article: { id: number; price: number };
  let coming: ApiAdminCampaign;
  let status: PreviewStatus;
  let before: ReturnType<typeof machinery>;

  beforeAll(async () => {
    const [first] = articlesWithoutCampaign();
    if (first === undefined) throw new Error('No article fit for the campaign.');
    article = first;
    before = machinery();
    coming = await campaign(24, article.id);
    const done = settled(coming.id);
    const started = await previews.start(BRAND, coming.id);
    expect(started.state).toBe('building');
    status = await done;
    // The standby copy is put back after the preview is ready, still under the brand's lock.
    await withBrandLock(dist.releases, () => Promise.resolve());
  }, 600_000);

  it('is built, reusing every page the campaign does not change', () => {
    expect(status.state, status.reason ?? '').toBe('ready');
    expect(status.url).toBe(`/publisering/forhandsvisning/${BRAND}/${String(coming.id)}/`);
    expect(status.pagesRendered).toBeGreaterThan(0);
    // At 400 articles a campaign's article re-renders about one page in nine.
    expect(status.pagesReused).toBeGreaterThan((status.pagesRendered ?? 0) * 4);
  });

  it("shows the campaign price on the preview's product page, today's price live", () => {
    const live = liveDir(dist) ?? '';
    const preview = previewDir(distRoot, BRAND, coming.id);
    expect(productPage(preview, article.id)).toContain(formatPrice(CAMPAIGN_PRICE));
    expect(productPage(live, article.id)).not.toContain(formatPrice(CAMPAIGN_PRICE));
    expect(productPage(live, article.id)).toContain(formatPrice(article.price));
    expect(existsSync(join(preview, 'sitemap-index.xml'))).toBe(false);
    expect(existsSync(join(live, 'sitemap-index.xml'))).toBe(true);
  });

  it('leaves the live link, the releases, the live cache and the standby copy as they were', () => {
    expect(machinery()).toEqual(before);
    const [copy] = before.standby;
    expect(copy).toBe(before.releases.at(-1));
    expect(fileDigests(join(standbyRoot(distRoot, BRAND), copy ?? ''))).toEqual(
      fileDigests(before.live ?? ''),
    );
    expect(readdirSync(brandPreviewsDir(distRoot, BRAND))).toEqual([String(coming.id)]);
  });

  it('is served on its own origin, marked and never indexed, to marketing only', async () => {
    const routes = previews.app();
    const address = await routes.request(
      `http://127.0.0.1/publisering/forhandsvisning/${BRAND}/${String(coming.id)}/`,
    );
    expect(address.status).toBe(303);
    const ticketUrl = new URL(address.headers.get('Location') ?? '');
    const origin = ticketUrl.origin;
    const path = `/${productFile(previewDir(distRoot, BRAND, coming.id), article.id).replace(/\.html$/, '')}`;

    const stranger = await fetch(`${origin}${path}`);
    expect(stranger.status).toBe(403);
    expect(stranger.headers.get('X-Robots-Tag')).toContain('noindex');

    const pass = await fetch(ticketUrl, { redirect: 'manual' });
    expect(pass.status).toBe(303);
    const cookie = (pass.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
    expect(pass.headers.get('Set-Cookie')).toMatch(/HttpOnly/i);
    // A ticket is good once.
    const again = await fetch(ticketUrl, { redirect: 'manual' });
    expect(again.headers.get('Set-Cookie')).toBeNull();

    const page = await fetch(`${origin}${path}`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get('X-Robots-Tag')).toContain('noindex');
    const html = await page.text();
    expect(html).toContain('Forhåndsvisning: slik butikken ser ut');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain(formatPrice(CAMPAIGN_PRICE));
    // A page the preview reused from the live release is marked too.
    const home = await (await fetch(`${origin}/`, { headers: { Cookie: cookie } })).text();
    expect(home).toContain('data-preview-banner');
    const robots = await (
      await fetch(`${origin}/robots.txt`, { headers: { Cookie: cookie } })
    ).text();
    expect(robots).toContain('Disallow: /');
    const sitemap = await fetch(`${origin}/sitemap-index.xml`, { headers: { Cookie: cookie } });
    expect(sitemap.status).toBe(404);
  });

  it('says why there is none for a running or an ended campaign', async () => {
    const running = await campaign(-1, article.id);
    const refused = await previews.start(BRAND, running.id);
    expect(refused.state).toBe('refused');
    expect(refused.reason).toContain('er i gang');
    const answer = await previews
      .app()
      .request(`http://127.0.0.1/publisering/api/forhandsvisning/${BRAND}/${String(running.id)}`, {
        method: 'POST',
      });
    expect(answer.status).toBe(409);
    const ended = await campaign(-72, article.id);
    expect((await previews.start(BRAND, ended.id)).reason).toContain('avsluttet');
    const page = await previews
      .app()
      .request(`http://127.0.0.1/publisering/forhandsvisning/${BRAND}/${String(ended.id)}/`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('avsluttet');
  });

  it('lets the next campaign rebuild take its standby copy', async () => {
    // The running campaign above changed the article's price now.
    const steps: BuildStep[] = [];
    const rebuilt = await buildRelease(BRAND, {
      ...options,
      keep: 3,
      onStep: (s) => steps.push(s),
    });
    expect(steps).not.toContain('standby-copy');
    expect(rebuilt.pagesRendered).toBeGreaterThan(0);
    expect(rebuilt.pagesReused).toBeGreaterThan(rebuilt.pagesRendered * 4);
    expect(productPage(liveDir(dist) ?? '', article.id)).toContain(formatPrice(CAMPAIGN_PRICE));
    expect(readdirSync(standbyRoot(distRoot, BRAND))).toEqual([rebuilt.releaseId]);
    expect(fileDigests(join(standbyRoot(distRoot, BRAND), rebuilt.releaseId))).toEqual(
      fileDigests(liveDir(dist) ?? ''),
    );
  });
});

describe('a preview killed during its build', { timeout: 600_000 }, () => {
  const fixture = fileURLToPath(new URL('../test-support/preview-kill.ts', import.meta.url));

  it('leaves nothing that poses as finished, and the release machinery as it was', async () => {
    const [, other] = articlesWithoutCampaign();
    const coming = await campaign(24, other?.id ?? 0);
    const before = machinery();
    const child = spawn(
      process.execPath,
      [
        fixture,
        JSON.stringify({
          ...options,
          adminToken: TOKEN,
          brand: BRAND,
          campaign: { id: coming.id, name: coming.name, start: coming.start },
        }),
      ],
      { detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('paused')) resolve();
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      void exited.then(() => reject(new Error(`The preview ended before its build:\n${output}`)));
    });
    // The preview and the Astro process it started, as a power cut would.
    process.kill(-(child.pid ?? 0), 'SIGKILL');
    await exited;

    // No preview of it: neither a folder that reads as one nor a state that says ready.
    expect(existsSync(previewDir(distRoot, BRAND, coming.id))).toBe(false);
    const afterKill = new Previews({
      ...options,
      adminToken: TOKEN,
      brands: [BRAND],
      hostname: '127.0.0.1',
      api,
    });
    expect(afterKill.status(BRAND, coming.id).state).toBe('idle');
    expect(afterKill.list().map((s) => s.campaignId)).not.toContain(coming.id);
    await afterKill.close();
    // The live release, the releases and the live cache as they were; the standby copy it
    // had taken equals no release, and the builder's start clears it.
    const now = machinery();
    expect({ ...now, standby: [] }).toEqual({ ...before, standby: [] });
    expect(now.standby.filter((name) => now.releases.includes(name))).toEqual([]);
    await clearKilledBuilds(distRoot, [BRAND]);
    expect(existsSync(standbyRoot(distRoot, BRAND))).toBe(false);
  });
});
