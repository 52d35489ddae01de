import { messageOf } from '../api/client.ts';
import type { App } from '../app.ts';
import { h, mount } from '../lib/dom.ts';
import { type TypeEntry, findType, searchTypes } from './category-index.ts';
import { refreshedText, typeIndex } from './lookups.ts';

export type PickerOptions = {
  readonly app: App;
  readonly shopId: string;
  readonly categoryId: number | null;
  readonly typeId: number | null;
  readonly onPick: (entry: TypeEntry) => void;
};

const pathText = (names: readonly string[]): string => names.join(' › ');

/**
 * The marketplace's category tree as one search box: the seller types a Chinese or Russian word and picks
 * the product type (the tree's last level, which is what a card needs) from the matches.
 */
export function categoryPicker(options: PickerOptions): HTMLElement {
  const { app, shopId } = options;
  let picked = { categoryId: options.categoryId, typeId: options.typeId };
  const current = h('div', { class: 'category-current', 'data-path': 'category', tabindex: -1 });
  const search = h('input', {
    type: 'search',
    id: 'category-search',
    'aria-label': '搜索类目',
    placeholder: '搜索类目：中文或俄文，如 收纳盒 / коробка',
    autocomplete: 'off',
    disabled: true,
  });
  // A plain list of buttons, not a listbox: each match is a button the seller tabs to and presses.
  const results = h('ul', { class: 'category-results', id: 'category-results', 'aria-label': '匹配的类目' });
  const refreshed = h('div', { class: 'muted small refreshed', id: 'tree-refreshed' }, '正在加载平台类目…');
  let types: readonly TypeEntry[] = [];

  const showCurrent = (): void => {
    const entry = findType(types, picked.categoryId, picked.typeId);
    if (!picked.typeId) mount(current, h('span', { class: 'muted' }, '还没有选择类目'));
    else if (!entry)
      mount(
        current,
        h('span', null, `类目 ${picked.categoryId ?? '—'} / 类型 ${picked.typeId}`),
        h('span', { class: 'badge badge-error' }, '平台类目树中找不到，请重新选择'),
      );
    else mount(current, h('strong', { 'data-type-id': entry.typeId }, pathText(entry.zh)), h('div', { class: 'muted small' }, pathText(entry.ru)));
  };

  const row = (entry: TypeEntry): HTMLElement =>
    h(
      'li',
      null,
      h(
        'button',
        {
          type: 'button',
          class: 'category-option',
          'data-type-id': entry.typeId,
          disabled: entry.disabled,
          title: entry.disabled ? '平台不允许在此类型下新建商品' : '',
          onclick: () => {
            picked = { categoryId: entry.categoryId, typeId: entry.typeId };
            search.value = '';
            mount(results);
            showCurrent();
            options.onPick(entry);
          },
        },
        h('span', null, pathText(entry.zh)),
        h('span', { class: 'muted small' }, pathText(entry.ru)),
        entry.disabled ? h('span', { class: 'badge badge-warn' }, '不可新建') : null,
      ),
    );

  let timer: ReturnType<typeof setTimeout> | undefined;
  search.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const query = search.value.trim();
      const found = searchTypes(types, query);
      mount(results, query === '' ? null : found.length > 0 ? found.map(row) : h('li', { class: 'muted' }, '没有匹配的类目，换个词试试（也可以用俄文）'));
    }, 120);
  });

  typeIndex(app, shopId).then(
    (index) => {
      types = index.types;
      search.disabled = false;
      refreshed.textContent = `${refreshedText('类目树', index.fetchedAt, index.stale)} · 共 ${types.length} 个商品类型`;
      showCurrent();
    },
    (error: unknown) => mount(refreshed, h('span', { class: 'form-error' }, `类目加载失败：${messageOf(error)}`)),
  );
  showCurrent();
  return h('div', { class: 'category-picker' }, h('div', { class: 'field-label' }, '当前类目'), current, search, results, refreshed);
}
