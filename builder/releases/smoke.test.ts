import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { smokeCheck } from './smoke.ts';
import { scratchFolder } from '../test-support/scratch-folder.ts';

/** A release folder with a home page, one listing and one product page, built as files. */
function release(): string {
  const dir = scratchFolder('smoke');
  const page = (path: string, html: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, `${path}.html`), html);
  };
  page('index', '<main>Forside</main><footer>Kundeservice</footer>');
  page('klaer', '<h1 class="x">Klær &amp; sko</h1>');
  page('product/vinterjakke', '<script type="application/ld+json">{"@type":"Product"}</script>');
  page('product/7', '<meta http-equiv="refresh" content="0; url=/product/vinterjakke">');
  writeFileSync(
    join(dir, 'search-categories.json'),
    JSON.stringify([{ label: 'Klær & sko', href: '/klaer' }]),
  );
  writeFileSync(join(dir, '_redirects'), '/article/:id /product/:id 301\n');
  return dir;
}

describe('smokeCheck', () => {
  it('passes a release whose home, listing and product page answer with their content', async () => {
    await expect(smokeCheck(release())).resolves.toBeUndefined();
  });

  it('fails naming the page that is missing or lacks its content', async () => {
    const noProduct = release();
    rmSync(join(noProduct, 'product', 'vinterjakke.html'));
    await expect(smokeCheck(noProduct)).rejects.toThrow(/ingen varesider/);
    const emptyListing = release();
    writeFileSync(join(emptyListing, 'klaer.html'), '<h1>Feil</h1>');
    await expect(smokeCheck(emptyListing)).rejects.toThrow(/kategorisiden \/klaer mangler/);
  });

  it('fails a _redirects that Cloudflare Pages would refuse', async () => {
    const tooMany = release();
    const rules = Array.from({ length: 2001 }, (_, i) => `/gammel-${i} /ny 301`);
    writeFileSync(join(tooMany, '_redirects'), rules.join('\n'));
    await expect(smokeCheck(tooMany)).rejects.toThrow(/2001 statiske/);
  });
});
