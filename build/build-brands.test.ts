import { describe, expect, it } from 'vitest';
import { readBuildLine, skippedLine } from './build-brands.ts';

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

describe('readBuildLine', () => {
  it('counts the pages a line marks, however the pages generating at once interleave', () => {
    expect(readBuildLine('15:27:25   ├─ /404.html (+13ms)')).toEqual({
      rendered: 1,
      reused: 0,
      message: null,
    });
    expect(
      readBuildLine(
        '15:27:25   ├─ /404.html15:27:25   ├─ /avstemning/index.html15:27:25   ├─ /avstemning/_/index.html (+49ms) ',
      ),
    ).toEqual({ rendered: 1, reused: 0, message: null });
    expect(readBuildLine(' (restored)')).toEqual({ rendered: 0, reused: 1, message: null });
    expect(readBuildLine('15:27:25   └─ /a/index.html (cached)')).toMatchObject({ reused: 1 });
  });

  it('keeps every other message, also one that shares its line with a page', () => {
    expect(readBuildLine('15:21:17 [build] Complete!')).toEqual({
      rendered: 0,
      reused: 0,
      message: '15:21:17 [build] Complete!',
    });
    expect(
      readBuildLine(
        '15:30:36   ├─ /dame/index.html15:30:36 [ERROR] [ENOSPC] no space left on device, write',
      ).message,
    ).toMatch(/^15:30:36 +\[ERROR\] \[ENOSPC\] no space left on device, write$/);
  });
});
