import { Hono } from 'hono';
import { getBrand } from '../../../src/brands/index.ts';
import { previewItem } from '../views/preview.ts';
import type { Publishing, PublishingEnv } from './shared.ts';

/**
 * A coming campaign's previews, under /publisering/kampanjer/{id}: building one for a brand,
 * and one brand's preview block alone, for the page's script to swap in when the previews
 * push a change. Without the builder's previews, there are none.
 */
export function previewRoutes(p: Publishing): Hono<PublishingEnv> {
  const { previews } = p.options;
  const routes = new Hono<PublishingEnv>();

  routes.get('/:id/forhandsvisning/:brand', async (c) => {
    const brand = c.req.param('brand');
    if (!previews || !p.known(brand)) return c.text('Ingen forhåndsvisning her.', 404);
    const found = await p.campaignById(Number(c.req.param('id')));
    if ('missing' in found) return c.text(found.missing, 404);
    const state = previews.status(brand, found.id);
    return c.html(previewItem(found.campaign, getBrand(brand).name, state, c.var.session.csrf));
  });

  routes.post('/:id/forhandsvis', async (c) => {
    const body = await c.req.parseBody();
    const brand = typeof body['merke'] === 'string' ? body['merke'] : '';
    if (!previews || !p.known(brand)) return c.text('Ingen forhåndsvisning her.', 404);
    const state = await previews.start(brand, Number(c.req.param('id')));
    return p.back(
      c,
      c.var.session,
      state.reason ??
        `Forhåndsvisningen av ${getBrand(brand).name} bygges; lenken kommer her når den er klar.`,
    );
  });

  return routes;
}
