import { Hono } from 'hono';
import { createHostApp } from '../host.ts';
import { markPreviewPage, previewBanner } from './preview-banner.ts';
import type { PreviewInfo } from './preview-build.ts';

/** What a preview's own origin serves. */
export interface PreviewSiteOptions {
  /** The preview's folder (./preview-build.ts, `previewDir`). */
  dir: string;
  info: PreviewInfo;
  /** Answers the API paths on the same origin, as the shop's host does. */
  api: Pick<Hono, 'fetch'>;
  /** Whether the request may see the preview (it holds marketing's pass); else 403. */
  allows: (request: Request) => boolean;
}

/** Never indexed, never kept: on every answer of a preview's origin. */
const PREVIEW_HEADERS = { 'X-Robots-Tag': 'noindex, nofollow', 'Cache-Control': 'no-store' };

const REFUSED_PAGE = `<!DOCTYPE html><html lang="nb"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><title>Forhåndsvisning</title></head><body><main><h1>Forhåndsvisningen er bare for markedsavdelingen</h1><p>Logg inn på publiseringssiden og åpne forhåndsvisningen derfra.</p></main></body></html>`;

/**
 * A preview served on an origin of its own, so that every root-relative link of its pages
 * works: the shop's host (builder/host.ts) over the preview's folder, with every HTML page
 * marked as a preview of its moment (./preview-banner.ts), `X-Robots-Tag: noindex` and
 * `no-store` on every answer, a robots.txt that disallows all, and only for requests
 * `allows` lets through.
 */
export function createPreviewSite({ dir, info, api, allows }: PreviewSiteOptions): Hono {
  const host = createHostApp({ distDir: dir, api });
  const banner = previewBanner(info.at, info.campaignName);
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(PREVIEW_HEADERS)) c.res.headers.set(name, value);
  });
  app.use('*', async (c, next) => {
    if (!allows(c.req.raw)) return c.html(REFUSED_PAGE, 403);
    return next();
  });
  app.get('/robots.txt', (c) => c.text('User-agent: *\nDisallow: /\n'));
  app.all('*', async (c) => {
    // Plain answers from the host, so that pages can be marked; nothing here leaves the machine.
    const headers = new Headers(c.req.raw.headers);
    headers.delete('Accept-Encoding');
    const answer = await host.fetch(new Request(c.req.raw, { headers }), c.env);
    if (!(answer.headers.get('Content-Type') ?? '').startsWith('text/html')) return answer;
    const marked = markPreviewPage(await answer.text(), banner);
    const out = new Headers(answer.headers);
    out.delete('Content-Length');
    return new Response(marked, { status: answer.status, headers: out });
  });
  return app;
}
