import type { Context } from 'hono';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { streamSSE } from 'hono/streaming';
import { getArticle } from '../../src/lib/api/catalogue.ts';
import { createApiClient } from '../../src/lib/api/client.ts';
import { getBrand } from '../../src/brands/index.ts';
import { socketAddress } from '../../server/http/client-address.ts';
import type { HookTarget } from '../releases/hook.ts';
import { brandDist, listReleases } from '../releases/releases.ts';
import { liveRelease, revisionOf, type BoardEvent, type BuildBoard } from './build-board.ts';
import {
  changeCampaign,
  createCampaign,
  endCampaign,
  findArticles,
  listCampaigns,
  type AdminApi,
} from './campaign-admin.ts';
import { emptyForm, formOf, osloLocal, readForm, toInput } from './campaign-form.ts';
import { fetchVitals, vitalsSection } from './field-vitals.ts';
import { html } from './html.ts';
import {
  brandPanel,
  confirmMain,
  dashboardMain,
  layout,
  previewItem,
  signInMain,
  whenText,
  type BrandView,
  type CampaignsView,
  type FormView,
} from './page.ts';
import { publishingAssets } from './assets.ts';
import type { PreviewPort, PreviewState } from './preview-port.ts';
import { publishNow } from './publish-now.ts';
import { rollbackTo, RollbackRefused } from './rollback.ts';
import {
  PublishingSessions,
  sessionCookie,
  signInFormToken,
  type PublishingSession,
  type Refusal,
} from './session.ts';

/**
 * /publisering, marketing's publishing page, on the builder `npm start` runs (shop-server.ts).
 * Server-rendered HTML with one small script for the live progress: the page's data (the
 * secret, releases on disk, the queue) lives in this process, every action works as a plain
 * form, and nothing of it is ever part of a brand's static release. See README.md,
 * "Publishing (marketing)".
 */

/** What the page works with. */
export interface PublishingOptions {
  /** The brands the builder keeps, in the order the page shows them. */
  brands: readonly string[];
  distRoot: string;
  board: BuildBoard;
  /** The build hooks' target: the local queue, or the CI workflow. */
  target: HookTarget;
  /** The API the articles are searched in, and the brand searched. */
  apiUrl: string;
  searchBrand: string;
  /**
   * The campaign calls: the builder's own backend, whose writes rebuild the brands they touch,
   * or the chain's API. Their token is {@link PublishingOptions.secret}.
   */
  admin: Omit<AdminApi, 'token'>;
  /** `CAMPAIGN_ADMIN_TOKEN`: the sign-in secret and the campaign calls' token. */
  secret: string | null;
  /** `owner/name` when builds run on GitHub Actions, else null. */
  ciRepository: string | null;
  sessions?: PublishingSessions;
  /** The campaign previews, when the builder makes them; without, the page offers none. */
  previews?: PreviewPort | undefined;
  /** What a build of the brand started now would be made from (builder.ts's buildInputs). */
  currentInputs: (brand: string) => Promise<string | null>;
}

const formCookie = 'publisering_skjema';
/** The anti-forgery token of a write that is no form (the previews' JSON calls). */
export const csrfHeader = 'X-Publisering-Csrf';
const base = '/publisering';

/** Headers of every answer: never cached, never framed, nothing from elsewhere. */
function secure(c: Context): void {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('X-Robots-Tag', 'noindex, nofollow');
  c.header(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'self'; script-src 'self'; connect-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  );
}

function clientOf(c: Context): string {
  return socketAddress(c) ?? 'in-process';
}

