import { ApiError, messageOf } from '../api/client.ts';
import type { ProductDetail } from '../api/types.ts';
import { h, mount } from '../lib/dom.ts';
import { toast } from '../lib/toast.ts';
import type { EditorContext } from './context.ts';
import { problemList } from './ready-problems.ts';
import { focusField } from '../publish/focus-field.ts';

type Problem = { readonly path: string; readonly message: string };

/**
 * The stage moves a seller makes here, offered only when the server says they are legal (`allowed_moves`):
 * to 待上架 (or, while checks fail, the list of what is missing), back to editing, archive and restore.
 * Pending edits are saved first so the move sees what is on screen.
 */
export function stageActions(ctx: EditorContext): HTMLElement {
  const buttons = h('div', { class: 'stage-actions' });
  const checks = h('div', { class: 'ready-checks', id: 'ready-checks', role: 'alert' });
  const readyNote = h('div', { class: 'ready-edit-note' });
  let refused: readonly Problem[] | null = null;

  /** True while a move of this bar runs, so its own move back to editing is not told twice. */
  let moving = false;
  async function run(action: () => Promise<ProductDetail | undefined>, success: string): Promise<void> {
    moving = true;
    for (const button of buttons.querySelectorAll('button')) button.disabled = true;
    refused = null;
    try {
      await ctx.flush();
      if (ctx.saveState().status !== 'saved') throw new Error('还有未保存的修改，请先处理保存问题');
      const product = await action();
      if (product && typeof product.version === 'number') ctx.adopt(product);
      else await ctx.refresh();
      toast(success);
    } catch (error) {
      // The checks can fail between the page's last read and the click (another tab): list the server's reasons.
      if (error instanceof ApiError && error.status === 422) refused = error.errors ?? [{ path: '', message: error.detail }];
      else toast(messageOf(error), 'error');
    }
    moving = false;
    render();
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
    const product = ctx.saved();
    const allowed = new Set(product.allowed_moves);
    const list: HTMLElement[] = [];
    const working = product.stage === 'collected' || product.stage === 'editing';
    if (allowed.has('ready')) list.push(h('button', { class: 'primary', id: 'stage-ready', onclick: move('ready', '已标记为待上架') }, '标记为待上架'));
    else if (working)
      list.push(h('button', { class: 'primary', id: 'stage-ready', disabled: true, title: '下面列出的检查全部通过后才能标记为待上架' }, '标记为待上架'));
    if (allowed.has('editing') && product.stage === 'archived')
      list.push(h('button', { class: 'primary', id: 'stage-restore', onclick: move('editing', '已恢复，可以继续编辑') }, '恢复商品'));
    else if (allowed.has('editing') && !working) list.push(h('button', { id: 'stage-editing', onclick: move('editing', '已退回编辑') }, '退回编辑'));
    // Archiving is DELETE, not a stage move, so allowed_moves does not list it; every live product may be archived.
    if (product.stage !== 'archived') list.push(h('button', { class: 'danger', id: 'stage-archive', onclick: archive }, '归档'));
    mount(buttons, list);
    // Said before it happens (issue 32 item 11): editing a checked field of a 待上架 product sends it back to 编辑中.
    mount(readyNote);
    if (product.stage === 'ready') {
      mount(checks);
      mount(
        readyNote,
        h(
          'p',
          { class: 'notice', id: 'ready-edit-notice' },
          '这个商品是「待上架」：修改名称、描述、货号、重量、尺寸、价格、条码或款式会让它退回「编辑中」，之后需要重新标记为待上架（发布前检查会再做一次）。',
        ),
      );
      return;
    }
    const problems = refused ?? (working ? product.ready_problems : []);
    mount(
      checks,
      problems.length > 0
        ? problemList(problems, refused ? '还不能标记为待上架：' : `还差 ${problems.length} 项才能标记为待上架：`, (path) => focusField(ctx, path))
        : null,
    );
  }

  let shown = '';
  let lastStage = ctx.saved().stage;
  ctx.subscribe(() => {
    const product = ctx.saved();
    // An autosave moved it back (not a button here, which toasts itself): say so once.
    if (lastStage === 'ready' && product.stage === 'editing' && !moving) toast('修改了检查项，商品已退回「编辑中」：检查通过后请重新标记为待上架', 'info');
    lastStage = product.stage;
    const key = JSON.stringify([product.stage, product.allowed_moves, product.ready_problems]);
    if (key !== shown) {
      shown = key;
      refused = null;
      render();
    }
  });
  shown = JSON.stringify([ctx.saved().stage, ctx.saved().allowed_moves, ctx.saved().ready_problems]);
  render();
  return h('div', { class: 'stage-bar' }, buttons, checks, readyNote);
}
