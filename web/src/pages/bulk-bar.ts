import { ApiError, messageOf } from '../api/client.ts';
import type { App } from '../app.ts';
import { ACTION_LABELS, type BulkAction, type BulkResult } from '../lib/bulk.ts';
import { h, mount } from '../lib/dom.ts';
import type { Selection } from '../lib/selection.ts';
import { aiForm, pricingForm, stockForm } from './bulk-forms.ts';
import { showBulkResults } from './bulk-results.ts';

export type BulkBarDeps = {
  readonly app: App;
  /** The list's tab: the archive offers restore and delete, the others archive. */
  readonly stage: string;
  readonly selection: () => Selection;
  readonly clear: () => void;
  /** Reads the list again (rows and tab counts) after an action. */
  readonly reload: () => void;
  /** Where the per-product results are shown (stays after the selection is cleared). */
  readonly results: HTMLElement;
};

const CONFIRM: Partial<Record<BulkAction, (n: number) => string>> = {
  archive: (n) => `归档选中的 ${n} 件商品？归档后可在「已归档」恢复。`,
  delete: (n) => `永久删除选中的 ${n} 件商品？删除后无法恢复，图片和记录都会清除。`,
  market_archive: (n) => `在 Ozon 平台上归档选中的 ${n} 件商品？平台上的商品卡会下架并释放商品数额度；本服务里的商品不变。`,
};

/** The bar above the list while products are selected: the bulk actions and their forms. */
export function bulkBar(deps: BulkBarDeps): { element: HTMLElement; update(): void } {
  const count = h('strong', { id: 'bulk-count' });
  const formHost = h('div', { class: 'bulk-form' });
  const problem = h('div', { class: 'form-error', id: 'bulk-error', role: 'alert' });
  let stopPolling: (() => void) | null = null;

  async function run(action: BulkAction, params: Record<string, unknown> = {}, title = ACTION_LABELS[action]): Promise<void> {
    const selection = deps.selection();
    const ids = [...selection.ids];
    const question = CONFIRM[action]?.(ids.length);
    if (ids.length === 0 || (question && !window.confirm(question))) return;
    for (const button of element.querySelectorAll('button')) button.disabled = true;
    problem.textContent = '';
    try {
      const answer = await deps.app.api.json<{ results: BulkResult[] }>('/api/products/bulk', {
        method: 'POST',
        json: { product_ids: ids, action, params },
        timeoutMs: 120_000,
      });
      stopPolling?.();
      stopPolling = showBulkResults(deps.app, deps.results, title, answer.results, new Map(selection.names), deps.reload);
      mount(formHost);
      deps.clear();
      deps.reload();
    } catch (error) {
      // A refused request (422) names the fields: show the Chinese sentences by the form, not a passing toast.
      const sentences = error instanceof ApiError ? (error.errors ?? []).map((each) => each.message) : [];
      problem.textContent = sentences.length > 0 ? sentences.join('；') : messageOf(error);
    } finally {
      for (const button of element.querySelectorAll('button')) button.disabled = false;
    }
  }

  const button = (id: string, text: string, onclick: () => void, kind = ''): HTMLButtonElement => h('button', { id, class: kind, onclick }, text);
  const archived = deps.stage === 'archived';
  const actions = archived
    ? [button('bulk-restore', '恢复', () => void run('restore'), 'primary'), button('bulk-delete', '永久删除', () => void run('delete'), 'danger')]
    : [
        button('bulk-ready', '标记为待上架', () => void run('stage', { stage: 'ready' }, '标记为待上架')),
        button('bulk-editing', '退回编辑中', () => void run('stage', { stage: 'editing' }, '退回编辑中')),
        button('bulk-pricing', '批量定价…', () =>
          mount(
            formHost,
            pricingForm(
              (params) => run('pricing', params),
              () => mount(formHost),
            ),
          ),
        ),
        button('bulk-stock', '设置库存…', () =>
          mount(
            formHost,
            stockForm(
              (params) => run('stock', params, '设置库存'),
              () => mount(formHost),
            ),
          ),
        ),
        button('bulk-copy', '生成俄文文案…', () =>
          mount(
            formHost,
            aiForm(
              deps.app,
              'copy',
              (params) => run('copy', params),
              () => mount(formHost),
            ),
          ),
        ),
        button('bulk-suite', '生成 AI 套图…', () =>
          mount(
            formHost,
            aiForm(
              deps.app,
              'suite',
              (params) => run('suite', params),
              () => mount(formHost),
            ),
          ),
        ),
        // The marketplace's archive beside the service's own (docs/decisions.md, Archive on the marketplace): at most 100 a request.
        button('bulk-market-archive', '在平台归档', () => void run('market_archive')),
        button('bulk-market-unarchive', '在平台恢复', () => void run('market_unarchive')),
        button('bulk-archive', '归档', () => void run('archive'), 'danger'),
      ];
  const element = h(
    'div',
    { class: 'bulk-bar', id: 'bulk-bar', hidden: true },
    h(
      'div',
      { class: 'toolbar' },
      h('span', null, '已选 ', count, ' 件'),
      actions,
      h('div', { class: 'spacer' }),
      button('bulk-clear', '取消选择', () => deps.clear(), 'link'),
    ),
    formHost,
    problem,
  );
  return {
    element,
    update() {
      const n = deps.selection().ids.size;
      count.textContent = String(n);
      element.hidden = n === 0;
      if (n === 0) {
        mount(formHost);
        problem.textContent = '';
      }
    },
  };
}
