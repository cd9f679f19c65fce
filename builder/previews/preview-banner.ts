/**
 * What marks every page of a preview: a banner naming the moment it shows and a robots
 * meta tag, put into each HTML page as the preview's own origin serves it (./preview-site.ts).
 * Put in when served, not by the page finishing while the preview renders
 * (builder/finish-page.ts): a preview reuses every page its moment leaves unchanged as the live
 * release has it, which no render touches, and marking them too would mean rendering or
 * rewriting every page, a full build's cost; the preview's files are moreover hard links to
 * the release's (./preview-build.ts), which must stay as they are.
 */
import { formatDate, formatTime } from '../../src/lib/format/date.ts';
import { escapeHtml } from '../../src/lib/format/html.ts';

/** The banner's words: `Forhåndsvisning: slik butikken ser ut 1. desember 2026 kl. 07:00`. */
export function previewHeadline(at: string): string {
  return `Forhåndsvisning: slik butikken ser ut ${formatDate(at)} kl. ${formatTime(at)}`;
}

/**
 * The banner, a landmark of its own at the top of the page. Styled with classes the shop's
 * own stylesheet holds (the pages' policy allows no inline style): Tailwind finds them in
 * this file too, as it scans every source of the project.
 */
export function previewBanner(at: string, campaignName: string): string {
  return (
    '<aside aria-label="Forhåndsvisning" data-preview-banner class="sticky top-0 z-50 border-b bg-amber-50 px-4 py-2 text-center font-semibold text-gray-800">' +
    `<p>${escapeHtml(previewHeadline(at))}, da kampanjen «${escapeHtml(campaignName)}» starter. Kundene ser ikke dette ennå.</p>` +
    '</aside>'
  );
}

const ROBOTS_META = '<meta name="robots" content="noindex, nofollow">';

/**
 * `html` marked as a preview: the robots meta tag first in its head (an existing robots tag
 * goes), the banner first in its body. A document without a body is left as it is.
 */
export function markPreviewPage(html: string, banner: string): string {
  const body = /<body\b[^>]*>/i.exec(html);
  if (body === null) return html;
  const at = body.index + body[0].length;
  const marked = `${html.slice(0, at)}${banner}${html.slice(at)}`;
  return marked
    .replace(/<meta\s+name="robots"[^>]*>/gi, '')
    .replace(/<head\b[^>]*>/i, (head) => `${head}${ROBOTS_META}`);
}
