import { messageOf } from '../api/client.ts';
import type { ProductDetail } from '../api/types.ts';
import { announce } from '../lib/announce.ts';
import { h, mount } from '../lib/dom.ts';
import { toast } from '../lib/toast.ts';
import type { EditorContext } from './context.ts';

const TEXT = {
  saved: '✓ 已保存',
  dirty: '● 有未保存的修改',
  saving: '保存中…',
  conflict: '⚠ 保存冲突',
  error: '⚠ 保存失败',
  invalid: '⚠ 未保存',
} as const;

/** The autosave state, always visible in the header; offers the way out of a conflict or a failure. */
export function saveIndicator(ctx: EditorContext, resolveConflict: (latest: ProductDetail, keepMine: boolean) => Promise<void>): HTMLElement {
  // Not a live region itself (it redraws, buttons and all): the status words go to the page's announcer.
  const host = h('div', { class: 'save-indicator', id: 'save-state' });
  const render = (): void => {
    const state = ctx.saveState();
    // "Unsaved" is left unsaid: it would interrupt every first keystroke; saving, saved and failures are said.
    if (state.status !== 'dirty') announce([TEXT[state.status].replace(/^[✓⚠] /, ''), state.detail ?? ''].join(' ').trim());
    const parts: (HTMLElement | string)[] = [h('span', { class: `save save-${state.status}`, 'data-status': state.status }, TEXT[state.status])];
    if (state.detail) parts.push(h('span', { class: 'save-detail' }, state.detail));
    // The messages name their field in Chinese; the fields themselves are marked too (fields.ts).
    for (const problem of state.problems) parts.push(h('span', { class: 'save-detail', 'data-path': problem.path }, problem.message));
    if (state.status === 'error') parts.push(h('button', { class: 'small', onclick: () => void ctx.flush() }, '立即重试'));
    if (state.status === 'conflict') {
      const reload = (keepMine: boolean) => async (): Promise<void> => {
        try {
          const latest = await ctx.app.api.json<ProductDetail>(`/api/products/${ctx.id}`);
          await resolveConflict(latest, keepMine);
        } catch (error) {
          toast(`无法载入最新版本：${messageOf(error)}`, 'error');
        }
      };
      parts.push(h('button', { class: 'small primary', id: 'conflict-keep', onclick: reload(true) }, '载入最新版本并保留我的修改'));
      parts.push(h('button', { class: 'small', id: 'conflict-discard', onclick: reload(false) }, '放弃我的修改'));
    }
    mount(host, parts);
  };
  ctx.subscribe(render);
  render();
  return host;
}
