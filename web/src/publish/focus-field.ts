import type { EditorContext } from '../editor/context.ts';
import { fieldTarget } from './field-targets.ts';

const FOCUSABLE = 'input:not([type=hidden]), select, textarea, button';

/**
 * Takes the seller to the field a check names: opens its tab and any folded section around it, scrolls it
 * into view, focuses its input and flashes it for a moment.
 */
export function focusField(ctx: EditorContext, path: string): void {
  const target = fieldTarget(path);
  ctx.showTab(target.tab);
  reach(target.selector, Date.now() + WAIT_MS);
}

/** How long a tab drawn from the network (the category's attributes, the variant table) is waited for. */
const WAIT_MS = 5_000;

/** The field once its tab has drawn it: looked for at each frame until it is there (issue 32 item 3: another tab's field). */
function reach(selector: string, until: number): void {
  const element = document.querySelector<HTMLElement>(selector);
  if (!element) {
    if (Date.now() < until) requestAnimationFrame(() => reach(selector, until));
    return;
  }
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    if (parent instanceof HTMLDetailsElement) parent.open = true;
  }
  const box = element.closest<HTMLElement>('.field, .attr-field, .card') ?? element;
  const input = element.matches(FOCUSABLE) ? element : element.querySelector<HTMLElement>(FOCUSABLE);
  box.scrollIntoView({ block: 'center' });
  (input ?? element).focus({ preventScroll: true });
  box.classList.remove('flash');
  void box.offsetWidth; // restart the animation when the same field is chosen twice
  box.classList.add('flash');
}
