import { h } from './dom.ts';

/**
 * A row of `role="tab"` buttons following the ARIA tabs pattern: the selected tab is the row's one Tab stop,
 * ←/→ (and Home/End) move the focus along the tabs, and the focused tab opens with Enter or Space (it is a
 * button). Moving does not open, so arrowing past a tab does not load its screen.
 */
export function tabRow(label: string, tabs: readonly HTMLElement[] = []): HTMLElement {
  const list = h('div', { class: 'tabs', role: 'tablist', 'aria-label': label }, tabs);
  list.addEventListener('keydown', (event) => {
    // Read at each key: the list's tabs are redrawn when their counts arrive.
    const shown = [...list.querySelectorAll<HTMLElement>('[role="tab"]')];
    const index = shown.findIndex((tab) => tab === document.activeElement);
    if (index === -1 || event.altKey || event.ctrlKey || event.metaKey) return;
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: shown.length - 1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    shown[(next + shown.length) % shown.length]?.focus();
  });
  return list;
}

/** Marks the selected tab for assistive technology and makes it the row's Tab stop. */
export function selectTab(tab: HTMLElement, selected: boolean): void {
  tab.setAttribute('aria-selected', String(selected));
  tab.tabIndex = selected ? 0 : -1;
}
