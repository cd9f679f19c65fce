/**
 * The cart badge and the cart modal's loader. The script of CartLink.astro, which every
 * page runs through the layout's one module script (src/layouts/base-scripts.ts).
 */

import { $cartCount, $cartOpen, OPEN_CART_PARAM, openCart } from '../../stores/cart-count.ts';

/** Starts the cart badge and the cart modal's loader. */
export function startCartLink(): void {
  // The spec: the badge shows the item count only when it is above 0. The persisted store also
  // follows other tabs, so the badge updates when the cart changes anywhere.
  const link = document.querySelector<HTMLAnchorElement>('[data-cart-link]');
  const badge = document.querySelector<HTMLElement>('[data-cart-badge]');
  const label = document.querySelector<HTMLElement>('[data-cart-label]');
  $cartCount.subscribe((count) => {
    if (!badge || !label) return;
    badge.textContent = String(count);
    badge.classList.toggle('hidden', count <= 0);
    label.textContent =
      count > 0
        ? `Gå til kassen, ${count} ${count === 1 ? 'vare' : 'varer'} i handlekurven`
        : 'Gå til kassen';
  });

  // The cart modal (React with it) loads only when the cart first opens, whoever opens it:
  // this link, the open-cart flag, or an island calling openCart(). If its code cannot be
  // loaded, the link's own target, the checkout, still shows the cart.
  const loadModal = () => import('../../islands/cart/open-cart.ts');
  $cartOpen.subscribe((open) => {
    if (!open) return;
    loadModal().then(
      (modal) => modal.mountCartModal(),
      () => location.assign('/checkout'),
    );
  });

  // A plain left click opens the modal; a click with a modifier key (new tab, new window)
  // and a page without JavaScript follow the link to the checkout.
  link?.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    openCart();
  });
  // Fetching the modal's code when the pointer or focus reaches the link saves the wait on
  // click; it renders nothing until the cart opens.
  const warm = () => void loadModal().catch(() => undefined);
  link?.addEventListener('pointerenter', warm, { once: true });
  link?.addEventListener('focus', warm, { once: true });

  // docs/spec.md §2 and 4: the open-cart flag (?handlekurv=1) opens the cart after the page has
  // loaded; the flag leaves the URL so a reload or a shared link does not open it again.
  function openFromFlag() {
    const url = new URL(location.href);
    if (!url.searchParams.has(OPEN_CART_PARAM)) return;
    url.searchParams.delete(OPEN_CART_PARAM);
    history.replaceState(history.state, '', url);
    openCart();
  }
  if (document.readyState === 'complete') openFromFlag();
  else addEventListener('load', openFromFlag, { once: true });
}
