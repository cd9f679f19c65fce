import { beforeEach, describe, expect, it } from 'vitest';
import {
  $breadcrumbs,
  backTarget,
  breadcrumbLimit,
  pushBreadcrumb,
  resetBreadcrumbs,
  type BreadcrumbEntry,
} from './breadcrumbs.ts';

const entry = (params: string, scrollPosition = 0): BreadcrumbEntry => ({
  name: 'page',
  params,
  title: params,
  scrollPosition,
});

describe('$breadcrumbs', () => {
  beforeEach(() => resetBreadcrumbs());

  it('keeps only the last 10 entries', () => {
    for (let i = 0; i < 15; i++) pushBreadcrumb(entry(`/p/${i}`));
    const params = $breadcrumbs.get().map((e) => e.params);
    expect(params).toHaveLength(breadcrumbLimit);
    expect(params[0]).toBe('/p/5');
    expect(params.at(-1)).toBe('/p/14');
  });

  it('updates the top entry on a reload instead of stacking it', () => {
    pushBreadcrumb(entry('/a'));
    pushBreadcrumb(entry('/b'));
    pushBreadcrumb(entry('/b', 400));
    expect($breadcrumbs.get().map((e) => [e.params, e.scrollPosition])).toEqual([
      ['/a', 0],
      ['/b', 400],
    ]);
  });

  it('drops the top entry when the shopper goes back to the page below it', () => {
    pushBreadcrumb(entry('/a'));
    pushBreadcrumb(entry('/b'));
    pushBreadcrumb(entry('/c'));
    pushBreadcrumb(entry('/b'));
    expect($breadcrumbs.get().map((e) => e.params)).toEqual(['/a', '/b']);
    expect(backTarget($breadcrumbs.get())).toBe('/a');
  });

  it('goes back to the previous page, else home', () => {
    expect(backTarget([])).toBe('/');
    expect(backTarget([entry('/a')])).toBe('/');
    expect(backTarget([entry('/a'), entry('/b')])).toBe('/a');
  });
});
