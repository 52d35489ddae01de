import type { PlanItem } from '../api/types.ts';
import { SUITE_KINDS } from '../../../src/domain/ai/suite-plan.ts';
import { h, mount } from '../lib/dom.ts';
import { PLAN_KIND_LABELS, label } from '../lib/labels.ts';

export type PlanTable = {
  readonly element: HTMLElement;
  items(): readonly PlanItem[];
  setItems(items: readonly PlanItem[]): void;
  add(): void;
};

/** Images a plan asks for (the server expands each item by its count). */
export const planTotal = (items: readonly PlanItem[]): number => items.reduce((sum, item) => sum + item.count, 0);

const select = (name: string, options: readonly { value: string; text: string }[], current: string, change: (value: string) => void): HTMLSelectElement =>
  h(
    'select',
    { 'aria-label': name, onchange: (event: Event) => change((event.target as HTMLSelectElement).value) },
    options.map((option) => h('option', { value: option.value, selected: option.value === current }, option.text)),
  );

/**
 * The editable suite plan: kind from the allow-list, title, detail, count 0–3 and the SKU variant an item is
 * bound to; `onChange` runs after every edit (the total and the generate button follow it).
 */
export function planTable(variants: () => readonly string[], onChange: (items: readonly PlanItem[]) => void): PlanTable {
  let items: PlanItem[] = [];
  const body = h('tbody');
  const update = (index: number, patch: Partial<PlanItem>): void => {
    items = items.map((item, i) => (i === index ? { ...item, ...patch } : item));
    onChange(items);
  };
  const render = (): void => {
    const kinds = SUITE_KINDS.map((kind) => ({ value: kind, text: label(PLAN_KIND_LABELS, kind) }));
    const counts = [0, 1, 2, 3].map((n) => ({ value: String(n), text: String(n) }));
    const variantOptions = [{ value: '', text: '不绑定' }, ...variants().map((name) => ({ value: name, text: name }))];
    mount(
      body,
      items.map((item, index) => {
        // Each control names its column and row, so a screen reader says 「第 2 项 标题」 rather than 「编辑框」.
        const name = (column: string): string => `第 ${index + 1} 项${column}`;
        return h(
          'tr',
          null,
          h(
            'td',
            null,
            select(name('类型'), kinds, item.kind, (kind) => update(index, { kind: kind as PlanItem['kind'] })),
          ),
          h(
            'td',
            null,
            h('input', {
              value: item.title,
              'aria-label': name('标题'),
              oninput: (e: Event) => update(index, { title: (e.target as HTMLInputElement).value }),
            }),
          ),
          h(
            'td',
            null,
            h('input', {
              value: item.detail,
              'aria-label': name('说明'),
              oninput: (e: Event) => update(index, { detail: (e.target as HTMLInputElement).value }),
            }),
          ),
          h(
            'td',
            null,
            select(name('数量'), counts, String(item.count), (count) => update(index, { count: Number(count) })),
          ),
          h(
            'td',
            null,
            select(name('款式'), variantOptions, item.variant_name ?? '', (variant) => update(index, { variant_name: variant || null })),
          ),
          h(
            'td',
            null,
            h('button', { class: 'small', title: '删除', 'aria-label': `删除${name('')}`, onclick: () => setItems(items.filter((_, i) => i !== index)) }, '✕'),
          ),
        );
      }),
    );
  };
  const setItems = (next: readonly PlanItem[]): void => {
    items = next.map((item) => ({ ...item }));
    render();
    onChange(items);
  };
  const head = h(
    'thead',
    null,
    h(
      'tr',
      null,
      ['类型', '标题', '说明', '数量', '款式'].map((title) => h('th', null, title)),
      h('th', null, h('span', { class: 'visually-hidden' }, '操作')),
    ),
  );
  return {
    element: h('table', { class: 'plan', id: 'suite-plan-table' }, head, body),
    items: () => items,
    setItems,
    add: () => setItems([...items, { kind: 'white_bg', title: '', detail: '', prompt_hint: '', count: 1, variant_name: null }]),
  };
}
