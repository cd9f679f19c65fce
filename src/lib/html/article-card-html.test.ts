import { afterEach, describe, expect, it } from 'vitest';
import type { CardArticle } from '../domain/article-card.ts';
import { pictureSizes, SLOT_MODELS } from '../domain/picture-layouts.ts';
import { MISSING_IMAGE } from '../domain/picture-source.ts';
import { provideBuildPictureSettings } from '../picture-settings.ts';
import {
  ARTICLE_GRID_CLASS,
  articleCardHtml,
  articleGridHtml,
  articleItemsHtml,
} from './article-card-html.ts';

afterEach(() => {
  provideBuildPictureSettings(null);
});

const jacket: CardArticle = {
  id: 7,
  name: 'Vinterjakke <Dame>',
  brand: 'Bergtind & Co',
  price: 149900,
  priorPrice: 199900,
  image: '/api/v1/images/7.svg?w=600&h=600',
  customLabel: 'Nyhet',
  campaigns: [{ price: 149900, labelText: 'Ukens annonse!' }],
};

describe('articleCardHtml', () => {
  it('links the escaped name to the product page and escapes brand and image', () => {
    const html = articleCardHtml(jacket);
    expect(html).toContain(
      '<a href="/product/vinterjakke-dame" class="after:absolute after:inset-0 hover:underline">Vinterjakke &lt;Dame&gt;</a>',
    );
    expect(html).toContain('>Bergtind &amp; Co</p>');
    expect(html).toContain(
      'src="/api/v1/images/7.svg?w=600&amp;h=600" alt="Vinterjakke &lt;Dame&gt;"',
    );
    expect(html).not.toContain('<Dame>');
  });

  it('has an unpressed favourite heart named after the article', () => {
    const html = articleCardHtml(jacket);
    expect(html).toContain(
      `data-favourite="${String(jacket.id)}" aria-pressed="false" aria-label="Favoritt: Vinterjakke &lt;Dame&gt;"`,
    );
  });

  it('links to the path the build gave it when it carries one', () => {
    expect(articleCardHtml({ ...jacket, path: '/product/vinterjakke-dame--7' })).toContain(
      'href="/product/vinterjakke-dame--7"',
    );
  });

  it('shows the labels and a reduced price with its percentage and its førpris in words', () => {
    const html = articleCardHtml(jacket);
    expect(html).toContain('aria-label="Merking"');
    expect(html.indexOf('Ukens annonse!')).toBeLessThan(html.indexOf('Nyhet'));
    expect(html).toContain('<span class="sr-only">Nå </span>1\u00a0499,00\u00a0kr');
    expect(html).toContain('>−25\u00a0%</span>');
    expect(html).toContain('data-prior-price>Førpris <s>1\u00a0999,00\u00a0kr</s></span>');
  });

  it('shows one plain price for an article not below its førpris, or without one', () => {
    for (const priorPrice of [jacket.price, 129900, null]) {
      const html = articleCardHtml({ ...jacket, priorPrice });
      expect(html).not.toContain('<s>');
      expect(html).not.toContain('Førpris');
      expect(html).not.toContain('%');
      expect(html).not.toContain('font-bold text-red-700');
      expect(html).toContain('<span class="font-bold">1\u00a0499,00\u00a0kr</span>');
    }
  });

  it('shows no label list for an article without labels', () => {
    const html = articleCardHtml({ ...jacket, customLabel: null, campaigns: [] });
    expect(html).not.toContain('Merking');
  });

  it('loads the image lazily unless asked to load it at once', () => {
    expect(articleCardHtml(jacket)).toContain('loading="lazy"');
    expect(articleCardHtml(jacket, true)).toContain('loading="eager"');
  });
});

