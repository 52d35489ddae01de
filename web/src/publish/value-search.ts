import { messageOf } from '../api/client.ts';
import type { AttributeValue } from '../api/marketplace-types.ts';
import { h, mount } from '../lib/dom.ts';
import type { StoredValue } from './attribute-values.ts';

export type ValueSearchOptions = {
  readonly id: string;
  readonly multiple: boolean;
  readonly selected: readonly StoredValue[];
  /** Values matching `q` ('' = the first page). */
  readonly load: (q: string) => Promise<{ values: readonly AttributeValue[]; more: boolean }>;
  readonly onChange: (values: StoredValue[]) => void;
};

/** Type-ahead over a marketplace dictionary (brands alone have tens of thousands): never a full dropdown. */
export function valueSearch(options: ValueSearchOptions): HTMLElement {
  let selected = [...options.selected];
  let shown: readonly AttributeValue[] = [];
  let active = -1;
  let request = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const chips = h('div', { class: 'value-chips' });
  const placeholder = (): string => (selected.length > 0 && !options.multiple ? '输入搜索以更换' : '输入搜索（俄文或英文），从列表中选择');
  const input = h('input', { id: options.id, type: 'text', autocomplete: 'off', role: 'combobox', 'aria-expanded': 'false', placeholder: placeholder() });
  const list = h('ul', { class: 'value-options', role: 'listbox', hidden: true });

  const renderChips = (): void =>
    mount(
      chips,
      selected.map((value, index) =>
        h(
          'span',
          { class: 'value-chip', 'data-value-id': value.dictionary_value_id ?? '' },
          value.value ?? String(value.dictionary_value_id),
          h('button', { type: 'button', class: 'link small', 'aria-label': '移除', onclick: () => set(selected.filter((_, i) => i !== index)) }, '×'),
        ),
      ),
    );
  const set = (next: StoredValue[]): void => {
    selected = next;
    renderChips();
    input.placeholder = placeholder();
    options.onChange(selected);
  };
  const pick = (value: AttributeValue): void => {
    const entry = { dictionary_value_id: value.id, value: value.value };
    set(options.multiple ? [...selected.filter((v) => v.dictionary_value_id !== value.id), entry] : [entry]);
    input.value = '';
    // A search still on its way (the focus search, a debounced keystroke) must not open the list again.
    clearTimeout(timer);
    request++;
    close();
  };
  const close = (): void => {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
  };
  const renderList = (more: boolean): void => {
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    mount(
      list,
      // The marketplace's dictionaries are Russian: a Chinese word (蓝) finds nothing, so say what does (синий).
      shown.length === 0
        ? h('li', { class: 'muted' }, /[\u4e00-\u9fff]/.test(input.value) ? '没有匹配的值：平台字典是俄文，请用俄文搜索（如 蓝色 = синий）' : '没有匹配的值')
        : null,
      shown.map((value, index) =>
        h(
          'li',
          {
            role: 'option',
            class: index === active ? 'active' : '',
            'data-value-id': value.id,
            onmousedown: (event: Event) => (event.preventDefault(), pick(value)),
          },
          value.value,
          value.info ? h('span', { class: 'muted small' }, ` ${value.info}`) : null,
        ),
      ),
      more ? h('li', { class: 'muted small' }, '还有更多，继续输入缩小范围') : null,
    );
  };
  const query = async (): Promise<void> => {
    const mine = ++request;
    const q = input.value.trim();
    try {
      const { values, more } = await options.load(q);
      if (mine !== request || document.activeElement !== input) return;
      shown = values;
      active = -1;
      renderList(more);
    } catch (error) {
      if (mine === request) mount(list, h('li', { class: 'form-error' }, messageOf(error)));
      list.hidden = false;
    }
  };
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void query(), 250);
  });
  input.addEventListener('focus', () => void query());
  input.addEventListener('blur', () => setTimeout(close, 150));
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      active = Math.max(0, Math.min(shown.length - 1, active + (event.key === 'ArrowDown' ? 1 : -1)));
      renderList(false);
    } else if (event.key === 'Enter' && shown[active]) {
      event.preventDefault();
      const choice = shown[active];
      if (choice) pick(choice);
    } else if (event.key === 'Escape') close();
  });
  renderChips();
  return h('div', { class: 'value-search' }, chips, input, list);
}
