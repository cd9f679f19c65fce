import { describe, expect, it } from 'vitest';
import { astroImportStatements } from './astro-imports.ts';

describe('astroImportStatements', () => {
  it('names the modules of the frontmatter, the <script> blocks and dynamic imports once each', () => {
    const source = [
      '---',
      "import Base from '../layouts/Base.astro';",
      "import type { Entry } from '../lib/content/entries.ts';",
      "import { a } from '../lib/site.ts';",
      "import { b } from '../lib/site.ts';",
      'const title: string = `Forside`;',
      '---',
      '<Base title={title}><p>Ikke import dette</p></Base>',
      '<script>',
      "  import { start } from '../islands/poll/poll.ts';",
      "  void import('../stores/cart.ts').then(start);",
      '</script>',
    ].join('\n');
    expect(astroImportStatements(source)).toBe(
      [
        'import "../layouts/Base.astro";',
        'import "../lib/content/entries.ts";',
        'import "../lib/site.ts";',
        'import "../islands/poll/poll.ts";',
        'import "../stores/cart.ts";',
        '',
      ].join('\n'),
    );
  });

  it('gives nothing for a component that imports nothing', () => {
    expect(astroImportStatements('<p>Hei</p>\n')).toBe('');
  });
});
