import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { PromoCode } from '../../lib/types.ts';
import { promoCode } from '../../test-support/cart.ts';

/** The dialog's markup with fresh stores holding `active` as the code in use. */
async function render(active: PromoCode | null) {
  vi.resetModules();
  const { setPersistentEngine } = await import('@nanostores/persistent');
  const storage: Record<string, string> = {};
  setPersistentEngine(storage, {
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
  const { $activePromocode } = await import('../../stores/cart.ts');
  $activePromocode.set(active);
  const { PromoCodeDialog } = await import('./PromoCodeDialog.tsx');
  return renderToStaticMarkup(createElement(PromoCodeDialog, { open: true, onClose: () => {} }));
}

describe('describePromo', () => {
  it.each([
    [promoCode(), 'rabatt på varene', '10'],
    [promoCode({ fixed: true, amount: 10000 }), 'rabatt på varene', '100'],
    [promoCode({ type: 'shipping', amount: 1 }), 'Gratis frakt', ''],
    [promoCode({ type: 'shipping', fixed: true, amount: 5000 }), 'rabatt på frakten', '50'],
  ])('%j says %s', async (code, words, amount) => {
    const { describePromo } = await import('./PromoCodeDialog.tsx');
    expect(describePromo(code)).toContain(words);
    expect(describePromo(code)).toContain(amount);
  });
});

describe('PromoCodeDialog', () => {
  it('is a dialog with a labelled code field, a submit button and an alert beside it', async () => {
    const html = await render(null);
    const labelledBy = /<dialog[^>]*aria-labelledby="([^"]+)"/.exec(html)?.[1];
    expect(html).toMatch(new RegExp(`<h2 id="${labelledBy}"[^>]*>Legg til rabattkode</h2>`));
    const field = /<label for="([^"]+)"[^>]*>Rabattkode<\/label>/.exec(html)?.[1];
    expect(html).toMatch(new RegExp(`<input[^>]*id="${field}"`));
    const errorId = /<input[^>]*aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(html).toMatch(new RegExp(`<p id="${errorId}" role="alert"`));
    expect(html).toMatch(/<button type="submit"[^>]*>Bruk kode<\/button>/);
    expect(html).not.toContain('Fjern rabattkode');
  });

  it('shows the code in use with Fjern rabattkode', async () => {
    const html = await render(promoCode({ name: 'FRIFRAKT', type: 'shipping', amount: 1 }));
    expect(html).toContain('data-promo-active="FRIFRAKT"');
    expect(html).toContain('Gratis frakt');
    expect(html).toContain('Fjern rabattkode');
  });
});
