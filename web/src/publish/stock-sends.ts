import { messageOf } from '../api/client.ts';
import type { ProductStock, WarehouseList } from '../api/marketplace-types.ts';
import type { App } from '../app.ts';
import { h, mount } from '../lib/dom.ts';
import { formatTime } from '../lib/format.ts';

const STATUS_LABELS: Readonly<Record<ProductStock['items'][number]['status'], string>> = {
  waiting: '等待发送',
  sent: '已发送',
  failed: '被平台拒绝',
  not_created: '等平台创建商品后发送',
};

/**
 * Where each offer's stock stands on each warehouse (docs/decisions.md, Stock), with the marketplace's refusals
 * explained in Chinese (a bulky product on an ordinary warehouse, a warehouse gone …).
 */
export function stockSends(app: App, productId: string): { readonly element: HTMLElement; reload(): void } {
  const body = h('div', { id: 'stock-sends' }, h('p', { class: 'muted small' }, '正在读取…'));
  /** Warehouse names by shop and id, from each shop's cached list (the id alone means nothing to a seller). */
  const warehouseNames = async (answer: ProductStock): Promise<Map<string, string>> => {
    const names = new Map<string, string>();
    const shops = [...new Set(answer.items.map((item) => item.shop_id))];
    await Promise.all(
      shops.map((shopId) =>
        app.api.json<WarehouseList>(`/api/shops/${shopId}/warehouses`).then(
          (list) => list.items.forEach((warehouse) => names.set(`${shopId}|${warehouse.warehouse_id}`, warehouse.name)),
          () => undefined, // unreachable marketplace: the ids stay
        ),
      ),
    );
    return names;
  };
  const reload = (): void => {
    app.api
      .json<ProductStock>(`/api/products/${productId}/stock`)
      .then(async (answer) => ({ answer, names: await warehouseNames(answer) }))
      .then(({ answer, names }) =>
        mount(
          body,
          answer.items.length === 0
            ? h('p', { class: 'muted small' }, '还没有发往仓库的库存：商品在平台创建后，库存会自动发往店铺的默认仓库')
            : h(
                'table',
                { class: 'list' },
                h(
                  'thead',
                  null,
                  h(
                    'tr',
                    null,
                    ['货号', '仓库', '库存', '状态', '说明'].map((title) => h('th', null, title)),
                  ),
                ),
                h(
                  'tbody',
                  null,
                  answer.items.map((item) =>
                    h(
                      'tr',
                      { 'data-stock-offer': item.offer_id, 'data-stock-status': item.status },
                      h('td', null, item.offer_id),
                      h('td', null, names.get(`${item.shop_id}|${item.warehouse_id}`) ?? String(item.warehouse_id)),
                      h('td', null, String(item.stock)),
                      h('td', null, STATUS_LABELS[item.status], item.sent_at ? h('div', { class: 'muted small' }, formatTime(item.sent_at)) : null),
                      h(
                        'td',
                        { class: 'stock-errors' },
                        item.errors.map((error) => h('div', null, `${error.explanation}（${error.code}）`)),
                      ),
                    ),
                  ),
                ),
              ),
        ),
      )
      .catch((error: unknown) => mount(body, h('p', { class: 'form-error' }, messageOf(error))));
  };
  reload();
  const element = h(
    'section',
    { class: 'card', id: 'stock-card' },
    h(
      'div',
      { class: 'toolbar' },
      h('h2', null, '仓库库存'),
      h('button', { type: 'button', class: 'small', 'data-action': 'reload-stock', onclick: reload }, '刷新'),
    ),
    body,
  );
  return { element, reload };
}
