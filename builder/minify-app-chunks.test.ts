import { describe, expect, it } from 'vitest';
import { minifyAppChunks } from './minify-app-chunks.ts';

type RenderChunk = (code: string, chunk: { name: string }) => Promise<{ code: string } | null>;
const renderChunk = minifyAppChunks().renderChunk as unknown as RenderChunk;

// What one minifier pass leaves: a constant used once, a function called from one place.
const code = [
  'const label = `Gå til kassen`;',
  'function count(n) { return n === 1 ? `vare` : `varer`; }',
  'export function cartLabel(n) { return `${label}, ${n} ${count(n)}`; }',
].join('\n');

describe('minifyAppChunks', () => {
  it("shortens the shop's own chunks, keeping what they do", async () => {
    const result = await renderChunk(code, { name: 'layout' });
    expect(result?.code.length).toBeLessThan(code.length);
    const url = `data:text/javascript,${encodeURIComponent(result?.code ?? '')}`;
    const { cartLabel } = (await import(url)) as { cartLabel: (n: number) => string };
    expect([cartLabel(1), cartLabel(2)]).toEqual([
      'Gå til kassen, 1 vare',
      'Gå til kassen, 2 varer',
    ]);
  });

  it("leaves React's chunk, which ships minified, to Vite's minifier", async () => {
    expect(await renderChunk(code, { name: 'react' })).toBeNull();
  });
});
