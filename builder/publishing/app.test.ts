import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import type { HookTarget } from '../releases/hook.ts';
import { idleStatus, type BrandStatus } from '../releases/queue.ts';
import { createPublishingApp, csrfHeader, type PublishingOptions } from './app.ts';
import { BuildBoard } from './build-board.ts';
import { idlePreview } from '../previews/previews.ts';
import type { PreviewPort } from './preview-port.ts';
import { PublishingSessions } from './session.ts';
import { adminCampaign } from '../test-support/admin-campaign.ts';

const distRoot = mkdtempSync(join(tmpdir(), 'publisering-'));
const board = new BuildBoard({ distRoot, brands: ['toppfart'], tickMs: 60_000 });
const triggered: string[] = [];
let state: BrandStatus = idleStatus('toppfart');
const target: HookTarget = {
  trigger: (brand) => {
    triggered.push(brand);
    state = { ...idleStatus(brand), state: 'queued' };
    return state;
  },
  status: () => state,
};
const options: PublishingOptions = {
  brands: ['toppfart'],
  distRoot,
  board,
  target,
  // Nothing listens on the discard port: the API is down.
  apiUrl: 'http://127.0.0.1:9/api/v1',
  searchBrand: 'toppfart',
  admin: { apiUrl: 'http://127.0.0.1:9/api/v1' },
  secret: 'kampanje',
  ciRepository: null,
  sessions: new PublishingSessions({
    secret: 'kampanje',
    signInLimit: { requests: 3, seconds: 60 },
  }),
  currentInputs: () => Promise.resolve(null),
};
const app = createPublishingApp(options);

afterAll(() => {
  board.stop();
  rmSync(distRoot, { recursive: true, force: true });
});

/** The value of cookie `name` in a response's Set-Cookie headers. */
function cookie(response: Response, name: string): string | null {
  for (const line of response.headers.getSetCookie()) {
    const match = new RegExp(`^${name}=([^;]*)`).exec(line);
    if (match) return match[1] ?? null;
  }
  return null;
}

/** Opens the sign-in page and answers its form token and cookie. */
async function signInForm(on = app): Promise<{ token: string; cookie: string }> {
  const page = await on.request('/publisering');
  const html = await page.text();
  const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  return { token, cookie: `publisering_skjema=${cookie(page, 'publisering_skjema') ?? ''}` };
}

async function signIn(secret: string, on = app) {
  const { token, cookie: formCookie } = await signInForm(on);
  return on.request('/publisering/logg-inn', {
    method: 'POST',
    headers: { Cookie: formCookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: token, hemmelighet: secret }).toString(),
  });
}

