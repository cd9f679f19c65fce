import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pathBelow } from './output-files.ts';

describe('pathBelow', () => {
  const dir = pathToFileURL('/srv/dist/toppfart/');

  it("names a file below the folder as the folder's walk does, decoded", () => {
    expect(pathBelow(dir, pathToFileURL('/srv/dist/toppfart/product/lue.html'))).toBe(
      'product/lue.html',
    );
    expect(pathBelow(dir, pathToFileURL('/srv/dist/toppfart/sok/blå votter.html'))).toBe(
      'sok/blå votter.html',
    );
  });

  it('reads a folder URL without its last slash the same, and answers null outside it', () => {
    const bare = new URL(dir.href.slice(0, -1));
    expect(pathBelow(bare, pathToFileURL('/srv/dist/toppfart/index.html'))).toBe('index.html');
    expect(pathBelow(dir, pathToFileURL('/srv/dist/toppfart-2/index.html'))).toBeNull();
    expect(pathBelow(bare, pathToFileURL('/srv/dist/toppfart-2/index.html'))).toBeNull();
  });
});
