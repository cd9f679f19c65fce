import { Hono } from 'hono';
import * as v from 'valibot';
import { isRecord } from '../../contract/guards.ts';
import type { ApiAdminCampaign, ApiDataList } from '../../contract/index.ts';
import {
  type CampaignChanges,
  type CampaignFields,
  type CampaignItemFields,
  type CampaignWrite,
  changeCampaign,
  createCampaign,
  endCampaign,
  listAdminCampaigns,
} from '../campaigns/campaign-store.ts';
import { requireBearerToken } from '../http/bearer-auth.ts';
import { readJsonObject } from '../http/body.ts';
import type { AppEnv } from '../http/env.ts';
import { validationError } from '../http/errors.ts';
import { isInstant, parseIntParam } from '../http/params.ts';

/** Which campaign a write changed and the brands whose pages show its articles. */
export interface CampaignChange {
  campaignId: number;
  brands: string[];
}

/** Called after each successful campaign write; see {@link campaignsAdminRoutes}. */
export type CampaignChangeListener = (change: CampaignChange) => void;

/** Options of {@link campaignsAdminRoutes}. */
export interface CampaignsAdminOptions {
  /** The bearer token marketing sends; null or '' refuses every request. */
  token: string | null;
  onCampaignChange?: CampaignChangeListener | undefined;
}

const MAX_ITEMS = 5000;
const MAX_PRICE = 100_000_000;
const MAX_LABEL_DATA = 1000;

function text(field: string, min: number, max: number) {
  const size =
    min > 0
      ? `${field} må være ${String(min)} til ${String(max)} tegn.`
      : `${field} kan ha høyst ${String(max)} tegn.`;
  return v.pipe(
    v.string(`${field} må være tekst.`),
    v.trim(),
    v.minLength(min, min === 1 ? `${field} må fylles ut.` : size),
    v.maxLength(max, size),
  );
}

function instant(field: string) {
  return v.pipe(
    v.string(`${field} må være tekst.`),
    v.trim(),
    v.check(
      isInstant,
      `${field} må være et tidspunkt med tidssone, f.eks. 2026-03-01T00:00:00+01:00.`,
    ),
    v.transform((value) => new Date(value).toISOString()),
  );
}

// A root-relative path or an http(s) address; '' clears it like null.
function link(field: string) {
  return v.nullable(
    v.pipe(
      v.string(`${field} må være tekst eller null.`),
      v.trim(),
      v.maxLength(500, `${field} kan ha høyst 500 tegn.`),
      v.check(
        (value) => value === '' || /^(?:\/(?!\/)|https?:\/\/)/iu.test(value),
        `${field} må begynne med / eller http(s)://.`,
      ),
      v.transform((value) => (value === '' ? null : value)),
    ),
  );
}

function flag(field: string) {
  return v.pipe(
    v.union([v.picklist([0, 1]), v.boolean()], `${field} må være 0 eller 1.`),
    v.transform((value): 0 | 1 => (value === 1 || value === true ? 1 : 0)),
  );
}

