import type { Context, MiddlewareHandler } from 'hono';
import { socketAddress } from '../../../server/http/client-address.ts';
import type { Refusal } from '../session.ts';
import { confirmMain } from '../views/confirm.ts';
import { base, type Publishing, type PublishingEnv } from './shared.ts';

/**
 * What keeps /publisering to marketing: headers that keep every answer out of caches, frames
 * and other sites, and the guard that lets only a session through, and a write only with its
 * anti-forgery token from this very site.
 */

/** The anti-forgery token of a write that is no form (the previews' JSON calls). */
export const csrfHeader = 'X-Publisering-Csrf';

/** Headers of every answer: never cached, never framed, nothing from elsewhere. */
export const secure: MiddlewareHandler = async (c, next) => {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('X-Robots-Tag', 'noindex, nofollow');
  c.header(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'self'; script-src 'self'; connect-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  );
  await next();
};

/** Who is asking, as the sign-in's and the writes' limits tell clients apart. */
export function clientOf(c: Context): string {
  return socketAddress(c) ?? 'in-process';
}

/** A write from another site (a forged form) says so in these headers; ours never do. */
export function crossSite(c: Context): boolean {
  const site = c.req.header('Sec-Fetch-Site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = c.req.header('Origin');
  return origin !== undefined && origin !== 'null' && origin !== new URL(c.req.url).origin;
}

/** Why a sign-in or a write was refused, in Norwegian. */
export function refusalWords(refusal: Refusal): string {
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

/**
 * Lets a request with a session through, with the session in `c.var.session`; without one, a
 * reader of HTML is sent to the sign-in and anyone else gets 401. A write also needs the
 * session's anti-forgery token and must come from this site. Every method: what is mounted
 * below it (the previews' routes too) answers nobody without a session.
 */
export function sessionGuard(p: Publishing): MiddlewareHandler<PublishingEnv> {
  return async (c, next) => {
    const session = p.sessionOf(c);
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
        : await p.sessions.checkWrite(session, sent, clientOf(c));
      if (refused) {
        return p.page(
          c,
          'Ikke utført',
          confirmMain('Ikke utført', [refusalWords(refused)], base, {}, 'Tilbake', session.csrf),
          session,
          refused.kind === 'limit' ? 429 : 403,
        );
      }
    }
    c.set('session', session);
    return next();
  };
}
