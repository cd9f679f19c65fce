import { html } from 'hono/html';
import { button, input, notice, panel, type Markup } from './parts.ts';

/** The sign-in form; `error` says why the last attempt was refused. */
export function signInMain(formToken: string, error: string | null): Markup {
  return html`<h1 class="text-2xl font-bold">Logg inn</h1>
    <form method="post" action="/publisering/logg-inn" class="${panel} grid max-w-md gap-3">
      ${notice(error)}
      <input type="hidden" name="_csrf" value="${formToken}" />
      <label for="hemmelighet" class="font-semibold">Kampanjenøkkel</label>
      <p id="hemmelighet-hint" class="text-sm">
        Den samme nøkkelen som kampanjekallene bruker (CAMPAIGN_ADMIN_TOKEN).
      </p>
      <input
        id="hemmelighet"
        name="hemmelighet"
        type="password"
        autocomplete="current-password"
        required
        aria-describedby="hemmelighet-hint"
        aria-invalid="${error ? 'true' : 'false'}"
        class="${input}"
      />
      <button class="${button} justify-self-start">Logg inn</button>
    </form>`;
}