describe('/publisering', () => {
  it('shows nothing but the sign-in without a session, and never the secret', async () => {
    const page = await app.request('/publisering');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Kampanjenøkkel');
    expect(html).not.toContain('Publiser nå');
    expect(html).not.toContain('kampanje"');
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    expect((await app.request('/publisering/merker/toppfart')).status).toBe(303);
    expect(
      (await app.request('/publisering/hendelser', { headers: { Accept: 'text/event-stream' } }))
        .status,
    ).toBe(401);
  });

  it('refuses a sign-in without the form’s token (a forged form)', async () => {
    const forged = await app.request('/publisering/logg-inn', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'hemmelighet=kampanje',
    });
    expect(forged.status).toBe(403);
    expect(cookie(forged, 'publisering_sesjon')).toBeNull();
  });

  it('signs in with an HttpOnly SameSite=Strict session cookie and checks every write', async () => {
    const answer = await signIn('kampanje');
    expect(answer.status).toBe(303);
    const line = answer.headers.getSetCookie().find((l) => l.startsWith('publisering_sesjon='));
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Strict/);
    expect(line).not.toContain('kampanje;');
    const session = `publisering_sesjon=${cookie(answer, 'publisering_sesjon') ?? ''}`;

    const page = await app.request('/publisering', { headers: { Cookie: session } });
    const html = await page.text();
    expect(html).toContain('Publiser nå');
    // The campaign API is down: the page says so and the builds still show.
    expect(html).toContain('Kampanjene kan ikke vises nå');
    const csrf = /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

    const post = (body: Record<string, string>, headers: Record<string, string> = {}) =>
      app.request('/publisering/merker/toppfart/publiser', {
        method: 'POST',
        headers: {
          Cookie: session,
          'Content-Type': 'application/x-www-form-urlencoded',
          ...headers,
        },
        body: new URLSearchParams(body).toString(),
      });
    expect((await post({})).status).toBe(403);
    expect((await post({ _csrf: csrf }, { Origin: 'https://angriper.example' })).status).toBe(403);
    expect(triggered).toEqual([]);
    expect((await post({ _csrf: csrf })).status).toBe(303);
    expect(triggered).toEqual(['toppfart']);

    const out = await app.request('/publisering/logg-ut', {
      method: 'POST',
      headers: { Cookie: session, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: csrf }).toString(),
    });
    expect(out.status).toBe(303);
    const after = await app.request('/publisering', { headers: { Cookie: session } });
    expect(await after.text()).not.toContain('Publiser nå');
  });

  it('keeps everything typed in the campaign form and names the wrong field', async () => {
    const answer = await signIn('kampanje');
    const session = `publisering_sesjon=${cookie(answer, 'publisering_sesjon') ?? ''}`;
    const html = await (await app.request('/publisering', { headers: { Cookie: session } })).text();
    const csrf = /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const post = (fields: Array<[string, string]>) =>
      app.request('/publisering/kampanjer', {
        method: 'POST',
        headers: { Cookie: session, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams([['_csrf', csrf], ...fields]).toString(),
      });
    const typed: Array<[string, string]> = [
      ['name', 'Julekupp <b>'],
      ['labelText', 'Kupp'],
      ['start', '2026-12-01T00:00'],
      ['end', '2026-12-08T00:00'],
      ['articleId', '7'],
      ['articleName', 'Ullgenser'],
      ['price', '199'],
    ];
    const added = await (await post([...typed, ['handling', 'legg-til:8:Vinterjakke']])).text();
    expect(added).toContain('Kampanjepris for Ullgenser (kr)');
    expect(added).toContain('Kampanjepris for Vinterjakke (kr)');
    expect(added).toContain('value="Julekupp &lt;b&gt;"');

    const refused = await post([...typed.slice(0, 6), ['price', 'billig'], ['handling', 'lagre']]);
    expect(refused.status).toBe(422);
    const page = await refused.text();
    expect(page).toContain('value="billig"');
    expect(page).toMatch(/id="kampanje-pris-0-feil"[^>]*>\s*Skriv prisen i kroner/);
    expect(page).toContain('value="Julekupp &lt;b&gt;"');
  });

  it('refuses a wrong secret and then, past the limit, every attempt', async () => {
    const wrong = await signIn('gjettet');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('Feil nøkkel');
    await signIn('gjettet');
    await signIn('gjettet');
    const limited = await signIn('kampanje');
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain('For mange forsøk');
  });

  it('serves the shop’s design system as its own style sheet', async () => {
    const html = await (await app.request('/publisering')).text();
    const href = /rel="stylesheet" href="([^"]+)"/.exec(html)?.[1] ?? '';
    const css = await app.request(href);
    expect(css.status).toBe(200);
    const text = await css.text();
    expect(text).toContain('.bg-brand');
    expect(text).toContain('.desk\\:grid-cols-2');
  });

  it('refuses a rollback while a build runs, saying why in Norwegian', async () => {
    const fresh = createPublishingApp({
      ...options,
      sessions: new PublishingSessions({ secret: 'kampanje' }),
    });
    const session = await sessionOn(fresh);
    state = { ...idleStatus('toppfart'), state: 'building' };
    try {
      const answer = await fresh.request('/publisering/merker/toppfart/tilbake?utgave=r1', {
        headers: { Cookie: session },
      });
      expect(answer.status).toBe(409);
      expect(await answer.text()).toContain(
        'Et bygg av Toppfart pågår eller venter, og det ville bli live etter at du gikk tilbake.',
      );
    } finally {
      state = idleStatus('toppfart');
    }
  });
});

