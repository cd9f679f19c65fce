import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { html } from 'hono/html';
import type { ApiAdminCampaign } from '../../../contract/index.ts';
import { getBrand } from '../../../src/brands/index.ts';
import type { HookTarget } from '../../releases/hook.ts';
import { brandDist, listReleases } from '../../releases/releases.ts';
import { publishingAssets } from '../assets.ts';
import { liveRelease, type BuildBoard } from '../build-board.ts';
import { listCampaigns, type AdminApi } from '../campaign-admin.ts';
import { emptyForm, osloLocal } from '../campaign-form.ts';
import { fetchVitals, vitalsSection } from '../field-vitals.ts';
import type { PreviewPort } from '../preview-port.ts';
import { PublishingSessions, sessionCookie, type PublishingSession } from '../session.ts';
import type { BrandView } from '../views/brand.ts';
import type { FormView } from '../views/campaign-form.ts';
import type { CampaignsView } from '../views/campaigns.ts';
import { dashboardMain } from '../views/dashboard.ts';
import { layout } from '../views/layout.ts';
import type { Markup } from '../views/parts.ts';

/**
 * What every area of /publisering shares (the sub-apps in this folder): the page's options,
 * its sessions, and the ways to answer with a whole page, the signed-in page or a way back
 * to it with a message.
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

/** Where the page is. */
export const base = '/publisering';

/** The page's Hono environment: the session the sign-in guard (guard.ts) found. */
export type PublishingEnv = { Variables: { session: PublishingSession } };

/** The statuses a whole page is answered with. */
type PageStatus = 200 | 401 | 403 | 409 | 422 | 429;

/** A campaign of the API by its id, or the words for why the page cannot have it. */
export type FoundCampaign =
  { id: number; campaign: ApiAdminCampaign } | { id: number; missing: string };

/** The page's state and answers, shared by its areas. */
export interface Publishing {
  options: PublishingOptions;
  sessions: PublishingSessions;
  /** The session of the request's cookie, or null. */
  sessionOf: (c: Context) => PublishingSession | null;
  /** The campaign calls with the secret as their token. */
  admin: AdminApi;
  /** Whether the builder keeps `brand`. */
  known: (brand: string) => boolean;
  brandView: (brand: string) => BrandView;
  campaignsView: () => Promise<CampaignsView>;
  campaignById: (id: number) => Promise<FoundCampaign>;
  /** An empty campaign form: from the start of tomorrow, Norwegian time, for a week. */
  newForm: () => FormView;
  /** A whole page around `main`. */
  page: (
    c: Context,
    title: string,
    main: Markup,
    session: PublishingSession | null,
    status?: PageStatus,
  ) => Promise<Response>;
  /** The signed-in page with `form`, and the message left for this session, once. */
  dashboard: (
    c: Context,
    session: PublishingSession,
    form: FormView,
    status?: 200 | 422,
  ) => Promise<Response>;
  /** Back to the signed-in page (at `anchor`), which then shows `flash`. */
  back: (c: Context, session: PublishingSession, flash: string, anchor?: string) => Response;
}

/** The shared state and answers of one publishing app. */
export function publishingOf(options: PublishingOptions): Publishing {
  const sessions = options.sessions ?? new PublishingSessions({ secret: options.secret });
  const admin: AdminApi = { ...options.admin, token: options.secret ?? '' };
  const flashes = new Map<string, string>();
  const { previews } = options;

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

  const page: Publishing['page'] = async (c, title, main, session, status = 200) => {
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

  return {
    options,
    sessions,
    sessionOf: (c) => sessions.find(getCookie(c, sessionCookie)),
    admin,
    known: (brand) => options.brands.includes(brand),
    brandView,
    campaignsView,
    campaignById: async (id) => {
      const view = await campaignsView();
      if (!view.ok) return { id, missing: `Kampanjene kan ikke leses nå: ${view.message}` };
      const campaign = view.campaigns.find((x) => x.id === id);
      return campaign ? { id, campaign } : { id, missing: `Kampanje ${String(id)} finnes ikke.` };
    },
    newForm,
    page,
    dashboard: async (c, session, form, status = 200) => {
      const flash = flashes.get(session.id) ?? null;
      flashes.delete(session.id);
      const [campaigns, vitals] = await Promise.all([campaignsView(), fetchVitals(admin)]);
      const brands = options.brands.map((id) => ({ id, name: getBrand(id).name }));
      const main = html`${dashboardMain(options.brands.map(brandView), campaigns, form, flash, session.csrf)}
      ${vitalsSection(brands, vitals)}`;
      return page(c, 'Publisering', main, session, status);
    },
    back: (c, session, flash, anchor = '') => {
      flashes.set(session.id, flash);
      return c.redirect(`${base}${anchor}`, 303);
    },
  };
}
