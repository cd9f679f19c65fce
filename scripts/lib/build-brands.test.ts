import { describe, expect, it } from 'vitest';
import { skippedLine } from './build-brands.ts';

describe('skippedLine', () => {
  it("finds the build's last summary of what it skipped", () => {
    const output = [
      'Missing data article 7 ($[0].price: expected number, got string) {}',
      "Skipped as 'Missing data': nothing",
      "Skipped as 'Missing data': article 1",
      'done',
    ].join('\n');
    expect(skippedLine(output)).toBe("Skipped as 'Missing data': article 1");
    expect(skippedLine('no summary')).toBeNull();
  });
});
