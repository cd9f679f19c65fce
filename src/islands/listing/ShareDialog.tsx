import { useEffect, useRef, useState } from 'react';

/** How long 'Link Kopiert!' stays (docs/spec.md §9: share note 3000 ms). */
export const COPIED_NOTE_MS = 3000;

/** Props of {@link ShareDialog}. */
export interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  /** What is shared: the page title. */
  title: string;
}

/** Share links for a URL: Facebook, X and e-mail (docs/spec.md §2: two social networks and mail). */
export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    x: `https://x.com/intent/post?url=${u}&text=${encodeURIComponent(title)}`,
    mail: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${title}\n${url}`)}`,
  };
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * the spec's share modal, a native `<dialog>` titled 'Del': Facebook, X, e-mail and copy link.
 * After copying, 'Link Kopiert!' shows for 3 seconds, announced politely.
 */
export function ShareDialog({ open, onClose, title }: ShareDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [note, setNote] = useState('');
  const [url, setUrl] = useState('');

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setUrl(location.href);
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    if (!note) return undefined;
    const timer = setTimeout(() => setNote(''), COPIED_NOTE_MS);
    return () => clearTimeout(timer);
  }, [note]);

  const copy = async () => {
    if (await copyText(url)) setNote('Link Kopiert!');
    else setNote('Kunne ikke kopiere lenken');
  };
  const links = shareLinks(url, title);
  const item =
    'flex min-h-11 w-full items-center justify-center rounded-md border border-gray-500 px-4 font-semibold hover:bg-surface';

  return (
    <dialog
      ref={ref}
      aria-labelledby="share-title"
      onClose={onClose}
      onCancel={onClose}
      className="text-ink m-auto w-[min(92vw,24rem)] rounded-lg bg-white p-6 backdrop:bg-black/50"
      data-share-dialog
    >
      <div className="mb-4 flex items-center justify-between">
        <h2 id="share-title" className="text-2xl font-bold">
          Del
        </h2>
        <button type="button" onClick={onClose} className="min-h-11 rounded-md px-3 underline">
          Lukk
        </button>
      </div>
      {open && (
        <ul className="grid gap-3">
          <li>
            <a href={links.facebook} target="_blank" rel="noopener noreferrer" className={item}>
              Del på Facebook
            </a>
          </li>
          <li>
            <a href={links.x} target="_blank" rel="noopener noreferrer" className={item}>
              Del på X
            </a>
          </li>
          <li>
            <a href={links.mail} className={item}>
              Send på e-post
            </a>
          </li>
          <li>
            <button type="button" onClick={() => void copy()} className={item}>
              Kopier lenke
            </button>
          </li>
        </ul>
      )}
      <p role="status" className="mt-3 min-h-6 text-center font-semibold" data-share-note>
        {note}
      </p>
    </dialog>
  );
}
