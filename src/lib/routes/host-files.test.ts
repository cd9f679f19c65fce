import { describe, expect, it } from 'vitest';
import { redirectsFile } from './host-files.ts';

describe('redirectsFile', () => {
  const lines = redirectsFile().split('\n');
  const rules = (text: string) => text.split('\n').filter((l) => l && !l.startsWith('#'));

  it('keeps /article/:id and names no product id: those are pre-rendered redirect pages', () => {
    expect(lines).toContain('/article/:id /product/:id 301');
    expect(lines.filter((l) => /^\/product\/\d/.test(l))).toEqual([]);
  });

  it('rewrites unknown product paths to the shell as the last rule', () => {
    expect(rules(redirectsFile()).at(-1)).toBe('/product/* /product/_/ 200');
  });

  it('sends poll ids the build did not know to the poll shell, where the brand has polls', () => {
    expect(lines.filter((l) => l.startsWith('/avstemning/'))).toEqual([]);
    const withPolls = redirectsFile({ polls: true }).split('\n');
    expect(withPolls).toContain('/avstemning/* /avstemning/_/ 200');
    expect(rules(redirectsFile({ polls: true })).at(-1)).toBe('/product/* /product/_/ 200');
  });
});
