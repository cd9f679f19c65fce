import { describe, expect, it } from 'vitest';
import {
  countRendered,
  finishBuildReport,
  readBuildReport,
  resetBuildReport,
} from './astro-output.ts';

describe("a build's report of its pages", () => {
  it('counts what the finishing saw and the redirect pages as rendered, the rest as reused', () => {
    resetBuildReport();
    for (let i = 0; i < 5; i++) countRendered();
    const report = finishBuildReport('toppfart', 12, 2, "Skipped as 'Missing data': nothing", [
      'product/a.html',
    ]);
    expect(report).toEqual({
      brand: 'toppfart',
      pagesRendered: 7,
      pagesReused: 5,
      skipped: "Skipped as 'Missing data': nothing",
      leftInPlace: ['product/a.html'],
    });
  });

  it('fails, naming the brand, when the finishing saw no page: it did not run', () => {
    resetBuildReport();
    expect(() => finishBuildReport('toppfart', 3, 0, '', [])).toThrow(
      /brand "toppfart".*did not run/,
    );
  });

  it('fails, naming the brand, when the counts cannot be right', () => {
    resetBuildReport();
    for (let i = 0; i < 4; i++) countRendered();
    expect(() => finishBuildReport('villmark', 3, 0, '', [])).toThrow(/brand "villmark".*4.*3/);
  });

  it('fails when more files were left in place than were reused', () => {
    resetBuildReport();
    countRendered();
    expect(() => finishBuildReport('villmark', 2, 0, '', ['a.html', 'b.html'])).toThrow(
      /brand "villmark".*left 2 files in place but reused 1/,
    );
  });

  it("reads a build process's message, and fails on anything else, naming the brand", () => {
    const sent = {
      brand: 'smatroll',
      pagesRendered: 3,
      pagesReused: 1,
      skipped: 'x',
      leftInPlace: ['index.html'],
    };
    expect(readBuildReport('smatroll', sent)).toEqual(sent);
    expect(() => readBuildReport('smatroll', undefined)).toThrow(/brand "smatroll"/);
    expect(() => readBuildReport('smatroll', { ...sent, brand: 'toppfart' })).toThrow(
      /brand "smatroll"/,
    );
    expect(() => readBuildReport('smatroll', { ...sent, pagesReused: '1' })).toThrow(
      /no readable report/,
    );
    expect(() => readBuildReport('smatroll', { ...sent, leftInPlace: [1] })).toThrow(
      /no readable report/,
    );
  });
});
