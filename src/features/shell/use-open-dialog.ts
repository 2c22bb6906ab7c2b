/**
 * The topmost open dialog on the page (a Radix dialog or alert dialog; they portal to the end of
 * <body>, so the last open one in the document is on top), or null. Watched with a
 * MutationObserver only while `active`, so the page pays nothing while no toast is open.
 */
import { useLayoutEffect, useState } from 'react';

const OPEN_DIALOG = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';

function topmostDialog(): HTMLElement | null {
  const open = document.querySelectorAll<HTMLElement>(OPEN_DIALOG);
  return open.length > 0 ? open[open.length - 1]! : null;
}

export function useOpenDialog(active: boolean): HTMLElement | null {
  const [dialog, setDialog] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!active || typeof MutationObserver === 'undefined') {
      setDialog(null);
      return;
    }
    const update = () => setDialog(topmostDialog());
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-state'] });
    return () => observer.disconnect();
  }, [active]);
  return dialog;
}