/** A write from another site (a forged form) says so in these headers; ours never do. */
function crossSite(c: Context): boolean {
  const site = c.req.header('Sec-Fetch-Site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = c.req.header('Origin');
  return origin !== undefined && origin !== 'null' && origin !== new URL(c.req.url).origin;
}

function refusalWords(refusal: Refusal): string {
  switch (refusal.kind) {
    case 'wrong':
      return 'Feil nøkkel. Prøv igjen.';
    case 'disabled':
      return 'Innlogging er slått av: byggeren har ingen CAMPAIGN_ADMIN_TOKEN.';
    case 'limit':
      return `For mange forsøk. Prøv igjen om ${String(refusal.retryAfter)} sekunder.`;
    case 'forged':
      return 'Skjemaet var utløpt eller kom ikke fra denne siden. Last siden på nytt og prøv igjen.';
  }
}

/** The publishing page's routes; mount before the shop's catch-all. */
export function createPublishingApp(options: PublishingOptions): Hono {
  const sessions = options.sessions ?? new PublishingSessions({ secret: options.secret });
  const admin: AdminApi = { ...options.admin, token: options.secret ?? '' };
  const flashes = new Map<string, string>();
  const { previews } = options;
  const app = new Hono();

  const brandView = (brand: string): BrandView => ({
    id: brand,
    name: getBrand(brand).name,
    live: liveRelease(options.distRoot, brand),
    status: options.target.status(brand),
    progress: options.ciRepository ? null : options.board.progress(brand),
    history: options.board.history(brand),
    releases: listReleases(brandDist(options.distRoot, brand)),
    ci: options.ciRepository
      ? {
          repository: options.ciRepository,
          dispatchedAt: options.target.status(brand).startedAt,
        }
      : null,
  });

  const page = async (
    c: Context,
    title: string,
    main: Parameters<typeof layout>[1],
    session: PublishingSession | null,
    status: 200 | 401 | 403 | 409 | 422 | 429 = 200,
  ) => {
    const { css, script } = await publishingAssets();
    return c.html(layout(title, main, { css: css.path, script: script.path }, session), status);
  };

  const campaignsView = async (): Promise<CampaignsView> => {
    const answer = await listCampaigns(admin);
    return answer.ok
      ? {
          ok: true,
          campaigns: answer.value,
          now: new Date(),
          preview: previews
            ? { brands: options.brands, status: (brand, id) => previews.status(brand, id) }
            : null,
        }
      : { ok: false, message: answer.message };
  };

  const newForm = (): FormView => {
    // From the start of tomorrow, Norwegian time, for a week.
    const tomorrow = osloLocal(Date.now() + 86_400_000).slice(0, 10);
    const weekLater = osloLocal(Date.now() + 8 * 86_400_000).slice(0, 10);
    return {
      campaignId: null,
      form: emptyForm(`${tomorrow}T00:00`, `${weekLater}T00:00`),
      errors: {},
      message: null,
      query: '',
      found: null,
      searchMessage: null,
    };
  };

  const dashboard = async (
    c: Context,
    session: PublishingSession,
    form: FormView,
    status: 200 | 422 = 200,
  ) => {
    const flash = flashes.get(session.id) ?? null;
    flashes.delete(session.id);
    const [campaigns, vitals] = await Promise.all([campaignsView(), fetchVitals(admin)]);
    const brands = options.brands.map((id) => ({ id, name: getBrand(id).name }));
    const main = html`${dashboardMain(options.brands.map(brandView), campaigns, form, flash, session.csrf)}
    ${vitalsSection(brands, vitals)}`;
    return page(c, 'Publisering', main, session, status);
  };

  const back = (c: Context, session: PublishingSession, flash: string, anchor = '') => {
    flashes.set(session.id, flash);
    return c.redirect(`${base}${anchor}`, 303);
  };

  app.use(`${base}/*`, async (c, next) => {
    secure(c);
    await next();
  });
  app.use(base, async (c, next) => {
    secure(c);
    await next();
  });

  // The style sheet holds no data, and the sign-in page needs it.
  app.get(`${base}/stil/:file{[0-9a-f]+\\.css}`, async (c) => {
    const { css } = await publishingAssets();
    return c.body(css.body, 200, { 'Content-Type': `${css.type}; charset=utf-8` });
  });

  const signInPage = (c: Context, error: string | null, status: 200 | 401 | 403 | 429 = 200) => {
    const token = signInFormToken();
    setCookie(c, formCookie, token, {
      path: base,
      httpOnly: true,
      sameSite: 'Strict',
      secure: new URL(c.req.url).protocol === 'https:',
    });
    return page(c, 'Logg inn', signInMain(token, error), null, status);
  };

  app.post(`${base}/logg-inn`, async (c) => {
    const body = await c.req.parseBody();
    const sent = typeof body['_csrf'] === 'string' ? body['_csrf'] : '';
    const expected = getCookie(c, formCookie);
    if (crossSite(c) || !expected || sent !== expected) {
      return signInPage(c, refusalWords({ kind: 'forged' }), 403);
    }
    const given = typeof body['hemmelighet'] === 'string' ? body['hemmelighet'] : '';
    const result = await sessions.signIn(given, clientOf(c));
    if ('kind' in result) {
      return signInPage(c, refusalWords(result), result.kind === 'limit' ? 429 : 401);
    }
    deleteCookie(c, formCookie, { path: base });
    setCookie(c, sessionCookie, result.id, {
      path: base,
      httpOnly: true,
      sameSite: 'Strict',
      secure: new URL(c.req.url).protocol === 'https:',
    });
    return c.redirect(base, 303);
  });

  // Everything below needs a session: without one, the sign-in page (or 401 for the script).
  const sessionOf = (c: Context): PublishingSession | null =>
    sessions.find(getCookie(c, sessionCookie));

  app.get(base, async (c) => {
    const session = sessionOf(c);
    if (!session) return signInPage(c, null);
    return dashboard(c, session, newForm());
  });

  // Every method: what is mounted below (the previews' routes) answers nobody without a session.
  app.use(`${base}/*`, async (c, next) => {
    const session = sessionOf(c);
    const read = c.req.method === 'GET' || c.req.method === 'HEAD';
    if (!session) {
      if (read && c.req.header('Accept')?.includes('text/html') !== false) {
        return c.redirect(base, 303);
      }
      return c.text('Logg inn først.', 401);
    }
    if (!read) {
      // Forms send the token as a field; the previews' JSON calls as a header.
      const header = c.req.header(csrfHeader);
      const body = header === undefined ? await c.req.parseBody({ all: true }) : {};
      const sent = header ?? (typeof body['_csrf'] === 'string' ? body['_csrf'] : undefined);
      const refused = crossSite(c)
        ? ({ kind: 'forged' } as const)
        : await sessions.checkWrite(session, sent, clientOf(c));
      if (refused) {
        return page(
          c,
          'Ikke utført',
          confirmMain('Ikke utført', [refusalWords(refused)], base, {}, 'Tilbake', session.csrf),
          session,
          refused.kind === 'limit' ? 429 : 403,
        );
      }
    }
    c.set('session' as never, session as never);
    return next();
  });

  const current = (c: Context): PublishingSession => c.get('session' as never) as PublishingSession;

  // The previews' own routes answer only behind the sign-in above.
  if (options.previews) app.route('/', options.previews.app());

  app.get(`${base}/skript/:file{[0-9a-f]+\\.js}`, async (c) => {
    const { script } = await publishingAssets();
    return c.body(script.body, 200, { 'Content-Type': `${script.type}; charset=utf-8` });
  });

  app.post(`${base}/logg-ut`, (c) => {
    sessions.signOut(current(c).id);
    deleteCookie(c, sessionCookie, { path: base });
    return c.redirect(base, 303);
  });

  app.get(`${base}/hendelser`, (c) =>
    streamSSE(c, async (stream) => {
      const queue: Array<BoardEvent | { type: 'preview'; preview: PreviewState }> = [];
      let wake: (() => void) | null = null;
      const unsubscribe = options.board.subscribe((event) => {
        queue.push(event);
        wake?.();
      });
      const unsubscribePreviews = previews?.subscribe((preview) => {
        queue.push({ type: 'preview', preview });
        wake?.();
      });
      stream.onAbort(() => {
        unsubscribe();
        unsubscribePreviews?.();
        wake?.();
      });
      for (const brand of options.brands) {
        const progress = options.board.progress(brand);
        if (progress && !progress.done) queue.push({ type: 'progress', progress });
      }
      while (!stream.aborted) {
        const event = queue.shift();
        if (!event) {
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = null;
          continue;
        }
        if (event.type === 'end') break;
        const data =
          event.type === 'progress'
            ? event.progress
            : event.type === 'preview'
              ? event.preview
              : event;
        await stream.writeSSE({ event: event.type, data: JSON.stringify(data) });
      }
    }),
  );

  const known = (brand: string) => options.brands.includes(brand);

  app.get(`${base}/merker/:brand`, (c) => {
    const brand = c.req.param('brand');
    if (!known(brand)) return c.text('Ukjent merke.', 404);
    return c.html(brandPanel(brandView(brand), current(c).csrf).value);
  });

  app.post(`${base}/merker/:brand/publiser`, async (c) => {
    const brand = c.req.param('brand');
    if (!known(brand)) return c.text('Ukjent merke.', 404);
    const name = getBrand(brand).name;
    try {
      if (options.ciRepository) {
        await options.target.trigger(brand);
        return back(c, current(c), `Bygget av ${name} er sendt til GitHub Actions.`);
      }
      const { outcome, status } = await publishNow(brand, {
        target: options.target,
        runningInputs: (b) => options.board.runningInputs(b),
        currentInputs: options.currentInputs,
      });
      const words =
        outcome === 'joined'
          ? `Et bygg av ${name} med de nyeste dataene pågår eller venter allerede; det publiserer også det du ba om.`
          : status.state === 'building' && status.queuedAgain
            ? `Et bygg av ${name} pågår; ett til følger med dataene som er endret siden det startet.`
            : `Bygget av ${name} er startet.`;
      return back(c, current(c), words, `#merke-${brand}`);
    } catch (error) {
      return back(c, current(c), `Bygget av ${name} kunne ikke startes: ${String(error)}`);
    }
  });

  const busyWords = (brand: string): string | null => {
    const { state } = options.target.status(brand);
    if (options.ciRepository) return 'Merket bygges på GitHub Actions; gå tilbake der.';
    return state === 'building' || state === 'queued'
      ? `Et bygg av ${getBrand(brand).name} pågår eller venter, og det ville bli live etter at du gikk tilbake. Gå tilbake når det er ferdig.`
      : null;
  };

  app.get(`${base}/merker/:brand/tilbake`, async (c) => {
    const brand = c.req.param('brand');
    if (!known(brand)) return c.text('Ukjent merke.', 404);
    const session = current(c);
    const id = c.req.query('utgave') ?? '';
    const release = listReleases(brandDist(options.distRoot, brand)).find((r) => r.id === id);
    const live = liveRelease(options.distRoot, brand);
    const busy = busyWords(brand);
    if (!release || release.live || busy) {
      const why =
        busy ?? (release ? 'Den utgaven er allerede live.' : `Utgave ${id} er ikke tatt vare på.`);
      return page(
        c,
        'Kan ikke gå tilbake',
        confirmMain('Kan ikke gå tilbake', [why], base, {}, 'Tilbake', session.csrf),
        session,
        409,
      );
    }
    const name = getBrand(brand).name;
    const revision = revisionOf(release);
    const lines = [
      `${name} går tilbake til utgave ${release.id}, bygget ${whenText(release.finishedAt)} med ${String(release.pagesRendered + release.pagesReused)} sider${revision ? ` fra dataversjon ${revision}` : ''}.`,
      'Kundene ser da prisene, kampanjene og varene slik de var i den utgaven, til neste bygg.',
      live
        ? `Utgave ${live.releaseId}, som er live nå, blir tatt vare på, så du kan gå fram til den igjen.`
        : '',
    ].filter(Boolean);
    return page(
      c,
      'Gå tilbake',
      confirmMain(
        `Gå tilbake til en tidligere utgave av ${name}?`,
        lines,
        `${base}/merker/${brand}/tilbake`,
        // The release live as marketing confirms: a build that goes live meanwhile refuses it.
        { utgave: release.id, fra: live?.releaseId ?? '' },
        `Ja, gå tilbake til ${release.id}`,
        session.csrf,
      ),
      session,
    );
  });

  app.post(`${base}/merker/:brand/tilbake`, async (c) => {
    const brand = c.req.param('brand');
    if (!known(brand)) return c.text('Ukjent merke.', 404);
    const session = current(c);
    const busy = busyWords(brand);
    const body = await c.req.parseBody();
    const id = typeof body['utgave'] === 'string' ? body['utgave'] : '';
    const from = typeof body['fra'] === 'string' && body['fra'] !== '' ? body['fra'] : null;
    if (busy) return back(c, session, `Gikk ikke tilbake: ${busy}`);
    try {
      const release = await rollbackTo(options.distRoot, brand, id, from);
      options.board.rolledBack(brand, release);
      return back(
        c,
        session,
        `${getBrand(brand).name} er tilbake på utgave ${release.id}.`,
        `#merke-${brand}`,
      );
    } catch (error) {
      return back(
        c,
        session,
        error instanceof RollbackRefused
          ? `Gikk ikke tilbake: ${error.message}`
          : `Gikk ikke tilbake, og utgaven som var live, er det fortsatt: ${String(error)}`,
      );
    }
  });

  /** The campaign form posted: search, add or remove an article, or save. */
  const campaignForm = async (c: Context, campaignId: number | null) => {
    const session = current(c);
    const body = await formParams(c);
    const form = readForm(body);
    const query = body.get('sok') ?? '';
    const action = body.get('handling') ?? 'lagre';
    const view: FormView = {
      campaignId,
      form,
      errors: {},
      message: null,
      query,
      found: null,
      searchMessage: null,
    };
    if (action === 'sok') {
      if (query.trim() === '') {
        view.searchMessage = 'Skriv hva du leter etter.';
      } else {
        const found = await findArticles(options.apiUrl, options.searchBrand, query.trim());
        if (found.ok) view.found = found.value;
        else view.searchMessage = found.message;
      }
      return dashboard(c, session, view);
    }
    if (action.startsWith('legg-til:')) {
      const [, id = '', ...name] = action.split(':');
      if (!form.items.some((item) => item.articleId === id)) {
        form.items.push({ articleId: id, name: name.join(':'), price: '' });
      }
      return dashboard(c, session, view);
    }
    if (action.startsWith('fjern:')) {
      form.items.splice(Number(action.slice('fjern:'.length)), 1);
      return dashboard(c, session, view);
    }
    const checked = toInput(form);
    if (!checked.ok) {
      view.errors = checked.errors;
      view.message = 'Kampanjen er ikke lagret. Rett det som er merket.';
      return dashboard(c, session, view, 422);
    }
    const saved =
      campaignId === null
        ? await createCampaign(admin, checked.input)
        : await changeCampaign(admin, campaignId, checked.input);
    if (!saved.ok) {
      view.errors = saved.errors;
      view.message = `Kampanjen er ikke lagret: ${saved.message}`;
      return dashboard(c, session, view, 422);
    }
    const verb = campaignId === null ? 'opprettet' : 'endret';
    return back(
      c,
      session,
      `Kampanjen ${saved.value.name} er ${verb}. Merkene den gjelder, bygges på nytt.`,
    );
  };

  app.post(`${base}/kampanjer`, (c) => campaignForm(c, null));

  /** The campaign of the path's id, or the words for why the page cannot have it. */
  const campaignById = async (c: Context) => {
    const id = Number(c.req.param('id'));
    const view = await campaignsView();
    if (!view.ok) return { id, missing: `Kampanjene kan ikke leses nå: ${view.message}` } as const;
    const campaign = view.campaigns.find((x) => x.id === id);
    return campaign
      ? ({ id, campaign } as const)
      : ({ id, missing: `Kampanje ${String(id)} finnes ikke.` } as const);
  };

  app.get(`${base}/kampanjer/:id/endre`, async (c) => {
    const session = current(c);
    const found = await campaignById(c);
    if ('missing' in found) return back(c, session, found.missing);
    const { id, campaign } = found;
    const client = createApiClient({ baseURL: options.apiUrl, tenant: options.searchBrand });
    const names = new Map<number, string>();
    await Promise.all(
      campaign.items.slice(0, 50).map(async (item) => {
        const article = await getArticle(item.articleId, client).catch(() => null);
        if (article) names.set(item.articleId, article.name);
      }),
    );
    return dashboard(c, session, { ...newForm(), campaignId: id, form: formOf(campaign, names) });
  });

  app.post(`${base}/kampanjer/:id`, (c) => campaignForm(c, Number(c.req.param('id'))));

  app.get(`${base}/kampanjer/:id/avslutt`, async (c) => {
    const session = current(c);
    const found = await campaignById(c);
    if ('missing' in found) return back(c, session, found.missing);
    const { id, campaign } = found;
    const lines = [
      `Kampanjen ${campaign.name} slutter nå i stedet for ${whenText(campaign.end)}.`,
      `Varene får tilbake ordinær pris når merkene er bygget på nytt; det skjer av seg selv.`,
    ];
    return page(
      c,
      'Avslutt kampanjen',
      confirmMain(
        `Avslutte ${campaign.name}?`,
        lines,
        `${base}/kampanjer/${String(id)}/avslutt`,
        {},
        `Ja, avslutt ${campaign.name}`,
        session.csrf,
      ),
      session,
    );
  });

  app.get(`${base}/kampanjer/:id/forhandsvisning/:brand`, async (c) => {
    const brand = c.req.param('brand');
    if (!previews || !known(brand)) return c.text('Ingen forhåndsvisning her.', 404);
    const found = await campaignById(c);
    if ('missing' in found) return c.text(found.missing, 404);
    const state = previews.status(brand, found.id);
    return c.html(previewItem(found.campaign, getBrand(brand).name, state, current(c).csrf).value);
  });

  app.post(`${base}/kampanjer/:id/forhandsvis`, async (c) => {
    const session = current(c);
    const body = await c.req.parseBody();
    const brand = typeof body['merke'] === 'string' ? body['merke'] : '';
    if (!options.previews || !known(brand)) return c.text('Ingen forhåndsvisning her.', 404);
    const state = await options.previews.start(brand, Number(c.req.param('id')));
    return back(
      c,
      session,
      state.reason ??
        `Forhåndsvisningen av ${getBrand(brand).name} bygges; lenken kommer her når den er klar.`,
    );
  });

  app.post(`${base}/kampanjer/:id/avslutt`, async (c) => {
    const session = current(c);
    const ended = await endCampaign(admin, Number(c.req.param('id')));
    return back(
      c,
      session,
      ended.ok
        ? `Kampanjen ${ended.value.name} er avsluttet.`
        : `Kampanjen ble ikke avsluttet: ${ended.message}`,
    );
  });

  return app;
}

/**
 * The posted form with its repeated fields in order (the campaign form's items), from the
 * body Hono has already parsed for the anti-forgery check.
 */
async function formParams(c: Context): Promise<URLSearchParams> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(await c.req.parseBody({ all: true }))) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (typeof one === 'string') params.append(key, one);
    }
  }
  return params;
}
