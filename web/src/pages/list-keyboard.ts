import type { App } from '../app.ts';
import { type ShortcutBinding, bindShortcuts } from '../lib/keyboard.ts';

const ORDER_KEY = 'lws.list-order';

/** The ids of the list page the seller saw last, in order: the editor's next and previous follow it. */
export function rememberListOrder(ids: readonly string[]): void {
  sessionStorage.setItem(ORDER_KEY, JSON.stringify(ids));
}

export function lastListOrder(): string[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(ORDER_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The list by keyboard: the rows form one Tab stop (the last focused row keeps it), J/K and the arrows move
 * between rows, Enter opens the product, Space ticks the row, `/` jumps to the search box.
 */
export function listKeyboard(app: App, body: HTMLElement, search: HTMLInputElement): ShortcutBinding & { rowsLoaded(): void } {
  const rows = (): HTMLTableRowElement[] => [...body.querySelectorAll<HTMLTableRowElement>('tr[data-product-id]')];
  const rowOf = (target: EventTarget | null): HTMLTableRowElement | null =>
    target instanceof Element ? target.closest<HTMLTableRowElement>('tr[data-product-id]') : null;
  const focusRow = (row: HTMLTableRowElement | undefined): void => {
    if (!row) return;
    for (const each of rows()) each.tabIndex = each === row ? 0 : -1;
    row.focus();
  };
  const move =
    (step: 1 | -1) =>
    (target: EventTarget | null): void => {
      const all = rows();
      const current = rowOf(target) ?? all.find((row) => row.tabIndex === 0);
      focusRow(current ? all[Math.min(all.length - 1, Math.max(0, all.indexOf(current) + step))] : all[0]);
    };
  const binding = bindShortcuts('list', {
    search: () => {
      search.focus();
      search.select();
    },
    next: move(1),
    previous: move(-1),
    open: (target) => {
      const id = rowOf(target)?.dataset.productId;
      if (id) app.navigate({ name: 'product', id, tab: 'pricing' });
    },
    select: (target) => rowOf(target)?.querySelector<HTMLInputElement>('td.check input[type=checkbox]')?.click(),
  });
  return {
    ...binding,
    rowsLoaded() {
      const all = rows();
      all.forEach((row, index) => {
        row.tabIndex = index === 0 ? 0 : -1;
        row.setAttribute('aria-label', row.querySelector('td.name')?.textContent ?? '');
      });
      rememberListOrder(all.map((row) => row.dataset.productId ?? ''));
    },
  };
}