describe('the card picture', () => {
  const photo = { ...jacket, image: '/images/articles/7/2-front.jpg' };
  /** The attributes of the card's `<img>`, in order. */
  const img = (html: string) => /<img ([^>]*)>/u.exec(html)?.[1] ?? '';

  it('offers the widths a card is drawn at from the image service, with the grid’s sizes', () => {
    const tag = img(articleCardHtml(photo, false, 'cloudflare'));
    expect(tag).toMatch(
      /^src="\/images\/articles\/7\/2-front\.jpg" srcset="[^"]+" sizes="[^"]+" alt="Vinterjakke &lt;Dame&gt;" width="600" height="600" loading="lazy"/u,
    );
    const srcset = /srcset="([^"]+)"/u.exec(tag)?.[1] ?? '';
    expect(srcset.split(', ')).toEqual(
      [160, 240, 320, 400, 480, 637].map(
        (w) =>
          `/cdn-cgi/image/width=${String(w)},quality=75,format=auto/images/articles/7/2-front.jpg ${String(w)}w`,
      ),
    );
    expect(tag).toContain(`sizes="${pictureSizes('articleCard')}"`);
    expect(tag).toContain('sizes="(min-width: 1280px) 300px, (min-width: 1020px) calc(');
  });

  it('escapes the Netlify addresses in the attribute', () => {
    const tag = img(articleCardHtml(photo, true, 'netlify'));
    expect(tag).toContain(
      'srcset="/.netlify/images?url=%2Fimages%2Farticles%2F7%2F2-front.jpg&amp;w=160&amp;q=75 160w, ',
    );
    expect(tag).not.toMatch(/&[wq]=/u);
    expect(tag).toContain('loading="eager"');
  });

  it('shows the picture as it is without a service, for an SVG and for the placeholder', () => {
    expect(img(articleCardHtml(photo, false, 'none'))).not.toMatch(/srcset|sizes/u);
    expect(img(articleCardHtml(jacket, false, 'cloudflare'))).not.toMatch(/srcset|sizes/u);
    const missing = img(articleCardHtml({ ...jacket, image: MISSING_IMAGE }, false, 'netlify'));
    expect(missing).toMatch(/^src="\/bilde-mangler\.svg" alt=/u);
  });

  it("uses the build's image service unless told another", () => {
    expect(articleCardHtml(photo)).not.toContain('srcset');
    provideBuildPictureSettings({ policy: { hosts: [], base: null }, cdn: 'cloudflare' });
    expect(articleCardHtml(photo)).toContain('srcset="/cdn-cgi/image/width=160,');
    expect(
      articleGridHtml([photo, photo], 1, 'netlify').match(/\/\.netlify\/images/gu),
    ).toHaveLength(12);
  });

  it("derives its sizes from the grid's own columns and gaps", () => {
    // grid-cols-2, sm:grid-cols-3 (640 px), desk:grid-cols-4 (1020 px), gap-x-4 (16 px), in
    // the page's content of 100vw − 2 × 16 px.
    const columns = (prefix: string) =>
      Number(
        new RegExp(`(?:^| )${prefix}grid-cols-(\\d+)(?: |$)`, 'u').exec(ARTICLE_GRID_CLASS)?.[1],
      );
    const gap = 4 * Number(/(?:^| )gap-x-(\d+)(?: |$)/u.exec(ARTICLE_GRID_CLASS)?.[1]);
    const rules = [
      { from: 0, n: columns('') },
      { from: 640, n: columns('sm:') },
      { from: 1020, n: columns('desk:') },
    ];
    expect(SLOT_MODELS.articleCard.rules).toEqual(
      rules.map(({ from, n }) => ({ from, minus: 32 + (n - 1) * gap, share: [1, n] })),
    );
  });
});

describe('articleItemsHtml and articleGridHtml', () => {
  it('loads the first row eagerly and lets the browser skip rendering the rest offscreen', () => {
    const items = articleItemsHtml(
      Array.from({ length: 6 }, (_, i) => ({ ...jacket, id: i })),
      4,
    );
    expect(items.match(/<\/article><\/li>/g)).toHaveLength(6);
    expect(items.match(/<li><article/g)).toHaveLength(4);
    expect(items.match(/<li class="\[content-visibility:auto\][^"]*"><article/g)).toHaveLength(2);
    expect(items.match(/loading="eager"/g)).toHaveLength(4);
    expect(articleGridHtml([jacket])).toMatch(/^<ul class="[^"]*grid-cols-2[^"]*"><li><article/);
    expect(articleGridHtml([])).toMatch(/^<ul class="[^"]*"><\/ul>$/);
  });
});
