import { useEffect, useRef, type SyntheticEvent } from 'react';

/**
 * Drives a native `<dialog>` as a modal from an `open` flag (the cart's dialogs, the product
 * gallery's zoom view): `showModal()` traps focus and closes on Escape. On top of that it
 * locks the page's scroll while open, and on close calls `onClose` and puts focus back on
 * the element that had it before (or on `fallbackOpener()`, for a dialog opened from the URL
 * or from a link that a browser did not focus on click). Spread the answer onto the `<dialog>`.
 */
export function useModalDialog(
  open: boolean,
  onClose: () => void,
  fallbackOpener: () => HTMLElement | null = () => null,
) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    if (!open) {
      if (dialog.open) dialog.close();
      return undefined;
    }
    if (!dialog.open) {
      const active = document.activeElement;
      opener.current =
        active instanceof HTMLElement && active !== document.body ? active : fallbackOpener();
      dialog.showModal();
    }
    // A modal dialog leaves the page behind it scrollable; the shopper's place must hold.
    const { style } = document.documentElement;
    const before = style.overflow;
    style.overflow = 'hidden';
    return () => {
      style.overflow = before;
    };
    // fallbackOpener is read only at the moment of opening, so it is no dependency.
  }, [open]);

  // `close` does not bubble in the DOM, but React passes it up to an enclosing dialog's
  // handler; only this dialog's own close counts.
  const handleClose = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    onClose();
    opener.current?.focus();
    opener.current = null;
  };

  return { ref, onClose: handleClose };
}
