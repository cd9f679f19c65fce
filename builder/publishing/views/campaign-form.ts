import { html } from 'hono/html';
import { formatPrice } from '../../../contract/money.ts';
import type { FoundArticle } from '../campaign-admin.ts';
import type { CampaignForm, FieldMessages } from '../campaign-form.ts';
import { button, input, notice, panel, quiet, type Markup } from './parts.ts';

/** The campaign form's state: what is typed, its messages, the search and its hits. */
export interface FormView {
  /** The campaign changed, or null for a new one. */
  campaignId: number | null;
  form: CampaignForm;
  errors: FieldMessages;
  /** A message for the whole form (the API's, or that it is down). */
  message: string | null;
  query: string;
  found: FoundArticle[] | null;
  searchMessage: string | null;
}

function fieldError(errors: FieldMessages, field: string, id: string): Markup | '' {
  const messages = errors[field];
  if (!messages?.length) return '';
  return html`<p id="${id}-feil" class="text-sm font-semibold text-red-800">
    ${messages.join(' ')}
  </p>`;
}

function field(
  label: string,
  name: keyof CampaignForm & string,
  value: string,
  errors: FieldMessages,
  type = 'text',
  hint: string | null = null,
): Markup {
  const id = `kampanje-${name}`;
  const invalid = Boolean(errors[name]?.length);
  const describedBy = [hint ? `${id}-hint` : '', invalid ? `${id}-feil` : ''].join(' ').trim();
  return html`<div class="grid content-start gap-1">
    <label for="${id}" class="font-semibold">${label}</label>
    ${hint ? html`<p id="${id}-hint" class="text-sm">${hint}</p>` : ''}
    <input
      id="${id}"
      name="${name}"
      type="${type}"
      value="${value}"
      class="${input}"
      aria-invalid="${invalid ? 'true' : 'false'}"
      ${describedBy ? html`aria-describedby="${describedBy}"` : ''}
    />
    ${fieldError(errors, name, id)}
  </div>`;
}

/** The form to create or change a campaign, with its article search. */
export function campaignFormBlock(view: FormView, csrf: string): Markup {
  const { form, errors } = view;
  const action =
    view.campaignId === null
      ? '/publisering/kampanjer'
      : `/publisering/kampanjer/${String(view.campaignId)}`;
  const title = view.campaignId === null ? 'Ny kampanje' : `Endre kampanjen ${form.name}`;
  const itemsError = fieldError(errors, 'items', 'kampanje-varer');
  return html`<section class="${panel} grid gap-4" aria-labelledby="kampanjeskjema">
    <h2 id="kampanjeskjema" class="text-xl font-bold">${title}</h2>
    <form method="post" action="${action}" class="grid gap-4" novalidate>
      <input type="hidden" name="_csrf" value="${csrf}" />
      ${notice(view.message)}
      <div class="desk:grid-cols-2 grid gap-4">
        ${field('Navn', 'name', form.name, errors)}
        ${field('Merketekst', 'labelText', form.labelText, errors, 'text', 'Vises på varene, f.eks. «Julekupp».')}
        ${field('Starter', 'start', form.start, errors, 'datetime-local', 'Norsk tid.')}
        ${field('Slutter', 'end', form.end, errors, 'datetime-local', 'Norsk tid.')}
      </div>
      ${field('Kort beskrivelse', 'shortDescription', form.shortDescription, errors)}
      <fieldset
        class="grid gap-2"
        ${itemsError ? html`aria-describedby="kampanje-varer-feil"` : ''}
      >
        <legend class="font-semibold">Varer i kampanjen</legend>
        ${itemsError}
        ${
          form.items.length === 0
            ? html`<p>Ingen varer ennå.</p>`
            : html`<ul class="grid gap-2">
                ${form.items.map((item, i) => {
                  const id = `kampanje-pris-${String(i)}`;
                  const key = `items.${String(i)}.price`;
                  const other = errors[`items.${String(i)}.articleId`];
                  const invalid = Boolean(errors[key]?.length);
                  return html`<li class="grid gap-1 rounded-md border border-black/20 bg-white p-3">
                    <input type="hidden" name="articleId" value="${item.articleId}" />
                    <input type="hidden" name="articleName" value="${item.name}" />
                    <label for="${id}" class="font-semibold"
                      >Kampanjepris for ${item.name} (kr)</label
                    >
                    <div class="flex flex-wrap gap-2">
                      <input
                        id="${id}"
                        name="price"
                        value="${item.price}"
                        inputmode="decimal"
                        class="${input} max-w-40"
                        aria-invalid="${invalid ? 'true' : 'false'}"
                        ${invalid ? html`aria-describedby="${id}-feil"` : ''}
                      />
                      <button name="handling" value="fjern:${i}" class="${quiet}">
                        Fjern ${item.name}
                      </button>
                    </div>
                    ${fieldError(errors, key, id)}
                    ${other?.length ? html`<p class="text-sm font-semibold text-red-800">${other.join(' ')}</p>` : ''}
                  </li>`;
                })}
              </ul>`
        }
        <div class="grid gap-1">
          <label for="kampanje-sok" class="font-semibold">Søk etter varer å legge til</label>
          <div class="flex flex-wrap gap-2">
            <input
              id="kampanje-sok"
              name="sok"
              type="search"
              value="${view.query}"
              class="${input} max-w-md"
            />
            <button name="handling" value="sok" class="${quiet}">Søk</button>
          </div>
        </div>
        ${view.searchMessage ? notice(view.searchMessage) : ''}
        ${
          view.found === null
            ? ''
            : view.found.length === 0
              ? html`<p role="status">Ingen treff på «${view.query}».</p>`
              : html`<ul class="grid gap-1" aria-label="Treff på «${view.query}»">
                  ${view.found.map(
                    (a) =>
                      html`<li class="flex flex-wrap items-center gap-2">
                        <span>${a.name} (${formatPrice(a.price)})</span>
                        <button name="handling" value="legg-til:${a.id}:${a.name}" class="${quiet}">
                          Legg til ${a.name}
                        </button>
                      </li>`,
                  )}
                </ul>`
        }
      </fieldset>
      <div class="flex flex-wrap gap-2">
        <button name="handling" value="lagre" class="${button}">
          ${view.campaignId === null ? 'Opprett kampanjen' : 'Lagre endringene'}
        </button>
        ${view.campaignId === null ? '' : html`<a class="${quiet}" href="/publisering">Avbryt</a>`}
      </div>
    </form>
  </section>`;
}
