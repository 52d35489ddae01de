import { ApiError, messageOf } from '../api/client.ts';
import type { ProductDetail } from '../api/types.ts';
import { h, mount } from '../lib/dom.ts';
import { toast } from '../lib/toast.ts';
import type { EditorContext } from './context.ts';

/**
 * The stage moves a seller makes here: to ready (listing the failed checks when the server refuses), back to
 * editing, archive and restore. Pending edits are saved first so the check sees what is on screen.
 */
export function stageActions(ctx: EditorContext): HTMLElement {
  const buttons = h('div', { class: 'stage-actions' });
  const checks = h('div', { class: 'ready-checks', id: 'ready-checks', role: 'alert' });

  async function run(action: () => Promise<ProductDetail | undefined>, success: string): Promise<void> {
    for (const button of buttons.querySelectorAll('button')) button.disabled = true;
    mount(checks);
    try {
      await ctx.flush();
      if (ctx.saveState().status !== 'saved') throw new Error('还有未保存的修改，请先处理保存问题');
      const product = await action();
      if (product && typeof product.version === 'number') ctx.adopt(product);
      else await ctx.refresh();
      toast(success);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        mount(
          checks,
          h('strong', null, '还不能标记为待上架：'),
          h(
            'ul',
            null,
            (error.errors ?? []).map((problem) => h('li', { 'data-path': problem.path }, problem.message)),
          ),
          (error.errors ?? []).length === 0 ? h('p', null, error.detail) : null,
        );
      } else {
        toast(messageOf(error), 'error');
      }
      render();
    }
  }

  const move = (stage: string, success: string) => (): Promise<void> =>
    run(() => ctx.app.api.json<ProductDetail>(`/api/products/${ctx.id}/stage`, { method: 'POST', json: { stage } }), success);
  const archive = (): Promise<void> => {
    if (!window.confirm('归档后商品不再出现在默认列表中，可以随时恢复。确定归档吗？')) return Promise.resolve();
    return run(async () => {
      await ctx.app.api.json<unknown>(`/api/products/${ctx.id}`, { method: 'DELETE' });
      return undefined;
    }, '已归档');
  };

  function render(): void {
    const stage = ctx.saved().stage;
    const list: HTMLElement[] = [];
    if (stage === 'collected' || stage === 'editing') list.push(h('button', { class: 'primary', id: 'stage-ready', onclick: move('ready', '已标记为待上架') }, '标记为待上架'));
    if (stage === 'ready' || stage === 'published') list.push(h('button', { id: 'stage-editing', onclick: move('editing', '已退回编辑') }, '退回编辑'));
    if (stage === 'archived') list.push(h('button', { class: 'primary', id: 'stage-restore', onclick: move('editing', '已恢复') }, '恢复商品'));
    else list.push(h('button', { class: 'danger', id: 'stage-archive', onclick: archive }, '归档'));
    mount(buttons, list);
  }
  let lastStage = '';
  ctx.subscribe(() => {
    if (ctx.saved().stage !== lastStage) {
      lastStage = ctx.saved().stage;
      render();
    }
  });
  lastStage = ctx.saved().stage;
  render();
  return h('div', { class: 'stage-bar' }, buttons, checks);
}
