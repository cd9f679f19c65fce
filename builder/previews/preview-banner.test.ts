import { describe, expect, it } from 'vitest';
import { markPreviewPage, previewBanner, previewHeadline } from './preview-banner.ts';

describe('the preview banner', () => {
  it('names the moment on the Oslo clock in Norwegian', () => {
    expect(previewHeadline('2026-12-01T06:00:00.000Z')).toBe(
      'Forhåndsvisning: slik butikken ser ut 1. desember 2026 kl. 07:00',
    );
  });

  it("escapes the campaign's name", () => {
    expect(previewBanner('2026-12-01T06:00:00.000Z', '<b>Jul</b>')).toContain(
      '«&lt;b&gt;Jul&lt;/b&gt;»',
    );
  });

  it('goes first in the body, with a robots tag first in the head instead of the page own', () => {
    const page =
      '<!DOCTYPE html><html lang="nb"><head><meta charset="utf-8"><meta name="robots" content="index, follow"></head><body class="flex"><main>Hei</main></body></html>';
    const marked = markPreviewPage(page, '<aside>B</aside>');
    expect(marked).toBe(
      '<!DOCTYPE html><html lang="nb"><head><meta name="robots" content="noindex, nofollow"><meta charset="utf-8"></head><body class="flex"><aside>B</aside><main>Hei</main></body></html>',
    );
  });

  it('leaves a document without a body as it is', () => {
    expect(markPreviewPage('<svg></svg>', '<aside>B</aside>')).toBe('<svg></svg>');
  });
});
