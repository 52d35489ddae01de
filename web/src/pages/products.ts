import { messageOf } from '../api/client.ts';
import type { ProductList, ProductSummary } from '../api/types.ts';
import type { Screen } from '../app.ts';
import { h, mount } from '../lib/dom.ts';
import { formatPrice, formatTime } from '../lib/format.ts';
import { PLATFORM_LABELS, STAGE_LABELS, label } from '../lib/labels.ts';
import { navLink, shell } from './layout.ts';
import { exportControls } from './product-exports.ts';

const PAGE_SIZE = 20;
/** A search re-renders the list screen; the search box keeps the focus so typing goes on. */
let refocusSearch = false;
const TABS = ['all', 'collected', 'editing', 'ready', 'published', 'archived'] as const;

type ListRoute = { name: 'products'; stage: string; q: string; page: number };

function assetCell(item: ProductSummary): HTMLElement {
  const counts = item.asset_count ?? { main: 0, sku: 0, detail: 0 };
  const failed = item.failed_assets ?? 0;
  return h(
    'td',
    { class: 'assets' },
    h('span', { title: '主图 / SKU 图 / 详情图' }, `主 ${counts.main ?? 0} · SKU ${counts.sku ?? 0} · 详情 ${counts.detail ?? 0}`),
    failed > 0 ? h('span', { class: 'badge badge-error', title: '有图片下载失败，可在编辑页重试' }, `${failed} 张下载失败`) : null,
  );
}

/** The product list: stage tabs, search, paging, bulk selection and the CSV exports. */
export const renderProducts: Screen = (app, root, route) => {
  const current = route as ListRoute;
  const selected = new Set<string>();
  const go = (next: Partial<ListRoute>, replace = false): void => app.navigate({ ...current, ...next }, { replace });

  const tabs = h(
    'div',
    { class: 'tabs', role: 'tablist' },
    TABS.map((stage) =>
      h('button', { role: 'tab', class: stage === current.stage ? 'tab active' : 'tab', 'aria-selected': String(stage === current.stage), 'data-stage': stage, onclick: () => go({ stage, page: 1 }) }, stage === 'all' ? '全部' : label(STAGE_LABELS, stage)),
    ),
  );
  let searchTimer: ReturnType<typeof setTimeout> | undefined;
  const search = h('input', {
    type: 'search',
    id: 'search',
    placeholder: '搜索名称、货号、来源链接或商品 ID',
    value: current.q,
    oninput: () => {
      clearTimeout(searchTimer);
      searchTimer = setTimeout(() => {
        refocusSearch = true;
        go({ q: search.value.trim(), page: 1 }, true);
      }, 350);
    },
  });

  const exports = exportControls(app, current.stage, selected);

  const toolbar = h(
    'div',
    { class: 'toolbar' },
    search,
    h('div', { class: 'spacer' }),
    exports.element,
  );

  const body = h('tbody', null, h('tr', null, h('td', { colspan: 8, class: 'muted center' }, '正在加载…')));
  const selectAll = h('input', {
    type: 'checkbox',
    'aria-label': '全选本页',
    onchange: () => {
      for (const box of body.querySelectorAll<HTMLInputElement>('input[data-id]')) {
        box.checked = selectAll.checked;
        if (box.checked) selected.add(box.dataset.id ?? '');
        else selected.delete(box.dataset.id ?? '');
      }
      exports.selectionChanged();
    },
  });
  const table = h(
    'table',
    { class: 'list', id: 'product-table' },
    h('thead', null, h('tr', null, h('th', { class: 'check' }, selectAll), h('th', null, '名称'), h('th', null, '货号'), h('th', null, '阶段'), h('th', null, '来源'), h('th', null, '图片'), h('th', { class: 'num' }, '售价'), h('th', null, '更新时间'))),
    body,
  );
  const pager = h('div', { class: 'pager' });

  function row(item: ProductSummary): HTMLElement {
    const box = h('input', {
      type: 'checkbox',
      'data-id': item.id,
      'aria-label': '选择',
      onchange: () => {
        if (box.checked) selected.add(item.id);
        else selected.delete(item.id);
        exports.selectionChanged();
      },
    });
    return h(
      'tr',
      { 'data-product-id': item.id },
      h('td', { class: 'check' }, box),
      h('td', { class: 'name' }, navLink(app, item.name || '（未命名）', { name: 'product', id: item.id, tab: 'pricing' })),
      h('td', null, item.offer_id || h('span', { class: 'muted' }, '未设置')),
      h('td', null, h('span', { class: `stage stage-${item.stage}` }, label(STAGE_LABELS, item.stage))),
      h('td', null, item.source_url ? h('a', { href: item.source_url, target: '_blank', rel: 'noreferrer noopener' }, label(PLATFORM_LABELS, item.source_platform)) : label(PLATFORM_LABELS, item.source_platform)),
      assetCell(item),
      h('td', { class: 'num price' }, formatPrice(item.price)),
      h('td', { class: 'muted', 'data-updated-by': item.updated_by ?? '' }, formatTime(item.updated_at), item.updated_by ? h('span', { class: 'small' }, ` · ${item.updated_by}`) : null),
    );
  }

  async function load(): Promise<void> {
    try {
      const list = await app.api.json<ProductList>('/api/products', {
        query: { stage: current.stage === 'all' ? undefined : current.stage, q: current.q || undefined, page: current.page, page_size: PAGE_SIZE },
      });
      mount(body, list.items.length > 0 ? list.items.map(row) : h('tr', null, h('td', { colspan: 8, class: 'muted center' }, current.q ? '没有匹配的商品' : '还没有商品：用浏览器扩展采集商品后会出现在这里')));
      renderPager(list.total);
    } catch (error) {
      mount(body, h('tr', null, h('td', { colspan: 8, class: 'form-error center' }, messageOf(error))));
    }
  }

  function renderPager(total: number): void {
    const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
    mount(
      pager,
      h('span', { class: 'muted' }, `共 ${total} 件 · 第 ${current.page} / ${pages} 页`),
      h('button', { disabled: current.page <= 1, onclick: () => go({ page: current.page - 1 }) }, '上一页'),
      h('button', { disabled: current.page >= pages, onclick: () => go({ page: current.page + 1 }) }, '下一页'),
    );
  }

  mount(root, shell(app, h('h2', null, '商品'), tabs, toolbar, table, pager));
  if (refocusSearch) {
    refocusSearch = false;
    search.focus();
    search.setSelectionRange(search.value.length, search.value.length);
  }
  void load();
  return () => clearTimeout(searchTimer);
};
