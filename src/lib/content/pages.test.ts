import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { brands, getBrand } from '../../brands/index.ts';
import { fillHtml, fillText, hasOwnRoute, routedPageIds, supportSections } from './pages.ts';

const dir = new URL('../../content/pages/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.md'));
const frontmatterBrands = (file: string): string[] => {
  const match = /^brands:\s*\[([^\]]*)\]/m.exec(readFileSync(new URL(file, dir), 'utf8'));
  return match?.[1]?.split(',').map((s) => s.trim()) ?? [];
};

describe('content pages', () => {
  it('has a Markdown file for every routed page and support section', () => {
    const ids = files.map((f) => f.replace(/\.md$/, ''));
    for (const id of [...routedPageIds, ...supportSections.map((s) => s.id)]) {
      expect(ids).toContain(id);
    }
  });

  it('lists in each file exactly the brands whose flags give it a route', () => {
    for (const id of routedPageIds) {
      const expected = brands.filter((b) => hasOwnRoute(id, b)).map((b) => b.id);
      expect(frontmatterBrands(`${id}.md`).sort(), id).toEqual(expected.sort());
    }
  });

  it('gives the maintenance guide to one brand, the info page to two', () => {
    expect(brands.filter((b) => hasOwnRoute('vedlikehold', b))).toHaveLength(1);
    expect(brands.filter((b) => hasOwnRoute('informasjon', b))).toHaveLength(2);
    expect(hasOwnRoute('hvordan-kle-barna', getBrand('smatroll'))).toBe(true);
    expect(hasOwnRoute('hvordan-kle-barna', getBrand('toppfart'))).toBe(false);
  });

  it('never prints a brand name in page text', () => {
    for (const file of files) {
      // The frontmatter names brand ids on purpose; the text shoppers read must not.
      const text = readFileSync(new URL(file, dir), 'utf8')
        .replace(/^---\n[\s\S]*?\n---\n/, (fm) => fm.replace(/^brands:.*$/m, ''))
        .toLowerCase();
      for (const brand of brands) expect(text, file).not.toContain(brand.name.toLowerCase());
    }
  });
});

describe('placeholders', () => {
  const values = { email: 'kundeservice@x.no', company: 'A & B AS' };

  it('fills plain and URL-encoded placeholders in HTML with escaped values', () => {
    const html = '<a href="mailto:%7Bemail%7D">{email}</a> © {company}';
    expect(fillHtml(html, values)).toBe(
      '<a href="mailto:kundeservice@x.no">kundeservice@x.no</a> © A &#38; B AS',
    );
  });

  it('fills plain text unescaped, since it is rendered as text', () => {
    expect(fillText('Skriv til {email}. © {company}', values)).toBe(
      'Skriv til kundeservice@x.no. © A & B AS',
    );
  });
});
