/**
 * `client:interaction`: hydrates an island when the shopper shows intent to use it (pointer
 * over or down, touch, focus, a key, a click or a change inside it), or when a page script
 * dispatches {@link HYDRATE_EVENT}. Until then the island is its server HTML and the page
 * loads no framework. A button click, a radio or checkbox pick, a select change or a form
 * sent (held back from the browser's own sending) before the framework arrived is replayed
 * once the island says it is live
 * ({@link READY_EVENT}, sent from its first effect: React hydrates in a transition after
 * Astro's hydrate() has returned, and a change sent to a root not yet committed is dropped),
 * so the shopper's first action is not lost.
 *
 * Options ({@link InteractionOptions}): `query` hydrates at once when the page URL has a
 * query, for islands whose server HTML shows the bare URL's state (a listing's first page,
 * not a shared or reloaded `?side=2&farge=3`); `prefetch` has the build add prefetch links
 * for the island's code (builder/finish-page.ts), which this directive moves into the head once
 * the page has loaded and painted, so the first interaction need not wait for the code and
 * the first screen's pictures need not share the connection with it.
 */

import type { ClientDirective } from 'astro';
import { afterFirstScreen } from '../../lib/html/after-first-screen.ts';
import { PREFETCH_AFTER_LOAD } from '../../lib/html/prefetch-after-load.ts';
import { HYDRATE_EVENT, READY_EVENT } from './hydrate-event.ts';

const INTENT = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
const ACTIONS = ['click', 'change', 'submit'] as const;

/** How long a replay waits for an island that never says it is live. */
const READY_TIMEOUT_MS = 10_000;

/** The value of `client:interaction={{ ... }}`. */
export interface InteractionOptions {
  query?: boolean;
  prefetch?: boolean;
}

/** Moves the page's island prefetch links (builder/finish-page.ts) into the head, once. */
function prefetchIslandCode(): void {
  const links = document.querySelector<HTMLTemplateElement>(`template[${PREFETCH_AFTER_LOAD}]`);
  if (!links) return;
  links.remove();
  document.head.append(links.content);
}

const interaction: ClientDirective = (load, options, el) => {
  let replay: (() => void) | undefined;
  let started = false;

  // Remembers the last action the server HTML could not handle.
  const remember = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = event.type === 'click' ? target?.closest('button') : null;
    if (button) replay = () => button.click();
    else if (
      target instanceof HTMLInputElement &&
      (target.type === 'radio' || target.type === 'checkbox')
    ) {
      // The browser has already ticked it; untick and click it again, so the island sees the
      // change (React tracks `checked` and hears radios and checkboxes change by click).
      const { checked } = target;
      replay = () => {
        target.checked = !checked;
        target.click();
      };
    } else if (event.type === 'submit' && target instanceof HTMLFormElement) {
      // The browser would send the form and leave the page; the island sends it instead.
      event.preventDefault();
      const { submitter } = event as SubmitEvent;
      replay = () => target.requestSubmit(submitter);
    } else if (event.type === 'change' && target instanceof HTMLSelectElement) {
      // The island may set its own state into the select when it starts; the choice is put back.
      const { value } = target;
      replay = () => {
        target.value = value;
        target.dispatchEvent(new Event('change', { bubbles: true }));
      };
    }
  };

  const start = async () => {
    if (started) return;
    started = true;
    for (const type of INTENT) el.removeEventListener(type, begin);
    el.removeEventListener(HYDRATE_EVENT, begin);
    const hydrate = await load();
    const ready = new Promise((resolve) => {
      el.addEventListener(READY_EVENT, resolve, { once: true });
      setTimeout(resolve, READY_TIMEOUT_MS);
    });
    // From hydrate() on, React takes clicks itself (it hydrates at once for them); a change
    // or a form sent it would drop until its first commit, so those are still caught until
    // it is live.
    el.removeEventListener('click', onAction, true);
    await hydrate();
    await ready;
    el.removeEventListener('change', onAction, true);
    el.removeEventListener('submit', onAction, true);
    replay?.();
  };

  const begin = () => void start();
  const onAction = (event: Event) => {
    remember(event);
    begin();
  };

  for (const type of INTENT) el.addEventListener(type, begin, { passive: true });
  for (const type of ACTIONS) el.addEventListener(type, onAction, true);
  el.addEventListener(HYDRATE_EVENT, begin);
  const { query, prefetch } = (options.value ?? {}) as InteractionOptions;
  if (prefetch) afterFirstScreen(prefetchIslandCode);
  if (query && new URLSearchParams(location.search).size > 0) begin();
};

export default interaction;
