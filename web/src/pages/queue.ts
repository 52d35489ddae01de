import type { Static } from '@sinclair/typebox';
import type { PublishQueueBody } from '../../../src/adapters/http/schemas/publish-queue.ts';
import { messageOf } from '../api/client.ts';
import type { Screen } from '../app.ts';
import { announce } from '../lib/announce.ts';
import { h, mount } from '../lib/dom.ts';
import { formatTime } from '../lib/format.ts';
import { toast } from '../lib/toast.ts';
import { publishBadge } from '../publish/status-labels.ts';
import { collectedTitleLine } from '../lib/collected-title.ts';
import { navLink, shell } from './layout.ts';

type Queue = Static<typeof PublishQueueBody>;
type QueueItem = Queue['items'][number];

const COLUMNS = ['顺序', '商品', '店铺', '卡片', '前面还有', '预计发送', '状态', '操作'] as const;
const REFRESH_MS = 10_000;

/**
 * The publish queue (issue 32 item 7): what waits for the quota or a retry, in the order it goes, with when each goes,
 * counted in cards (the quota counts cards: a product with three colours takes three); each can be taken out.
 */
export const renderQueue: Screen = (app, root) => {
  const summary = h('p', { id: 'queue-summary', class: 'muted' }, '正在加载…');
  const body = h('tbody', null, h('tr', null, h('td', { colspan: COLUMNS.length, class: 'muted center' }, '正在加载…')));
  let timer: ReturnType<typeof setTimeout> | undefined;

  const remove = async (item: QueueItem, button: HTMLButtonElement): Promise<void> => {
    if (!window.confirm(`把「${item.name}」移出发布队列？它的 ${item.cards} 张卡片不会发送，发布记录里记为「已移出」。`)) return;
    button.disabled = true;
    try {
      const { removed } = await app.api.json<{ removed: number }>(`/api/publish/queue/${item.product_id}`, { method: 'DELETE' });
      const text = removed > 0 ? `已把「${item.name}」移出发布队列（${removed} 张卡片）` : `「${item.name}」已不在队列中（可能刚刚发送）`;
      toast(text, 'info');
      announce(text);
    } catch (error) {
      toast(messageOf(error), 'error');
    }
    reload();
  };

  const row = (item: QueueItem): HTMLElement => {
    const button = h(
      'button',
      { type: 'button', class: 'small', 'data-action': 'withdraw', disabled: !item.removable, 'aria-label': `移出队列：${item.name}` },
      '移出队列',
    );
    button.addEventListener('click', () => void remove(item, button));
    return h(
      'tr',
      { 'data-product': item.product_id },
      h('td', { class: 'num' }, String(item.position)),
      h('td', null, navLink(app, item.name, { name: 'product', id: item.product_id, tab: 'publish' }), collectedTitleLine(item.collected_title, item.name)),
      h('td', null, item.shop_name ?? '已删除的店铺'),
      h('td', { class: 'num', 'data-cards': String(item.cards) }, `${item.cards} 张`),
      h('td', { class: 'num' }, `${item.cards_before} 张`),
      h('td', null, formatTime(item.goes_at)),
      h('td', null, publishBadge('waiting_quota', item.settling)),
      h('td', null, button, item.removable ? null : h('div', { class: 'muted small' }, item.settling ? '正在核对，不能移出' : '马上发送，不能移出')),
    );
  };

  const reload = (): void => {
    clearTimeout(timer);
    app.api
      .json<Queue>('/api/publish/queue')
      .then((queue) => {
        summary.textContent =
          queue.total_products === 0
            ? '队列是空的：没有等待配额或重试的商品。'
            : `共 ${queue.total_products} 件商品、${queue.total_cards} 张卡片在等待发送（平台按卡片计配额：有款式的商品每个启用的款式一张）。`;
        mount(
          body,
          queue.items.length > 0
            ? queue.items.map(row)
            : h(
                'tr',
                null,
                h('td', { colspan: COLUMNS.length, class: 'muted center' }, '没有排队的商品：超出今日配额或被限流的商品会在这里排队，到时自动发送'),
              ),
        );
      })
      .catch((error: unknown) => mount(body, h('tr', null, h('td', { colspan: COLUMNS.length, class: 'form-error center' }, messageOf(error)))))
      .finally(() => (timer = setTimeout(reload, REFRESH_MS)));
  };

  mount(
    root,
    shell(
      app,
      h('h1', null, '发布队列'),
      summary,
      h(
        'div',
        { class: 'card' },
        h(
          'table',
          { class: 'list', id: 'queue-table' },
          h(
            'thead',
            null,
            h(
              'tr',
              null,
              COLUMNS.map((title) => h('th', { scope: 'col' }, title)),
            ),
          ),
          body,
        ),
      ),
      h('p', { class: 'muted small' }, '队列按预计发送时间排序，服务到时自动发送，不用再点发布。移出的商品不会发送，之后可以重新发布。'),
    ),
  );
  reload();
  return () => clearTimeout(timer);
};
