import { messageOf } from '../api/client.ts';
import type { ProductList } from '../api/types.ts';
import type { Screen } from '../app.ts';
import { h, mount } from '../lib/dom.ts';
import { STAGE_LABELS, label } from '../lib/labels.ts';
import { LIST_TABS, PAGE_SIZE, type ListRouteLike, type StageCounts, emptyMessage, listQuery, tabCount } from '../lib/list-query.ts';
import { shell } from './layout.ts';
import { filterBar, marketFilter } from './list-filters.ts';
import { LIST_HEADINGS, productRow } from './list-row.ts';
import { bulkBar } from './bulk-bar.ts';
import { selectionUi } from './list-selection.ts';
import { exportControls } from './product-exports.ts';
import { listKeyboard } from './list-keyboard.ts';
import { selectTab, tabRow } from '../lib/tablist.ts';

/** A search re-renders the list screen; the search box keeps the focus so typing goes on. */
let refocusSearch = false;

type ListRoute = { name: 'products' } & ListRouteLike;

/** The product list: stage tabs with counts, search, filters, sort, thumbnails, paging, selection and exports. */
export const renderProducts: Screen = (app, root, route) => {
  const current = route as ListRoute;
  const go = (next: Partial<ListRoute>, replace = false): void => app.navigate({ ...current, ...next }, { replace });

  const tabs = tabRow('商品阶段');
  const renderTabs = (counts: StageCounts | null): void =>
    mount(
      tabs,
      LIST_TABS.map((stage) => {
        const count = tabCount(counts, stage);
        const tab = h(
          'button',
          { role: 'tab', class: stage === current.stage ? 'tab active' : 'tab', 'data-stage': stage, onclick: () => go({ stage, page: 1 }) },
          stage === 'all' ? '全部' : label(STAGE_LABELS, stage),
          count === null ? null : h('span', { class: 'tab-count', 'data-count': count }, String(count)),
        );
        selectTab(tab, stage === current.stage);
        return tab;
      }),
    );
  renderTabs(null);

  let searchTimer: ReturnType<typeof setTimeout> | undefined;
  const search = h('input', {
    type: 'search',
    id: 'search',
    'aria-label': '搜索商品',
    placeholder: '搜索名称（含采集的中文标题）、货号、来源链接或商品 ID',
    value: current.q,
    oninput: () => {
      clearTimeout(searchTimer);
      searchTimer = setTimeout(() => {
        refocusSearch = true;
        go({ q: search.value.trim(), page: 1 }, true);
      }, 350);
    },
  });

  const query = listQuery(current);
  const view = JSON.stringify({ ...query, page: undefined, page_size: undefined });
  const selection = selectionUi(app, view, query, () => {
    exports.selectionChanged();
    bar.update();
  });
  const exports = exportControls(app, current.stage, () => selection.current().ids);
  const results = h('div', { id: 'bulk-results-host' });
  const bar = bulkBar({ app, stage: current.stage, selection: () => selection.current(), clear: () => selection.clear(), reload: () => void load(), results });
  // Publishing takes the selection to its own screen (quota, checks, live status); nothing is sent from here.
  const publish = h(
    'button',
    { type: 'button', id: 'publish-selected', onclick: () => app.navigate({ name: 'publish', ids: [...selection.current().ids] }) },
    '发布所选…',
  );
  const toolbar = h('div', { class: 'toolbar' }, search, h('div', { class: 'spacer' }), publish, exports.element);
  const body = h('tbody', null, h('tr', null, h('td', { colspan: LIST_HEADINGS.length + 1, class: 'muted center' }, '正在加载…')));
  const keyboard = listKeyboard(app, body, search);
  const columns = LIST_HEADINGS.length + 1;
  const table = h(
    'table',
    { class: 'list', id: 'product-table' },
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        h('th', { class: 'check' }, selection.headerBox, h('span', { class: 'visually-hidden' }, '选择')),
        LIST_HEADINGS.map((text, index) =>
          h('th', text === '售价' ? { class: 'num' } : null, index === 0 ? h('span', { class: 'visually-hidden' }, text) : text),
        ),
      ),
    ),
    body,
  );
  const pager = h('div', { class: 'pager' });
  const market = marketFilter(current, go);

  async function load(): Promise<void> {
    try {
      const list = await app.api.json<ProductList>('/api/products', { query });
      renderTabs(list.stage_counts);
      market.counted(list.market_state_counts);
      mount(
        body,
        list.items.length > 0
          ? list.items.map((item) => productRow(app, item, selection.rowBox(item)))
          : h('tr', null, h('td', { colspan: columns, class: 'empty-state', id: 'empty-state' }, emptyMessage(current))),
      );
      selection.pageLoaded(list.items, list.total);
      keyboard.rowsLoaded();
      renderPager(list.total);
    } catch (error) {
      mount(body, h('tr', null, h('td', { colspan: columns, class: 'form-error center' }, messageOf(error))));
    }
  }

  function renderPager(total: number): void {
    const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
    mount(
      pager,
      h('span', { class: 'muted', id: 'list-total' }, `共 ${total} 件 · 第 ${current.page} / ${pages} 页`),
      h('button', { disabled: current.page <= 1, onclick: () => go({ page: current.page - 1 }) }, '上一页'),
      h('button', { disabled: current.page >= pages, onclick: () => go({ page: current.page + 1 }) }, '下一页'),
    );
  }

  const heading = h('div', { class: 'toolbar' }, h('h1', { style: 'margin:0' }, '商品'), h('div', { class: 'spacer' }), keyboard.helpButton);
  mount(root, shell(app, heading, tabs, toolbar, filterBar(current, go, market.element), bar.element, results, selection.banner, table, pager));
  if (refocusSearch) {
    refocusSearch = false;
    search.focus();
    search.setSelectionRange(search.value.length, search.value.length);
  }
  void load();
  return () => {
    clearTimeout(searchTimer);
    keyboard.stop();
  };
};
