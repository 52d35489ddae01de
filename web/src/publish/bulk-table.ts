import type { FieldProblem, ImportError, PublishStatus } from '../api/marketplace-types.ts';
import type { ProductSummary } from '../api/types.ts';
import type { App } from '../app.ts';
import { h, mount } from '../lib/dom.ts';
import { formatPrice } from '../lib/format.ts';
import { STAGE_LABELS, label } from '../lib/labels.ts';
import { navLink } from '../pages/layout.ts';
import { collectedTitleLine } from '../lib/collected-title.ts';
import { fieldTarget } from './field-targets.ts';
import { importErrors } from './import-errors.ts';
import { publishBadge, settlingNote } from './status-labels.ts';

/** What the table shows of a product (the list's summary). */
export type BulkProduct = Pick<ProductSummary, 'id' | 'name' | 'offer_id' | 'stage' | 'price' | 'currency_code' | 'collected_title' | 'card_count'>;

export type BulkTable = {
  readonly element: HTMLElement;
  selected(): string[];
  /** The pre-flight of one row: passed, or its problems (each links to the product's publish tab). */
  setCheck(id: string, problems: readonly FieldProblem[] | null): void;
  /** `settling`: sent without an answer, being looked up on the marketplace (shown 核对中 with the reason). */
  setStatus(id: string, status: PublishStatus, errors?: readonly ImportError[], settling?: boolean, note?: HTMLElement | null): void;
  /** `extra`: what the seller can do about it (a refused copy's switch to a full card). */
  setRefused(id: string, problems: readonly FieldProblem[], extra?: HTMLElement | null): void;
  /** Unticks rows (those sent or waiting), so what stays ticked is what still needs the seller. */
  deselect(ids: readonly string[]): void;
};

/** The products to publish, with a checkbox each and two live cells: the pre-flight and the publish status. */
export function bulkTable(app: App, products: readonly BulkProduct[], preselected: ReadonlySet<string>, onSelection: () => void): BulkTable {
  const boxes = new Map<string, HTMLInputElement>();
  const checkCells = new Map<string, HTMLElement>();
  const statusCells = new Map<string, HTMLElement>();
  const problemsView = (id: string, problems: readonly FieldProblem[]): HTMLElement =>
    h(
      'details',
      { class: 'row-problems' },
      h('summary', null, h('span', { class: 'badge badge-error' }, `${problems.length} 项问题`)),
      h(
        'ol',
        null,
        // Each opens the product at the very field (issue 32 item 4), switching to its tab.
        problems.map((problem) =>
          h(
            'li',
            { 'data-path': problem.path },
            navLink(app, problem.message, { name: 'product', id, tab: fieldTarget(problem.path).tab, field: problem.path }),
          ),
        ),
      ),
    );
  const all = h('input', {
    type: 'checkbox',
    'aria-label': '全选',
    checked: products.length > 0 && products.every((product) => preselected.has(product.id)),
    onchange: () => {
      // Ticks what the filter shows; rows hidden by it keep their state.
      for (const box of boxes.values()) if (!box.closest('tr')?.hidden) box.checked = all.checked;
      onSelection();
    },
  });
  // 全选 says whether every row is ticked: after a bulk publish unticks the sent rows it must not stay ticked over 已选 0 件.
  const selectionChanged = () => {
    all.checked = boxes.size > 0 && [...boxes.values()].every((box) => box.checked);
    onSelection();
  };
  const rows = products.map((product) => {
    const box = h('input', { type: 'checkbox', 'data-id': product.id, 'aria-label': '选择', checked: preselected.has(product.id), onchange: selectionChanged });
    boxes.set(product.id, box);
    const check = h('td', { class: 'check-cell' }, h('span', { class: 'muted small' }, '—'));
    const status = h('td', { class: 'status-cell' }, h('span', { class: 'muted small' }, '—'));
    checkCells.set(product.id, check);
    statusCells.set(product.id, status);
    return h(
      'tr',
      { 'data-product-id': product.id },
      h('td', { class: 'check' }, box),
      h(
        'td',
        { class: 'name' },
        navLink(app, product.name || '（未命名）', { name: 'product', id: product.id, tab: 'publish' }),
        collectedTitleLine(product.collected_title, product.name),
      ),
      h('td', null, product.offer_id || h('span', { class: 'muted' }, '未设置')),
      h('td', { class: 'stage-cell' }, h('span', { class: `stage stage-${product.stage}` }, label(STAGE_LABELS, product.stage))),
      h('td', { class: 'num' }, formatPrice(product.price, product.currency_code)),
      // The quota counts cards: one per enabled colour (issue 32 item 7).
      h('td', { class: 'num', 'data-cards': String(product.card_count) }, `${product.card_count} 张`),
      check,
      status,
    );
  });
  const filter = h('input', {
    type: 'search',
    id: 'bulk-filter',
    placeholder: `在 ${products.length} 件中筛选：名称、采集标题或货号`,
    oninput: () => {
      const needle = filter.value.trim().toLowerCase();
      products.forEach((product, index) => {
        const row = rows[index];
        if (row) row.hidden = needle !== '' && !`${product.name} ${product.collected_title ?? ''} ${product.offer_id}`.toLowerCase().includes(needle);
      });
    },
  });
  const table = h(
    'table',
    { class: 'list bulk-table', id: 'bulk-table' },
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        h('th', { class: 'check' }, all, h('span', { class: 'visually-hidden' }, '选择')),
        ['名称', '货号', '阶段', '售价', '平台卡片', '发布前检查', '发布状态'].map((title) => h('th', null, title)),
      ),
    ),
    h(
      'tbody',
      null,
      rows.length > 0
        ? rows
        : h('tr', null, h('td', { colspan: 8, class: 'muted center' }, '没有待上架的商品：商品通过就绪检查（标记为待上架）后会出现在这里')),
    ),
  );
  const element = h('div', null, products.length > 10 ? h('div', { class: 'toolbar' }, filter) : null, table);
  return {
    element,
    selected: () => [...boxes].filter(([, box]) => box.checked).map(([id]) => id),
    setCheck(id, problems) {
      const cell = checkCells.get(id);
      if (!cell) return;
      cell.dataset.check = problems === null ? 'ok' : 'problems';
      mount(cell, problems === null ? h('span', { class: 'badge badge-ok' }, '✓ 通过') : problemsView(id, problems));
    },
    setStatus(id, status, errors = [], settling = false, note = null) {
      const cell = statusCells.get(id);
      if (cell) mount(cell, publishBadge(status, settling), settling ? settlingNote() : null, note, importErrors(errors));
      const stage = status === 'imported' ? cell?.closest('tr')?.querySelector('.stage-cell') : null;
      if (stage) mount(stage, h('span', { class: 'stage stage-published' }, label(STAGE_LABELS, 'published')));
    },
    deselect(ids) {
      for (const id of ids) {
        const box = boxes.get(id);
        if (box) box.checked = false;
      }
      selectionChanged();
    },
    setRefused(id, problems, extra = null) {
      const cell = statusCells.get(id);
      if (cell) mount(cell, h('span', { class: 'badge badge-error', 'data-publish-status': 'refused' }, '未发送'), problemsView(id, problems), extra);
    },
  };
}
