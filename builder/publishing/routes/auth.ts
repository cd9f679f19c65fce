import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { sessionCookie, signInFormToken } from '../session.ts';
import { signInMain } from '../views/sign-in.ts';
import { clientOf, crossSite, refusalWords } from './guard.ts';
import { base, type Publishing, type PublishingEnv } from './shared.ts';

/**
 * Signing in and out of /publisering with the campaign secret: the page itself is the
 * sign-in until a session cookie says otherwise.
 */

const formCookie = 'publisering_skjema';

/** The sign-in page, with a new form token in its cookie; `error` says why it is shown again. */
function signInPage(
  p: Publishing,
  c: Context,
  error: string | null,
  status: 200 | 401 | 403 | 429 = 200,
) {
  const token = signInFormToken();
  setCookie(c, formCookie, token, {
    path: base,
    httpOnly: true,
    sameSite: 'Strict',
    secure: new URL(c.req.url).protocol === 'https:',
  });
  return p.page(c, 'Logg inn', signInMain(token, error), null, status);
}

/** The page (the sign-in without a session) and the sign-in's form; open to anyone. */
export function signInRoutes(p: Publishing): Hono<PublishingEnv> {
  const routes = new Hono<PublishingEnv>();

  routes.post('/logg-inn', async (c) => {
    const body = await c.req.parseBody();
    const sent = typeof body['_csrf'] === 'string' ? body['_csrf'] : '';
    const expected = getCookie(c, formCookie);
    if (crossSite(c) || !expected || sent !== expected) {
      return signInPage(p, c, refusalWords({ kind: 'forged' }), 403);
    }
    const given = typeof body['hemmelighet'] === 'string' ? body['hemmelighet'] : '';
    const result = await p.sessions.signIn(given, clientOf(c));
    if ('kind' in result) {
      return signInPage(p, c, refusalWords(result), result.kind === 'limit' ? 429 : 401);
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

  routes.get('/', async (c) => {
    const session = p.sessionOf(c);
    if (!session) return signInPage(p, c, null);
    return p.dashboard(c, session, p.newForm());
  });

  return routes;
}

/** Signing out; behind the sign-in guard, as every write. */
export function signOutRoutes(p: Publishing): Hono<PublishingEnv> {
  return new Hono<PublishingEnv>().post('/logg-ut', (c) => {
    p.sessions.signOut(c.var.session.id);
    deleteCookie(c, sessionCookie, { path: base });
    return c.redirect(base, 303);
  });
}
