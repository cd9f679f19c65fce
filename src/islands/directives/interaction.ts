/**
 * `client:interaction`: hydrates an island when the shopper shows intent to use it (pointer
 * over or down, touch, focus, a key, a click or a change inside it), or when a page script
 * dispatches {@link HYDRATE_EVENT}. Until then the island is its server HTML and the page
 * loads no framework. A button click or select change made before the framework arrived is
 * replayed once the island is live, so the shopper's first action is not lost.
 */

import type { ClientDirective } from 'astro';
import { HYDRATE_EVENT } from './hydrate-event.ts';

const INTENT = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
const ACTIONS = ['click', 'change'] as const;

/**
 * Resolves once React has claimed `node` (it keeps its props on the node), or after about
 * two seconds. React hydrates in a transition, after Astro's hydrate() has returned; a
 * click on a node still dehydrated makes React hydrate at once, but a change does not, so
 * the replay waits until the control is React's.
 */
async function whenHydrated(node: Element): Promise<void> {
  for (let frame = 0; frame < 120; frame++) {
    if (Object.keys(node).some((key) => key.startsWith('__reactProps'))) return;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}

const interaction: ClientDirective = (load, _options, el) => {
  let replay: { node: Element; run: () => void } | undefined;
  let started = false;

  // Remembers the last action the server HTML could not handle.
  const remember = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = event.type === 'click' ? target?.closest('button') : null;
    if (button) replay = { node: button, run: () => button.click() };
    else if (event.type === 'change' && target instanceof HTMLSelectElement) {
      // The select keeps the chosen value through hydration; the island only needs the event.
      replay = {
        node: target,
        run: () => target.dispatchEvent(new Event('change', { bubbles: true })),
      };
    }
  };

  const start = async () => {
    if (started) return;
    started = true;
    for (const type of INTENT) el.removeEventListener(type, begin);
    el.removeEventListener(HYDRATE_EVENT, begin);
    const hydrate = await load();
    // From here on the framework receives events itself.
    for (const type of ACTIONS) el.removeEventListener(type, onAction, true);
    await hydrate();
    if (!replay) return;
    await whenHydrated(replay.node);
    replay.run();
  };

  const begin = () => void start();
  const onAction = (event: Event) => {
    remember(event);
    begin();
  };

  for (const type of INTENT) el.addEventListener(type, begin, { passive: true });
  for (const type of ACTIONS) el.addEventListener(type, onAction, true);
  el.addEventListener(HYDRATE_EVENT, begin);
};

export default interaction;
