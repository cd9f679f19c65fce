import { html, raw } from 'hono/html';
import { formatPrice } from '../../contract/money.ts';

/** What a simulator's payment page shows. */
export interface PayPage {
  /** Name of the simulated provider, e.g. `Testbetaling A`. */
  provider: string;
  /** Amount in øre. */
  amount: number;
  /** Path the three forms post to, with `/approve`, `/cancel` or `/decline` appended. */
  action: string;
  /** When the payment is no longer open: what happened to it, and no buttons. */
  closed?: string;
}

/**
 * The simulators' small Norwegian payment page: a heading, the amount in kroner (nb-NO)
 * and three forms (approve, cancel, simulate a decline), usable without script.
 */
export function renderPayPage(page: PayPage): string {
  const amount = formatPrice(page.amount);
  const body = page.closed
    ? html`<p role="status">${page.closed}</p>`
    : html`<form method="post" action="${page.action}/approve">
          <button type="submit">Godkjenn betaling</button>
        </form>
        <form method="post" action="${page.action}/cancel">
          <button type="submit">Avbryt</button>
        </form>
        <form method="post" action="${page.action}/decline">
          <button type="submit">Simuler avvist betaling</button>
        </form>`;
  return String(
    html`<!doctype html>
      <html lang="nb">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>Betaling – ${page.provider}</title>
          <style>
            ${raw(
              'body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;line-height:1.5}form{margin:.75rem 0}button{font:inherit;width:100%;padding:.75rem;border-radius:.5rem;border:2px solid #1a1a1a;background:#fff;cursor:pointer}form:first-of-type button{background:#1a1a1a;color:#fff}button:focus-visible{outline:3px solid #0b5fff;outline-offset:2px}',
            )}
          </style>
        </head>
        <body>
          <main>
            <h1>Betal med ${page.provider}</h1>
            <p>Å betale: <strong>${amount}</strong></p>
            <p>Dette er en simulert betaling. Ingen penger trekkes.</p>
            ${body}
          </main>
        </body>
      </html>`,
  );
}

/** `url` with `result` (`cancelled`, `failed`) in its query; unchanged for null. */
export function withResult(url: string, result: 'cancelled' | 'failed' | null): string {
  if (result === null) return url;
  const target = new URL(url);
  target.searchParams.set('result', result);
  return target.toString();
}
