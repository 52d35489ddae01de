import { h } from './dom.ts';

/**
 * The title collected on 1688 or Taobao, under a product's name once the name is no longer it (issue 32 item 9: the
 * Russian copy replaced it, and a Chinese seller knows the product by these words); null when there is none or the
 * name still is it.
 */
export function collectedTitleLine(title: string | null, name: string): HTMLElement | null {
  if (!title || title === name.trim()) return null;
  return h('div', { class: 'muted small collected-title', 'data-collected-title': '' }, h('span', { class: 'visually-hidden' }, '采集标题：'), title);
}
