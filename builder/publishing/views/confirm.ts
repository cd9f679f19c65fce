import { html } from 'hono/html';
import { button, panel, quiet, type Markup } from './parts.ts';

/** A confirmation: what is about to happen, with a button to do it and a way back. */
export function confirmMain(
  title: string,
  lines: string[],
  action: string,
  fields: Record<string, string>,
  confirm: string,
  csrf: string,
): Markup {
  return html`<h1 class="text-2xl font-bold">${title}</h1>
    <form method="post" action="${action}" class="${panel} grid max-w-2xl gap-3">
      <input type="hidden" name="_csrf" value="${csrf}" />
      ${Object.entries(fields).map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}" />`)}
      ${lines.map((line) => html`<p>${line}</p>`)}
      <div class="flex flex-wrap gap-2">
        <button class="${button}">${confirm}</button>
        <a class="${quiet}" href="/publisering">Avbryt</a>
      </div>
    </form>`;
}
