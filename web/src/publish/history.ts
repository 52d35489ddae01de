import { messageOf } from '../api/client.ts';
import type { PublishHistory, ShopList } from '../api/marketplace-types.ts';
import type { App } from '../app.ts';
import { h, mount } from '../lib/dom.ts';
import { formatTime } from '../lib/format.ts';
import { importErrors } from './import-errors.ts';
import { OPERATION_LABELS, publishBadge, settlingNote } from './status-labels.ts';

/** A product's publish attempts, newest first, with the marketplace's errors of each; `onItems` hears each page read. */
export function publishHistory(
  app: App,
  productId: string,
  onItems: (items: PublishHistory['items']) => void = () => undefined,
): { element: HTMLElement; reload(): void } {
  const body = h('tbody');
  const element = h(
    'div',
    { class: 'publish-history', id: 'publish-history' },
    h('h2', null, '发布记录'),
    h(
      'table',
      { class: 'list' },
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          ['时间', '店铺', '内容', '状态', '平台商品 ID', '平台反馈'].map((title) => h('th', null, title)),
        ),
      ),
      body,
    ),
  );
  const reload = (): void => {
    Promise.all([
      app.api.json<PublishHistory>(`/api/products/${productId}/publish-history`, { query: { page_size: 20 } }),
      app.api.json<ShopList>('/api/shops', { query: { page_size: 100 } }),
    ])
      .then(([history, shops]) => {
        const names = new Map(shops.items.map((shop) => [shop.id, shop.name]));
        onItems(history.items);
        mount(
          body,
          history.items.length === 0
            ? h('tr', null, h('td', { colspan: 6, class: 'muted center' }, '还没有发布过'))
            : history.items.map((task) =>
                h(
                  'tr',
                  { 'data-task-id': task.task_id ?? '' },
                  h('td', { class: 'muted' }, formatTime(task.created_at)),
                  h('td', null, names.get(task.shop_id) ?? '已删除的店铺'),
                  h(
                    'td',
                    { class: 'small' },
                    OPERATION_LABELS[task.operation],
                    h('div', { class: 'muted' }, task.task_id ? `任务 ${task.task_id}` : task.settling ? '已发送，未收到回复' : '尚未发送'),
                  ),
                  h(
                    'td',
                    null,
                    publishBadge(task.status, task.settling),
                    task.settling
                      ? settlingNote(task.next_attempt_at)
                      : task.status === 'waiting_quota' && task.next_attempt_at
                        ? h('div', { class: 'muted small' }, `预计 ${formatTime(task.next_attempt_at)} 发送`)
                        : null,
                  ),
                  h('td', null, task.marketplace_product_id ?? '—'),
                  h('td', null, importErrors(task.errors) ?? h('span', { class: 'muted' }, '—')),
                ),
              ),
        );
      })
      .catch((error: unknown) => mount(body, h('tr', null, h('td', { colspan: 6, class: 'form-error' }, messageOf(error)))));
  };
  reload();
  return { element, reload };
}
