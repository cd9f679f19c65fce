import { Hono } from 'hono';
import { scriptRoutes, styleRoutes } from './routes/assets.ts';
import { signInRoutes, signOutRoutes } from './routes/auth.ts';
import { brandRoutes } from './routes/brands.ts';
import { campaignRoutes } from './routes/campaigns.ts';
import { eventRoutes } from './routes/events.ts';
import { secure, sessionGuard } from './routes/guard.ts';
import { previewRoutes } from './routes/previews.ts';
import { base, publishingOf, type PublishingOptions } from './routes/shared.ts';

/**
 * /publisering, marketing's publishing page, on the builder `npm start` runs (shop-server.ts).
 * Server-rendered HTML (hono/html, one view per panel in views/) with one small script for
 * the live progress: the page's data (the secret, releases on disk, the queue) lives in this
 * process, every action works as a plain form, and nothing of it is ever part of a brand's
 * static release. One sub-app per area (routes/), mounted here in the order that matters:
 * what anyone may have, then the sign-in guard, then what needs a session. See README.md,
 * "Publishing (marketing)".
 */

export { csrfHeader } from './routes/guard.ts';
export type { PublishingOptions } from './routes/shared.ts';

/** The publishing page's routes; mount before the shop's catch-all. */
export function createPublishingApp(options: PublishingOptions): Hono {
  const p = publishingOf(options);
  const app = new Hono();

  app.use(base, secure);
  app.use(`${base}/*`, secure);

  // Open to anyone: the style sheet (the sign-in page needs it), and the page, which is the
  // sign-in until there is a session.
  app.route(base, styleRoutes);
  app.route(base, signInRoutes(p));

  // Everything below answers only a session, and a write only with its anti-forgery token.
  app.use(`${base}/*`, sessionGuard(p));
  // The previews' own routes (their JSON calls) answer only behind the guard.
  if (options.previews) app.route('/', options.previews.app());
  app.route(base, scriptRoutes);
  app.route(base, signOutRoutes(p));
  app.route(`${base}/hendelser`, eventRoutes(p));
  app.route(`${base}/merker`, brandRoutes(p));
  app.route(`${base}/kampanjer`, campaignRoutes(p));
  app.route(`${base}/kampanjer`, previewRoutes(p));

  return app;
}
