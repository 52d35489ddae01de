import { h } from './dom.ts';

/** A short message in the corner; errors stay longer so they can be read. */
export function toast(message: string, kind: 'info' | 'error' = 'info'): void {
  const host = toastHost();
  const item = h('div', { class: `toast toast-${kind}` }, message);
  host.append(item);
  setTimeout(() => item.remove(), kind === 'error' ? 8_000 : 3_500);
}

/** The corner's live region, created once; the page creates it at start so the first message is read too. */
export function toastHost(): HTMLElement {
  let host = document.querySelector<HTMLElement>('#toasts');
  if (!host) {
    host = h('div', { id: 'toasts', role: 'status', 'aria-live': 'polite' });
    document.body.append(host);
  }
  return host;
}
