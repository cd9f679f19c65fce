/**
 * The privacy modal's text, loaded when the modal first opens: the main article of the
 * privacy page, fetched, so the text has one source and no page carries it in its HTML.
 */

// The page's main article, without its heading (the modal's title stands for it) and its
// ids, which would repeat the page's own where the modal opens on that page.
async function fetchPrivacyText(path: string): Promise<Element> {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path} answered ${String(response.status)}`);
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  const article = page.querySelector('main article');
  if (!article) throw new Error(`${path} has no main article`);
  article.querySelector('h1')?.remove();
  for (const element of article.querySelectorAll('[id]')) element.removeAttribute('id');
  for (const script of article.querySelectorAll('script')) script.remove();
  return article;
}

/**
 * Fills the privacy modal `dialog` with the text of its `data-source` page, its loading
 * note shown meanwhile; answers whether it did (else its error note with the link shows).
 */
export async function fillPrivacyDialog(dialog: HTMLDialogElement): Promise<boolean> {
  const loading = dialog.querySelector<HTMLElement>('[data-privacy-loading]');
  const failed = dialog.querySelector<HTMLElement>('[data-privacy-error]');
  const text = dialog.querySelector<HTMLElement>('[data-privacy-text]');
  if (!loading || !failed || !text) return false;
  loading.hidden = false;
  failed.hidden = true;
  try {
    text.replaceChildren(await fetchPrivacyText(dialog.dataset['source'] ?? ''));
    return true;
  } catch (error) {
    console.error('Could not load the privacy text', error);
    failed.hidden = false;
    return false;
  } finally {
    loading.hidden = true;
  }
}
