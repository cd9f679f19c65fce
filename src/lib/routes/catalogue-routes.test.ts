import { describe, expect, it } from 'vitest';
import { categoryRoutes } from './catalogue-routes.ts';

const klaer = () => [
  {
    id: 1,
    name: 'Klær',
    subcategories: [
      {
        ArticleGroup2ID: 10,
        Name: 'Jakker',
        groups: [{ articleGroup3ID: 100, name: 'Regnjakker' }],
      },
    ],
  },
];

describe('categoryRoutes', () => {
  it('gives each level the slug of its name', () => {
    const routes = categoryRoutes(klaer());
    expect(routes.category(1)).toBe('/klaer');
    expect(routes.subcategory(1, 10)).toBe('/klaer/jakker');
    expect(routes.group(1, 10, 100)).toBe('/klaer/jakker/regnjakker');
    expect(routes.group(1, 10, 101)).toBeNull();
  });

  it("makes a frozen list's paths once, and a list that may change anew each time", () => {
    const frozen = Object.freeze(klaer());
    expect(categoryRoutes(frozen)).toBe(categoryRoutes(frozen));
    const open = klaer();
    expect(categoryRoutes(open).category(1)).toBe('/klaer');
    open[0] = { ...klaer()[0]!, name: 'Sko' };
    expect(categoryRoutes(open).category(1)).toBe('/sko');
  });
});