describe('/publisering with campaign previews', () => {
  const coming = adminCampaign({
    id: 41,
    name: 'Vinterkupp',
    start: '2099-01-01T00:00:00.000Z',
    end: '2099-01-08T00:00:00.000Z',
    brands: ['toppfart', 'villmark'],
  });
  const started: string[] = [];
  const routes = new Hono();
  routes.get('/publisering/api/forhandsvisning', (c) => c.json([]));
  routes.post('/publisering/api/forhandsvisning/:brand/:id', (c) =>
    c.json(idlePreview(c.req.param('brand'), Number(c.req.param('id'))), 202),
  );
  const previews: PreviewPort = {
    app: () => routes,
    start: (brand, id) => {
      started.push(`${brand}/${String(id)}`);
      return Promise.resolve({ ...idlePreview(brand, id), state: 'building' });
    },
    status: idlePreview,
    subscribe: () => () => undefined,
  };
  const campaignsApi = {
    apiUrl: 'http://api.invalid/api/v1',
    fetch: () => Promise.resolve(Response.json({ data: [coming] })),
  };
  const withPreviews = createPublishingApp({
    ...options,
    admin: campaignsApi,
    previews,
    sessions: new PublishingSessions({ secret: 'kampanje' }),
  });
  const withoutPreviews = createPublishingApp({
    ...options,
    admin: campaignsApi,
    sessions: new PublishingSessions({ secret: 'kampanje' }),
  });

  it('offers Forhåndsvis on a coming campaign only when given previews, for the brands it builds', async () => {
    const session = await sessionOn(withPreviews);
    const html = await (
      await withPreviews.request('/publisering', { headers: { Cookie: session } })
    ).text();
    expect(html).toContain('Forhåndsvis Vinterkupp på Toppfart');
    expect(html).not.toContain('Forhåndsvis Vinterkupp på Villmark');
    const csrf = /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const press = await withPreviews.request('/publisering/kampanjer/41/forhandsvis', {
      method: 'POST',
      headers: { Cookie: session, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: csrf, merke: 'toppfart' }).toString(),
    });
    expect(press.status).toBe(303);
    expect(started).toEqual(['toppfart/41']);
    // The block the page's script swaps in when the previews push a change.
    const block = await withPreviews.request('/publisering/kampanjer/41/forhandsvisning/toppfart', {
      headers: { Cookie: session },
    });
    expect(await block.text()).toMatch(
      /^<div\s+id="forhandsvisning-41-toppfart"[^]*Forhåndsvis Vinterkupp på Toppfart/,
    );

    const other = await sessionOn(withoutPreviews);
    const plain = await (
      await withoutPreviews.request('/publisering', { headers: { Cookie: other } })
    ).text();
    expect(plain).toContain('Vinterkupp');
    expect(plain).not.toContain('Forhåndsvis');
  });

  it('guards the previews’ own routes with the sign-in and the anti-forgery token', async () => {
    const json = { Accept: 'application/json' };
    expect(
      (await withPreviews.request('/publisering/api/forhandsvisning', { headers: json })).status,
    ).toBe(401);
    const post = (headers: Record<string, string>) =>
      withPreviews.request('/publisering/api/forhandsvisning/toppfart/41', {
        method: 'POST',
        headers,
      });
    expect((await post({})).status).toBe(401);
    const session = await sessionOn(withPreviews);
    const html = await (
      await withPreviews.request('/publisering', { headers: { Cookie: session } })
    ).text();
    const csrf = /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(
      (
        await withPreviews.request('/publisering/api/forhandsvisning', {
          headers: { Cookie: session },
        })
      ).status,
    ).toBe(200);
    expect((await post({ Cookie: session })).status).toBe(403);
    expect((await post({ Cookie: session, [csrfHeader]: 'gjettet' })).status).toBe(403);
    expect((await post({ Cookie: session, [csrfHeader]: csrf })).status).toBe(202);
  });
});

/** Signs in on `on` and answers the session's Cookie header. */
async function sessionOn(on: typeof app): Promise<string> {
  const answer = await signIn('kampanje', on);
  return `publisering_sesjon=${cookie(answer, 'publisering_sesjon') ?? ''}`;
}
