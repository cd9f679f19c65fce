import { Hono } from 'hono';
import { bearerMatches } from '../../contract/bearer.ts';
import type { BrandStatus } from './queue.ts';

/** The environment variable holding `brand`'s build hook token. */
export function hookTokenVariable(brand: string): string {
  return `BUILD_HOOK_TOKEN_${brand.toUpperCase()}`;
}

/** What the build hook drives: the local build queue, or a CI workflow. */
export interface HookTarget {
  trigger(brand: string): BrandStatus | Promise<BrandStatus>;
  status(brand: string): BrandStatus;
}

/** The build hooks' options. */
export interface BuildHookOptions {
  target: HookTarget;
  /** Brand id -> its token (from {@link hookTokenVariable}); a brand without one refuses all. */
  tokens: ReadonlyMap<string, string | undefined>;
  /** Called with the brand of each accepted trigger; never with the token. */
  log?: (message: string) => void;
}

/**
 * The build hooks under `/hooks/build/{brand}`, as static hosts offer them: `POST` with the
 * brand's token (`Authorization: Bearer …`) asks for a rebuild and answers 202 with the
 * brand's state; `GET` answers the state. A wrong or missing token is 401, an unknown brand
 * 404, a CI workflow that could not be started 502.
 */
export function createBuildHookApp({ target, tokens, log = console.log }: BuildHookOptions): Hono {
  const app = new Hono();
  app.use('/hooks/build/:brand', async (c, next) => {
    const brand = c.req.param('brand');
    if (!tokens.has(brand)) return c.json({ message: `Ukjent merke: ${brand}` }, 404);
    if (!bearerMatches(c.req.header('Authorization'), tokens.get(brand))) {
      c.header('WWW-Authenticate', 'Bearer');
      return c.json({ message: 'Feil eller manglende nøkkel for byggekroken.' }, 401);
    }
    return next();
  });
  app.get('/hooks/build/:brand', (c) => c.json(target.status(c.req.param('brand'))));
  app.post('/hooks/build/:brand', async (c) => {
    const brand = c.req.param('brand');
    log(`Byggekrok: nytt bygg av ${brand} bestilt`);
    try {
      return c.json(await target.trigger(brand), 202);
    } catch (error) {
      log(`Byggekrok: bygget av ${brand} kunne ikke startes`);
      return c.json({ message: `Kunne ikke starte bygget: ${String(error)}` }, 502);
    }
  });
  return app;
}