function parseLabelData(value: string | Record<string, unknown>): Record<string, unknown> | null {
  if (typeof value !== 'string') return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return isRecord(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

const labelDataMessage = 'labelData må være et JSON-objekt eller teksten til et.';

// Messages of an object schema: its own type, a required key that is missing, or a key it
// does not know (a misspelt field would otherwise change nothing without a word).
function objectMessage(issue: v.BaseIssue<unknown>): string {
  const key = issue.path?.at(-1)?.key;
  if (typeof key !== 'string') return 'Innholdet må være et JSON-objekt.';
  return issue.expected === 'never' ? `${key} er ikke et felt her.` : `${key} må fylles ut.`;
}

const item = v.strictObject(
  {
    articleId: v.pipe(
      v.number('articleId må være et tall.'),
      v.safeInteger('articleId må være et positivt heltall.'),
      v.minValue(1, 'articleId må være et positivt heltall.'),
    ),
    price: v.pipe(
      v.number('price må være et tall (øre).'),
      v.finite('price må være et tall (øre).'),
      v.minValue(0, 'price kan ikke være negativ.'),
      v.maxValue(MAX_PRICE, `price kan være høyst ${String(MAX_PRICE)} øre.`),
    ),
    labelType: text('labelType', 1, 50),
    labelData: v.pipe(
      v.union([v.string(), v.record(v.string(), v.unknown())], labelDataMessage),
      v.transform(parseLabelData),
      v.check((value) => value !== null, labelDataMessage),
      v.transform((value) => JSON.stringify(value)),
      v.maxLength(MAX_LABEL_DATA, `labelData kan ha høyst ${String(MAX_LABEL_DATA)} tegn.`),
    ),
  },
  objectMessage,
);

const fields = {
  name: text('name', 1, 200),
  shortDescription: text('shortDescription', 0, 500),
  description: text('description', 0, 5000),
  start: instant('start'),
  end: instant('end'),
  image: link('image'),
  imageMobile: link('imageMobile'),
  showLabel: flag('showLabel'),
  showImage: flag('showImage'),
  labelText: text('labelText', 1, 100),
  url: link('url'),
  items: v.pipe(
    v.array(item, 'items må være en liste.'),
    v.maxLength(MAX_ITEMS, `items kan ha høyst ${String(MAX_ITEMS)} artikler.`),
  ),
};

const createBody = v.strictObject(
  {
    ...fields,
    shortDescription: v.optional(fields.shortDescription, ''),
    description: v.optional(fields.description, ''),
    image: v.optional(fields.image, null),
    imageMobile: v.optional(fields.imageMobile, null),
    showLabel: v.optional(fields.showLabel, 1),
    showImage: v.optional(fields.showImage, 1),
    url: v.optional(fields.url, null),
  },
  objectMessage,
);

const patchBody = v.pipe(
  v.partial(v.strictObject(fields, objectMessage)),
  v.check((body) => Object.keys(body).length > 0, 'Send minst ett felt som skal endres.'),
);

/**
 * The body checked against `schema`.
 * @throws ApiHttpError 422 with the messages per field (`items.0.price`), `body` for the whole.
 */
function parseBody<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, body);
  if (result.success) return result.output;
  const flat = v.flatten(result.issues);
  throw validationError({
    ...(flat.root === undefined ? {} : { body: flat.root }),
    ...(flat.nested as Record<string, string[]>),
  });
}

/**
 * Marketing's campaign administration under /api/v1, every call with
 * `Authorization: Bearer <token>` (see contract/README.md, "Campaign administration"):
 * `GET admin/campaigns`, `POST admin/campaigns`, `PATCH admin/campaigns/{id}` and
 * `POST admin/campaigns/{id}/end`. After each successful write `onCampaignChange` hears which
 * brands show the campaign's articles; a listener that throws or rejects is logged and never
 * fails the request.
 */
export function campaignsAdminRoutes(options: CampaignsAdminOptions): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const auth = requireBearerToken(options.token);
  routes.use('/admin/campaigns', auth);
  routes.use('/admin/campaigns/*', auth);

  const notify = ({ campaign, brands }: CampaignWrite): void => {
    const listener = options.onCampaignChange;
    if (listener === undefined) return;
    const failed = (error: unknown): void => {
      console.error(`onCampaignChange for campaign ${String(campaign.id)} failed:`, error);
    };
    try {
      const result: unknown = listener({ campaignId: campaign.id, brands });
      if (result instanceof Promise) result.catch(failed);
    } catch (error) {
      failed(error);
    }
  };

  routes.get('/admin/campaigns', (c) =>
    c.json<ApiDataList<ApiAdminCampaign>>({ data: listAdminCampaigns(c.get('db')) }),
  );

  routes.post('/admin/campaigns', async (c) => {
    const { items, ...rest } = parseBody(createBody, await readJsonObject(c));
    const write = createCampaign(c.get('db'), rest satisfies CampaignFields, items, c.get('now')());
    notify(write);
    return c.json<ApiAdminCampaign>(write.campaign, 201);
  });

  routes.patch('/admin/campaigns/:id', async (c) => {
    const id = parseIntParam(c.req.param('id'), 'id');
    const { items, ...rest } = parseBody(patchBody, await readJsonObject(c));
    const write = changeCampaign(
      c.get('db'),
      id,
      rest satisfies CampaignChanges,
      items satisfies CampaignItemFields[] | undefined,
      c.get('now')(),
    );
    notify(write);
    return c.json<ApiAdminCampaign>(write.campaign);
  });

  routes.post('/admin/campaigns/:id/end', (c) => {
    const id = parseIntParam(c.req.param('id'), 'id');
    const write = endCampaign(c.get('db'), id, c.get('now')());
    notify(write);
    return c.json<ApiAdminCampaign>(write.campaign);
  });

  return routes;
}
