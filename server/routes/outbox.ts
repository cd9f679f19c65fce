import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import { escapeHtml } from '../accounts/mail.ts';
import { type OutboxMail, listOutbox } from '../accounts/outbox.ts';
import type { AppEnv } from '../http/env.ts';

/** Most mails either outbox view lists. */
export const OUTBOX_LIMIT = 200;

// The page shows only this server's own markup: a mail's text is escaped, and only its
// http(s) addresses become links.
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'";

/** A mail's text, escaped, with its http(s) addresses as links. */
function linkedText(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/u)
    .map((part, i) => {
      const escaped = escapeHtml(part);
      return i % 2 === 1 ? `<a href="${escaped}">${escaped}</a>` : escaped;
    })
    .join('');
}

function mailItem(mail: OutboxMail) {
  return html`<li>
    <h2>${mail.subject}</h2>
    <p><b>Til:</b> ${mail.to} <b>Lagt i kø:</b> <time>${mail.created_at}</time></p>
    ${
      mail.attachments.length === 0
        ? ''
        : html`<p><b>Vedlegg:</b> ${mail.attachments.map((a) => a.filename).join(', ')}</p>`
    }
    <pre>${raw(linkedText(mail.text))}</pre>
  </li>`;
}

/**
 * The development outbox, mounted at `/dev` when createApp's `outbox` is on (not in
 * production): `GET /dev/outbox` lists the queued e-mails as a page, newest first, with
 * their links clickable; `GET /dev/outbox.json` answers them as JSON for tests. Both take an
 * optional `?to=` address.
 */
export const outboxRoutes = new Hono<AppEnv>();

outboxRoutes.get('/outbox.json', (c) =>
  c.json<OutboxMail[]>(listOutbox(c.get('db'), OUTBOX_LIMIT, c.req.query('to'))),
);

outboxRoutes.get('/outbox', (c) => {
  const mails = listOutbox(c.get('db'), OUTBOX_LIMIT, c.req.query('to'));
  c.header('Content-Security-Policy', PAGE_CSP);
  return c.html(
    html`<!doctype html>
      <html lang="nb">
        <head>
          <meta charset="utf-8" />
          <title>Utboks (utvikling)</title>
          <style>
            body {
              font-family: system-ui, sans-serif;
              margin: 2rem;
            }
            li {
              border-bottom: 1px solid #ccc;
              padding: 1rem 0;
              list-style: none;
            }
            pre {
              white-space: pre-wrap;
            }
          </style>
        </head>
        <body>
          <h1>Utboks (utvikling)</h1>
          <p>${String(mails.length)} e-poster, nyeste først.</p>
          <ul>
            ${mails.map(mailItem)}
          </ul>
        </body>
      </html>`,
  );
});
