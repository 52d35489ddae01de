import { type Child, h, mount } from './dom.ts';

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

export type Modal = {
  readonly element: HTMLDialogElement;
  /** Fills the dialog and shows it modally; the opener gets the focus back when it closes. */
  open(...content: Child[]): void;
  close(): void;
};

/**
 * A modal dialog on the browser's own `<dialog>`: `showModal()` makes the rest of the page inert and Esc closes
 * it; Tab and Shift+Tab go round its controls. Closing empties it, so its controls and ids leave the page.
 */
export function modal(id: string, label: string): Modal {
  const element = h('dialog', { id, class: 'modal', 'aria-label': label });
  let opener: HTMLElement | null = null;
  const emptied = (): void => {
    mount(element);
    opener?.focus();
    opener = null;
  };
  element.addEventListener('close', emptied);
  // The page behind is inert, but Tab would still leave for the browser's own bar: wrap it at both ends.
  element.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    const focusable = [...element.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (each) => !each.hasAttribute('disabled') && each.getClientRects().length > 0,
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
  return {
    element,
    open(...content) {
      if (!element.open) opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      mount(element, ...content);
      if (!element.open) element.showModal();
    },
    close() {
      if (element.open) element.close();
      // The close event comes a task later; the dialog's content goes now.
      if (element.firstChild) emptied();
    },
  };
}
