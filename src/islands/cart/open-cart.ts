/**
 * The cart modal's entry, loaded on demand: the header's cart link imports this module (and
 * with it React and the modal) only when the cart first opens, so pages carry none of it
 * before the shopper asks for the cart.
 */

import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import CartModal from './CartModal.tsx';

let mounted = false;

/**
 * Renders the cart modal into its own container at the end of `<body>`, once per page; the
 * modal then follows `$cartOpen` by itself.
 */
export function mountCartModal(): void {
  if (mounted) return;
  mounted = true;
  const container = document.createElement('div');
  container.dataset['cartModalRoot'] = '';
  document.body.append(container);
  createRoot(container).render(createElement(CartModal));
}
