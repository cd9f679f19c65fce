import { Hono, type Context } from 'hono';
import { getArticle } from '../../../src/lib/api/catalogue.ts';
import { createApiClient } from '../../../src/lib/api/client.ts';
import { changeCampaign, createCampaign, endCampaign, findArticles } from '../campaign-admin.ts';
import { formOf, readForm, toInput } from '../campaign-form.ts';
import type { FormView } from '../views/campaign-form.ts';
import { confirmMain } from '../views/confirm.ts';
import { whenText } from '../views/parts.ts';
import { base, type Publishing, type PublishingEnv } from './shared.ts';

/**
 * The campaigns, under /publisering/kampanjer: the form that creates or changes one (with
 * its article search), and ending one after a confirmation. The campaign calls go to the
 * API with the secret; a write there rebuilds the brands the campaign touches.
 */
export function campaignRoutes(p: Publishing): Hono<PublishingEnv> {
  const { options } = p;
  const routes = new Hono<PublishingEnv>();

  /** The campaign form posted: search, add or remove an article, or save. */
  const campaignForm = async (c: Context<PublishingEnv>, campaignId: number | null) => {
    const { session } = c.var;
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
      return p.dashboard(c, session, view);
    }
    if (action.startsWith('legg-til:')) {
      const [, id = '', ...name] = action.split(':');
      if (!form.items.some((item) => item.articleId === id)) {
        form.items.push({ articleId: id, name: name.join(':'), price: '' });
      }
      return p.dashboard(c, session, view);
    }
    if (action.startsWith('fjern:')) {
      form.items.splice(Number(action.slice('fjern:'.length)), 1);
      return p.dashboard(c, session, view);
    }
    const checked = toInput(form);
    if (!checked.ok) {
      view.errors = checked.errors;
      view.message = 'Kampanjen er ikke lagret. Rett det som er merket.';
      return p.dashboard(c, session, view, 422);
    }
    const saved =
      campaignId === null
        ? await createCampaign(p.admin, checked.input)
        : await changeCampaign(p.admin, campaignId, checked.input);
    if (!saved.ok) {
      view.errors = saved.errors;
      view.message = `Kampanjen er ikke lagret: ${saved.message}`;
      return p.dashboard(c, session, view, 422);
    }
    const verb = campaignId === null ? 'opprettet' : 'endret';
    return p.back(
      c,
      session,
      `Kampanjen ${saved.value.name} er ${verb}. Merkene den gjelder, bygges på nytt.`,
    );
  };

  routes.post('/', (c) => campaignForm(c, null));

  routes.get('/:id/endre', async (c) => {
    const { session } = c.var;
    const found = await p.campaignById(Number(c.req.param('id')));
    if ('missing' in found) return p.back(c, session, found.missing);
    const { id, campaign } = found;
    const client = createApiClient({ baseURL: options.apiUrl, tenant: options.searchBrand });
    const names = new Map<number, string>();
    await Promise.all(
      campaign.items.slice(0, 50).map(async (item) => {
        const article = await getArticle(item.articleId, client).catch(() => null);
        if (article) names.set(item.articleId, article.name);
      }),
    );
    return p.dashboard(c, session, {
      ...p.newForm(),
      campaignId: id,
      form: formOf(campaign, names),
    });
  });

  routes.post('/:id', (c) => campaignForm(c, Number(c.req.param('id'))));

  routes.get('/:id/avslutt', async (c) => {
    const { session } = c.var;
    const found = await p.campaignById(Number(c.req.param('id')));
    if ('missing' in found) return p.back(c, session, found.missing);
    const { id, campaign } = found;
    const lines = [
      `Kampanjen ${campaign.name} slutter nå i stedet for ${whenText(campaign.end)}.`,
      `Varene får tilbake ordinær pris når merkene er bygget på nytt; det skjer av seg selv.`,
    ];
    return p.page(
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

  routes.post('/:id/avslutt', async (c) => {
    const ended = await endCampaign(p.admin, Number(c.req.param('id')));
    return p.back(
      c,
      c.var.session,
      ended.ok
        ? `Kampanjen ${ended.value.name} er avsluttet.`
        : `Kampanjen ble ikke avsluttet: ${ended.message}`,
    );
  });

  return routes;
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
