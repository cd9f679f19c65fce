import { html } from 'hono/html';
import { quiet, type Markup } from './parts.ts';

/** Where the page's own style sheet and script are (assets.ts), versioned by content. */
export interface PageAssets {
  css: string;
  script: string;
}

/**
 * The whole document around `main`, rendered on the builder per request (see app.ts for
 * why); with a session, the live progress's script and the sign-out.
 */
export function layout(
  title: string,
  main: Markup,
  assets: PageAssets,
  session: { csrf: string } | null,
): Markup {
  return html`<!doctype html>
    <html lang="nb">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>${title} – Publisering</title>
        <link rel="stylesheet" href="${assets.css}" />
        ${session ? html`<script type="module" src="${assets.script}"></script>` : ''}
      </head>
      <body class="text-ink font-sans">
        <a href="#innhold" class="sr-only focus:not-sr-only focus:absolute focus:bg-white focus:p-2"
          >Gå til innhold</a
        >
        <header class="bg-brand text-brand-ink">
          <div
            class="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3"
          >
            <p class="text-xl font-bold">Publisering</p>
            ${
              session
                ? html`<form method="post" action="/publisering/logg-ut">
                    <input type="hidden" name="_csrf" value="${session.csrf}" />
                    <button class="${quiet} text-ink">Logg ut</button>
                  </form>`
                : ''
            }
          </div>
        </header>
        <main id="innhold" class="mx-auto grid max-w-6xl gap-8 px-4 py-6">${main}</main>
        <div id="kunngjoring" role="status" class="sr-only"></div>
      </body>
    </html>`;
}
