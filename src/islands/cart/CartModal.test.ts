import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartLine } from '../../lib/domain/cart.ts';
import type { PromoCode } from '../../lib/types.ts';
import { cartLine } from '../../test-support/cart.ts';
import { customer } from '../../test-support/customer.ts';

let storage: Record<string, string> = {};

/**
 * The cart modal's markup over a cart stored as a page would find it, with fresh store
 * modules. Rendered on the server side of React: the structure and names the browser tests
 * and screen readers rely on, without a DOM.
 */
async function render(
  lines: CartLine[],
  options: { promo?: PromoCode; cartErrors?: string[]; user?: string } = {},
) {
  vi.resetModules();
  const { setPersistentEngine } = await import('@nanostores/persistent');
  setPersistentEngine(storage, {
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
  storage['orders'] = JSON.stringify(lines);
  if (options.user !== undefined) storage['user'] = options.user;
  const stores = await import('../../stores/cart.ts');
  if (options.promo) {
    stores.updateCart((state) => ({
      ...state,
      discount: {
        activated: true,
        fixed: options.promo?.fixed ?? false,
        amount: 0.1,
        originalTotal: 0,
      },
    }));
    stores.$activePromocode.set(options.promo);
  }
  stores.setCartErrors(options.cartErrors ?? []);
  const { default: CartModal } = await import('./CartModal.tsx');
  return renderToStaticMarkup(createElement(CartModal));
}

/** The text of `html` with tags dropped and spaces (NBSP included) made plain. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();

beforeEach(() => {
  storage = {};
});

describe('CartModal', () => {
  it('shows a reduced line with its førpris and percentage, and no other line as reduced', async () => {
    const { priorPrice, ...stored } = cartLine('C');
    void priorPrice;
    const html = await render([
      cartLine('A', { price: 49900, priorPrice: 69900 }),
      cartLine('B', { price: 49900, priorPrice: 49900 }),
      // Stored by a shop that kept no førpris.
      stored as CartLine,
    ]);
    expect(text(html)).toContain('Førpris 699,00 kr (−28 %)');
    expect(html.match(/data-prior-price/g)).toHaveLength(1);
    expect(html.match(/<s>/g)).toHaveLength(1);
  });

  it('offers a guest to log in and come back to the cart', async () => {
    const html = await render([cartLine('A')]);
    expect(html).toMatch(/<a href="\/logg-inn\?neste=%2F%3Fhandlekurv%3D1"[^>]*data-cart-login/);
  });

  it('offers no login to a logged-in customer', async () => {
    const html = await render([cartLine('A')], {
      user: JSON.stringify({ loaded: true, customer: customer() }),
    });
    expect(html).not.toContain('data-cart-login');
  });

  it('is a dialog named by its heading Min Handlekurv', async () => {
    const html = await render([cartLine('A')]);
    const labelledBy = /<dialog[^>]*aria-labelledby="([^"]+)"/.exec(html)?.[1];
    expect(labelledBy).toBeTruthy();
    expect(html).toMatch(new RegExp(`<h2 id="${labelledBy}"[^>]*>Min Handlekurv</h2>`));
    expect(html).toContain('data-cart-modal');
  });

  it('shows each line with picture size, what it is, prices and named count buttons', async () => {
    const html = await render([
      cartLine('A', { count: 2, pant: 200 }),
      cartLine('B', {
        name: 'Lue',
        price: 19900,
        size: 'One size',
        color: { id: 2, name: 'Blå', hex: null, image: '' },
      }),
    ]);
    expect(html).toMatch(/<img src="\/images\/variants\/10.svg" alt="" width="80" height="80"/);
    expect(text(html)).toContain(
      'Vinterjakke Størrelse: 110 · Farge: Rød 499,00 kr per stk. Pant: 2,00 kr per stk.',
    );
    expect(text(html)).toContain('Lue Størrelse: One size · Farge: Blå 199,00 kr per stk.');
    expect(text(html)).not.toContain('Pant: 0');
    for (const name of ['Vinterjakke', 'Lue']) {
      expect(html).toContain(`aria-label="Øk antall av ${name}"`);
      expect(html).toContain(`aria-label="Reduser antall av ${name}"`);
      expect(html).toContain(`aria-label="Fjern ${name}"`);
    }
    expect(text(html)).toContain('Antall: 2');
    expect(text(html)).toContain('Sum varer 1 201,00 kr Totalt 1 201,00 kr');
    for (const name of ['Gå til kassen', 'Legg til rabattkode', 'Fortsett å handle']) {
      expect(text(html)).toContain(name);
    }
    expect(html).toContain('href="/checkout"');
    expect(html).not.toContain('data-cart-discount');
  });

  it('disables + at the purchase limit and says what the limit is', async () => {
    const html = await render([
      cartLine('A', { count: 2, webPurchaseLimit: 2 }),
      cartLine('B', { name: 'Lue', count: 1 }),
    ]);
    const increments = [...html.matchAll(/<button[^>]*data-cart-increment[^>]*>/g)].map(
      (m) => m[0],
    );
    expect(increments[0]).toMatch(/ disabled=""/);
    const describedBy = /aria-describedby="([^"]+)"/.exec(increments[0] ?? '')?.[1];
    expect(html).toContain(`id="${describedBy}"`);
    expect(text(html)).toContain('Du kan kjøpe maks 2 av denne varen.');
    expect(increments[1]).not.toMatch(/ disabled=""/);
  });

  it('says a line the web shop holds none of can only be reserved in a shop', async () => {
    const html = await render([
      cartLine('A', {
        shops: [
          { id: 55, qty: 0 },
          { id: 2, qty: 7 },
        ],
      }),
    ]);
    expect(html).toMatch(/<button[^>]* disabled=""[^>]*data-cart-increment/);
    expect(text(html)).toContain(
      'Kan bare reserveres i butikk: nettbutikken har den ikke på lager.',
    );
    expect(text(html)).not.toContain('maks 0');
  });

  it('shows the discount line with the code when a discount is active', async () => {
    const html = await render([cartLine('A', { price: 100000 })], {
      promo: {
        id: 1,
        name: 'VINTER10',
        validFrom: '',
        validTo: '',
        fixed: false,
        amount: 0.1,
        type: 'cart',
      },
    });
    expect(text(html)).toContain(
      'Sum varer 1 000,00 kr Rabatt (VINTER10) −100,00 kr Totalt 900,00 kr',
    );
  });

  it('marks the lines the server refused', async () => {
    const html = await render([cartLine('A'), cartLine('B', { name: 'Lue' })], {
      cartErrors: ['B'],
    });
    expect(html.match(/data-cart-line-error/g)).toHaveLength(1);
    const lineB = html.slice(html.indexOf('data-ean="B"'));
    expect(text(lineB)).toContain('Ikke lenger på lager');
    expect(text(html)).toContain('Noen varer er ikke lenger på lager.');
  });

  it('says the cart is empty and offers only to go on shopping', async () => {
    const html = await render([]);
    expect(text(html)).toContain('Handlekurven din er tom.');
    expect(text(html)).toContain('Fortsett å handle');
    expect(text(html)).not.toContain('Gå til kassen');
    expect(html).not.toContain('data-cart-total');
  });

  it('has a polite live region for the changes', async () => {
    expect(await render([cartLine('A')])).toMatch(/<p role="status"[^>]*data-cart-announce/);
  });
});
