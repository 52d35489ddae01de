import { h } from '../lib/dom.ts';
import { MODE_CHOICES, PLATFORM_CHOICES, PRICE_INDEX_CHOICES, SORT_CHOICES, isFiltered, type ListRouteLike } from '../lib/list-query.ts';
import type { ListFilters } from '../lib/router.ts';
import { MARKET_STATE_LABELS, MARKET_STATE_ORDER } from '../lib/market-labels.ts';

/**
 * The list's filter bar: source platform, failed images, update date range and sort. Every change navigates
 * (page 1), so the address holds the whole view.
 */
export function filterBar(current: ListRouteLike, go: (next: Partial<ListRouteLike & ListFilters>) => void, market: HTMLElement): HTMLElement {
  const platform = h(
    'select',
    { id: 'filter-platform', 'aria-label': '来源平台', onchange: () => go({ platform: platform.value || undefined, page: 1 }) },
    PLATFORM_CHOICES.map((choice) => h('option', { value: choice.value, selected: (current.platform ?? '') === choice.value }, choice.text)),
  );
  const index = h(
    'select',
    { id: 'filter-index', 'aria-label': '价格指数', onchange: () => go({ index: index.value || undefined, page: 1 }) },
    PRICE_INDEX_CHOICES.map((choice) => h('option', { value: choice.value, selected: (current.index ?? '') === choice.value }, choice.text)),
  );
  const mode = h(
    'select',
    { id: 'filter-mode', 'aria-label': '发布方式', onchange: () => go({ mode: mode.value || undefined, page: 1 }) },
    MODE_CHOICES.map((choice) => h('option', { value: choice.value, selected: (current.mode ?? '') === choice.value }, choice.text)),
  );
  const failed = h('input', {
    type: 'checkbox',
    id: 'filter-failed',
    checked: Boolean(current.failed),
    onchange: () => go({ failed: failed.checked || undefined, page: 1 }),
  });
  const date = (id: string, key: 'from' | 'to', title: string): HTMLInputElement => {
    const input = h('input', {
      type: 'date',
      id,
      value: current[key] ?? '',
      'aria-label': title,
      title,
      onchange: () => go({ [key]: input.value || undefined, page: 1 }),
    });
    return input;
  };
  const sort = h(
    'select',
    { id: 'sort', 'aria-label': '排序', onchange: () => go({ sort: sort.value === '-updated_at' ? undefined : sort.value, page: 1 }) },
    SORT_CHOICES.map((choice) => h('option', { value: choice.value, selected: (current.sort ?? '-updated_at') === choice.value }, choice.text)),
  );
  const clear = isFiltered(current)
    ? h(
        'button',
        {
          class: 'link',
          id: 'filter-clear',
          onclick: () =>
            go({
              q: '',
              platform: undefined,
              failed: undefined,
              from: undefined,
              to: undefined,
              market: undefined,
              index: undefined,
              mode: undefined,
              page: 1,
            }),
        },
        '清除筛选',
      )
    : null;
  return h(
    'div',
    { class: 'filters', id: 'list-filters' },
    platform,
    mode,
    market,
    index,
    h('label', { class: 'check-label' }, failed, '只看有图片下载失败的'),
    h('span', { class: 'muted' }, '更新日期'),
    date('filter-from', 'from', '更新日期起'),
    h('span', { class: 'muted' }, '至'),
    date('filter-to', 'to', '更新日期止'),
    clear,
    h('div', { class: 'spacer' }),
    sort,
  );
}

/** The marketplace-state filter, its options counted from each list answer (`market_state_counts`). */
export function marketFilter(
  current: ListRouteLike,
  go: (next: Partial<ListRouteLike & ListFilters>) => void,
): { element: HTMLSelectElement; counted(counts: Readonly<Record<string, number>>): void } {
  const option = (value: string, text: string) => h('option', { value, selected: (current.market ?? '') === value }, text);
  const element = h(
    'select',
    { id: 'filter-market', 'aria-label': '平台状态', onchange: () => go({ market: element.value || undefined, page: 1 }) },
    option('', '全部平台状态'),
    MARKET_STATE_ORDER.map((state) => option(state, MARKET_STATE_LABELS[state]!)),
  );
  return {
    element,
    counted(counts) {
      for (const each of element.options) if (each.value) each.textContent = `${MARKET_STATE_LABELS[each.value]}（${counts[each.value] ?? 0}）`;
    },
  };
}
