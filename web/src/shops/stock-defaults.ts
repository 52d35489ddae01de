import { ApiError, messageOf } from '../api/client.ts';
import type { Shop, WarehouseList } from '../api/marketplace-types.ts';
import type { App } from '../app.ts';
import { h, mount } from '../lib/dom.ts';
import { toast } from '../lib/toast.ts';

const kindOf = (warehouse: WarehouseList['items'][number]): string =>
  [warehouse.is_rfbs ? 'rFBS' : 'FBS', warehouse.is_kgt ? '大件（КГТ）' : null].filter(Boolean).join(' · ');

/**
 * A shop's warehouses and stock defaults (docs/decisions.md, Stock): the default warehouse stock goes to once the
 * marketplace creates a card, and the stock an offer without its own gets. Admins change them; operators read them.
 */
export function stockDefaultsCell(app: App, shop: Shop, isAdmin: boolean): HTMLTableCellElement {
  const cell = h('td', { class: 'stock-cell', 'data-stock-defaults': '' });
  if (shop.status !== 'active') {
    mount(cell, h('span', { class: 'muted small' }, '测试通过后设置'));
    return cell;
  }
  const error = h('span', { class: 'form-error small', role: 'alert' });
  const select = h(
    'select',
    { class: 'warehouse-select', 'aria-label': `「${shop.name}」的默认仓库`, disabled: !isAdmin },
    h('option', { value: '' }, '正在读取仓库…'),
  );
  const stock = h('input', {
    type: 'text',
    inputMode: 'numeric',
    class: 'default-stock',
    'aria-label': `「${shop.name}」的默认库存`,
    autocomplete: 'off',
    disabled: !isAdmin,
  });
  stock.value = String(shop.default_stock);
  const missing = h(
    'div',
    { class: 'notice small no-warehouse', hidden: shop.default_warehouse_id !== null },
    '未选默认仓库：商品在平台创建后不会自动发送库存',
  );

  const load = async (refresh: boolean): Promise<void> => {
    error.textContent = '';
    try {
      const list = await app.api.json<WarehouseList>(`/api/shops/${shop.id}/warehouses`, { query: refresh ? { refresh: '1' } : {} });
      mount(
        select,
        h('option', { value: '' }, '不自动发送库存'),
        list.items.map((warehouse) =>
          h(
            'option',
            { value: String(warehouse.warehouse_id), selected: warehouse.warehouse_id === shop.default_warehouse_id },
            `${warehouse.name}（${kindOf(warehouse)}）`,
          ),
        ),
      );
    } catch (failure) {
      mount(select, h('option', { value: '' }, '仓库读取失败'));
      error.textContent = failure instanceof ApiError && failure.status === 502 ? '平台暂时无法连接，仓库稍后再读' : messageOf(failure);
    }
  };
  const save = async (): Promise<void> => {
    error.textContent = '';
    const typed = stock.value.trim();
    const amount = typed === '' ? Number.NaN : Number(typed);
    try {
      const saved = await app.api.json<Shop>(`/api/shops/${shop.id}`, {
        method: 'PATCH',
        // The number as typed: the server refuses a negative or fractional stock in Chinese.
        json: { default_warehouse_id: select.value === '' ? null : Number(select.value), default_stock: Number.isNaN(amount) ? typed : amount },
      });
      shop = saved;
      missing.hidden = saved.default_warehouse_id !== null;
      toast(`已保存「${shop.name}」的默认仓库和库存`);
    } catch (failure) {
      const sentences = failure instanceof ApiError ? (failure.errors ?? []).map((each) => each.message) : [];
      error.textContent = sentences.length > 0 ? sentences.join('；') : messageOf(failure);
    }
  };
  mount(
    cell,
    h('label', { class: 'small' }, '默认仓库 ', select),
    h('label', { class: 'small' }, '默认库存 ', stock),
    isAdmin
      ? h(
          'div',
          { class: 'actions' },
          h('button', { type: 'button', class: 'small primary', 'data-action': 'save-stock', onclick: () => void save() }, '保存'),
          h('button', { type: 'button', class: 'small', 'data-action': 'refresh-warehouses', onclick: () => void load(true) }, '刷新仓库'),
        )
      : null,
    missing,
    error,
  );
  void load(false);
  return cell;
}
