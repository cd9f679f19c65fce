import { Hono } from 'hono';
import { getBrand } from '../../../src/brands/index.ts';
import { brandDist, listReleases } from '../../releases/releases.ts';
import { liveRelease, revisionOf } from '../build-board.ts';
import { publishNow } from '../publish-now.ts';
import { rollbackTo, RollbackRefused } from '../rollback.ts';
import { brandPanel } from '../views/brand.ts';
import { confirmMain } from '../views/confirm.ts';
import { whenText } from '../views/parts.ts';
import { base, type Publishing, type PublishingEnv } from './shared.ts';

/**
 * A brand's builds and releases, under /publisering/merker/{brand}: its panel alone (for the
 * page's script to swap in), 'Publiser nå', and going back to an earlier release after a
 * confirmation.
 */
export function brandRoutes(p: Publishing): Hono<PublishingEnv> {
  const { options } = p;
  const routes = new Hono<PublishingEnv>();

  routes.get('/:brand', (c) => {
    const brand = c.req.param('brand');
    if (!p.known(brand)) return c.text('Ukjent merke.', 404);
    return c.html(brandPanel(p.brandView(brand), c.var.session.csrf));
  });

  routes.post('/:brand/publiser', async (c) => {
    const brand = c.req.param('brand');
    if (!p.known(brand)) return c.text('Ukjent merke.', 404);
    const name = getBrand(brand).name;
    try {
      if (options.ciRepository) {
        await options.target.trigger(brand);
        return p.back(c, c.var.session, `Bygget av ${name} er sendt til GitHub Actions.`);
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
      return p.back(c, c.var.session, words, `#merke-${brand}`);
    } catch (error) {
      return p.back(c, c.var.session, `Bygget av ${name} kunne ikke startes: ${String(error)}`);
    }
  });

  const busyWords = (brand: string): string | null => {
    const { state } = options.target.status(brand);
    if (options.ciRepository) return 'Merket bygges på GitHub Actions; gå tilbake der.';
    return state === 'building' || state === 'queued'
      ? `Et bygg av ${getBrand(brand).name} pågår eller venter, og det ville bli live etter at du gikk tilbake. Gå tilbake når det er ferdig.`
      : null;
  };

  routes.get('/:brand/tilbake', async (c) => {
    const brand = c.req.param('brand');
    if (!p.known(brand)) return c.text('Ukjent merke.', 404);
    const { session } = c.var;
    const id = c.req.query('utgave') ?? '';
    const release = listReleases(brandDist(options.distRoot, brand)).find((r) => r.id === id);
    const live = liveRelease(options.distRoot, brand);
    const busy = busyWords(brand);
    if (!release || release.live || busy) {
      const why =
        busy ?? (release ? 'Den utgaven er allerede live.' : `Utgave ${id} er ikke tatt vare på.`);
      return p.page(
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
    return p.page(
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

  routes.post('/:brand/tilbake', async (c) => {
    const brand = c.req.param('brand');
    if (!p.known(brand)) return c.text('Ukjent merke.', 404);
    const { session } = c.var;
    const busy = busyWords(brand);
    const body = await c.req.parseBody();
    const id = typeof body['utgave'] === 'string' ? body['utgave'] : '';
    const from = typeof body['fra'] === 'string' && body['fra'] !== '' ? body['fra'] : null;
    if (busy) return p.back(c, session, `Gikk ikke tilbake: ${busy}`);
    try {
      const release = await rollbackTo(options.distRoot, brand, id, from);
      options.board.rolledBack(brand, release);
      return p.back(
        c,
        session,
        `${getBrand(brand).name} er tilbake på utgave ${release.id}.`,
        `#merke-${brand}`,
      );
    } catch (error) {
      return p.back(
        c,
        session,
        error instanceof RollbackRefused
          ? `Gikk ikke tilbake: ${error.message}`
          : `Gikk ikke tilbake, og utgaven som var live, er det fortsatt: ${String(error)}`,
      );
    }
  });

  return routes;
}
