import { h } from './dom.ts';

let last = '';

/**
 * Says a status change to screen readers through one page-wide polite live region (saving, saved, job progress).
 * Views that redraw themselves every poll cannot be live regions of their own (a replaced region is not read);
 * this one stays, and an unchanged message is not repeated.
 */
export function announce(message: string): void {
  if (message === last) return;
  last = message;
  announcer().textContent = message;
}

/**
 * The live region, created once. The page creates it at start (main.ts): a region added together with its first
 * message is often not read, screen readers only follow changes to regions they already know.
 */
export function announcer(): HTMLElement {
  let region = document.querySelector<HTMLElement>('#announcer');
  if (!region) {
    region = h('div', { id: 'announcer', class: 'visually-hidden', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });
    document.body.append(region);
  }
  return region;
}
