import type { CategoryAttribute } from '../api/marketplace-types.ts';
import type { EditorContext } from '../editor/context.ts';
import { h } from '../lib/dom.ts';
import { hasChinese } from '../lib/format.ts';
import { type StoredValue, storedValues, toStored } from './attribute-values.ts';
import { type ValueQuery, attributeValues } from './lookups.ts';
import { valueSearch } from './value-search.ts';

/** Search with the marketplace from two characters; below that, the first page filtered here. */
const MIN_SEARCH = 2;

const stored = (ctx: EditorContext, id: number): StoredValue[] => storedValues(ctx.preview().attributes[String(id)]);

function textInput(ctx: EditorContext, attribute: CategoryAttribute, inputId: string, onChange: (values: StoredValue[]) => void): HTMLElement {
  const current = stored(ctx, attribute.id)
    .map((value) => value.value ?? '')
    .join('');
  if (attribute.type === 'Boolean') {
    const select = h(
      'select',
      { id: inputId },
      h('option', { value: '' }, '未填'),
      h('option', { value: 'true' }, '是'),
      h('option', { value: 'false' }, '否'),
    );
    select.value = current;
    select.addEventListener('change', () => onChange(select.value ? [{ value: select.value }] : []));
    return select;
  }
  const numeric = attribute.type === 'Integer' || attribute.type === 'Decimal';
  const input =
    attribute.type === 'multiline'
      ? h('textarea', { id: inputId, rows: 3 })
      : h('input', { id: inputId, type: 'text', inputMode: numeric ? 'decimal' : 'text', autocomplete: 'off' });
  input.value = current;
  input.addEventListener('input', () => onChange(input.value.trim() ? [{ value: input.value.trim() }] : []));
  return input;
}

/** One characteristic of the chosen type, saved in the product's `attributes` group under its id. */
export function attributeField(ctx: EditorContext, attribute: CategoryAttribute, query: Omit<ValueQuery, 'attributeId'>): HTMLElement {
  const inputId = `attr-${attribute.id}`;
  const warning = h('div', { class: 'field-message' });
  const onChange = (values: StoredValue[]): void => {
    warning.textContent = values.some((value) => hasChinese(value.value ?? '')) ? '含有中文字符：平台会拒绝，请填写俄文或英文' : '';
    ctx.edit(String(attribute.id), toStored(values), 'attributes');
  };
  const lookup: ValueQuery = { ...query, attributeId: attribute.id };
  const control =
    attribute.dictionary_id > 0
      ? valueSearch({
          id: inputId,
          multiple: attribute.is_collection,
          selected: stored(ctx, attribute.id),
          onChange,
          load: async (q) => {
            if (q.length >= MIN_SEARCH) {
              const page = await attributeValues(ctx.app, lookup, q);
              return { values: page.values, more: page.has_next };
            }
            const page = await attributeValues(ctx.app, lookup, '', 50);
            const filtered = q ? page.values.filter((value) => value.value.toLowerCase().includes(q.toLowerCase())) : page.values;
            return { values: filtered, more: page.has_next };
          },
        })
      : textInput(ctx, attribute, inputId, onChange);
  const hint = [
    attribute.dictionary_id > 0 ? '字典值' : null,
    attribute.is_collection ? (attribute.max_value_count > 0 ? `可多选，最多 ${attribute.max_value_count} 个` : '可多选') : null,
    attribute.description.slice(0, 160) || null,
  ]
    .filter(Boolean)
    .join(' · ');
  return h(
    'div',
    { class: 'attr-field', 'data-path': `attributes/${attribute.id}`, 'data-required': String(attribute.is_required) },
    h(
      'label',
      { for: inputId },
      attribute.name,
      attribute.is_required ? h('span', { class: 'required-mark', title: '必填' }, ' *') : null,
      h('span', { class: 'muted small' }, ` #${attribute.id}`),
    ),
    control,
    hint ? h('div', { class: 'field-hint' }, hint) : null,
    warning,
  );
}
