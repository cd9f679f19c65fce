import { describe, expect, it } from 'vitest';
import { mappedArticle } from '../../test-support/articles.ts';
import { bundleHtml } from './bundle-view.ts';

describe('bundleHtml', () => {
  it('shows the cards in the order given, under a heading for screen readers', () => {
    const html = bundleHtml({
      status: 'ready',
      articles: [
        mappedArticle(3, { name: 'Ullsokker' }),
        mappedArticle(1, { name: 'Vinterjakke' }),
      ],
    });
    expect(html).toContain('<h2 id="utvalg-varer" class="sr-only">Varer i utvalget</h2>');
    expect(html.indexOf('Ullsokker')).toBeLessThan(html.indexOf('Vinterjakke'));
    expect(html.match(/<article /g)).toHaveLength(2);
  });

  it('says in Norwegian when the selection is empty, invalid or could not be loaded', () => {
    expect(bundleHtml({ status: 'ready', articles: [] })).toContain(
      'Fant ingen varer i dette utvalget',
    );
    expect(bundleHtml({ status: 'invalid' })).toContain(
      'Lenken til utvalget er ugyldig. Et utvalg består av opptil 100 varenumre skilt med +',
    );
    const error = bundleHtml({ status: 'error' });
    expect(error).toContain('Noe gikk galt, og utvalget kunne ikke hentes.');
    expect(error).toContain('<button type="button"');
    expect(error).toContain('Prøv igjen');
  });
});
