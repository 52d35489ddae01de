import { ApiError, messageOf } from '../api/client.ts';
import type { Shop } from '../api/marketplace-types.ts';
import type { App } from '../app.ts';
import { h } from '../lib/dom.ts';
import { toast } from '../lib/toast.ts';

/**
 * A shop's margin floor (docs/decisions.md, Real margin): offers whose real margin falls below it are flagged on the
 * list and told to the group (`low_margin`). Empty turns it off. Admins change it; operators read it.
 */
export function marginFloorCell(app: App, shop: Shop, isAdmin: boolean): HTMLTableCellElement {
  const error = h('span', { class: 'form-error small', role: 'alert' });
  const input = h('input', {
    type: 'text',
    inputMode: 'decimal',
    class: 'min-margin',
    'aria-label': `「${shop.name}」的最低利润率（%）`,
    placeholder: '不提醒',
    autocomplete: 'off',
    disabled: !isAdmin,
  });
  input.value = shop.min_margin_percent === null ? '' : String(shop.min_margin_percent);
  const save = async (): Promise<void> => {
    error.textContent = '';
    const typed = input.value.trim();
    const amount = typed === '' ? null : Number(typed);
    try {
      // The number as typed: the server refuses 100 % or more, or a negative one, in Chinese.
      const saved = await app.api.json<Shop>(`/api/shops/${shop.id}`, {
        method: 'PATCH',
        json: { min_margin_percent: amount === null || Number.isNaN(amount) ? typed || null : amount },
      });
      shop = saved;
      toast(saved.min_margin_percent === null ? `已关闭「${shop.name}」的最低利润率提醒` : `已保存「${shop.name}」的最低利润率 ${saved.min_margin_percent}%`);
    } catch (failure) {
      const sentences = failure instanceof ApiError ? (failure.errors ?? []).map((each) => each.message) : [];
      error.textContent = sentences.length > 0 ? sentences.join('；') : messageOf(failure);
    }
  };
  return h(
    'td',
    { class: 'margin-cell', 'data-min-margin': '' },
    h('label', { class: 'small' }, '最低利润率 ', input, ' %'),
    isAdmin ? h('button', { type: 'button', class: 'small primary', 'data-action': 'save-min-margin', onclick: () => void save() }, '保存') : null,
    h('div', { class: 'muted small' }, '低于它的商品在列表中标出，并提醒到群'),
    error,
  );
}
