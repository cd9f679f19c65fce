import { describe, expect, it } from 'vitest';
import { redirectsFile } from './host-files.ts';

describe('redirectsFile', () => {
  const lines = redirectsFile([
    { id: 12, path: '/product/vinterjakke' },
    { id: 7, path: '/product/ullsokker' },
    { id: 5, path: '/product/5' },
    { id: 9, path: '/product/12--9' },
  ]).split('\n');

  it('sends every known product id to its slug page, keeping /article/:id', () => {
    expect(lines).toContain('/product/12 /product/vinterjakke 301');
    expect(lines).toContain('/product/7 /product/ullsokker 301');
    expect(lines).toContain('/article/:id /product/:id 301');
  });

  it('never redirects a product page to itself', () => {
    expect(lines.filter((l) => l.startsWith('/product/5 '))).toEqual([]);
    expect(lines).toContain('/product/9 /product/12--9 301');
  });

  it('rewrites unknown product paths to the shell as the last rule', () => {
    const rules = lines.filter((l) => l && !l.startsWith('#'));
    expect(rules.at(-1)).toBe('/product/* /product/_/ 200');
    expect(rules.indexOf('/product/12 /product/vinterjakke 301')).toBeLessThan(rules.length - 1);
  });

  it('sends poll ids the build did not know to the poll shell, where the brand has polls', () => {
    expect(lines.filter((l) => l.startsWith('/avstemning/'))).toEqual([]);
    const withPolls = redirectsFile([], { polls: true }).split('\n');
    expect(withPolls).toContain('/avstemning/* /avstemning/_/ 200');
    expect(withPolls.filter((l) => l && !l.startsWith('#')).at(-1)).toBe(
      '/product/* /product/_/ 200',
    );
  });
});
