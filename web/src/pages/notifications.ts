import { messageOf } from '../api/client.ts';
import type { NotificationItem, NotificationPage } from '../api/notification-types.ts';
import type { Screen } from '../app.ts';
import { h, mount } from '../lib/dom.ts';
import { formatTime } from '../lib/format.ts';
import { toast } from '../lib/toast.ts';
import { showUnread } from '../notifications/bell.ts';
import { NOTIFICATION_KIND_LABELS } from '../../../src/domain/notifications/notification.ts';
import { navLink, shell } from './layout.ts';

const PAGE_SIZE = 50;

/** The bell's list (docs/decisions.md, Notifications): newest first, all or unread only, mark one or all read. */
export const renderNotifications: Screen = (app, root, route) => {
  const unreadOnly = route.name === 'notifications' && route.unread;
  const list = h('ol', { class: 'notification-list', id: 'notification-list', 'aria-live': 'polite' }, h('li', { class: 'muted' }, '正在加载…'));
  const summary = h('p', { class: 'muted small', id: 'notification-summary' });
  const more = h('button', { type: 'button', class: 'small', id: 'notification-more', hidden: true }, '加载更多');
  let page = 1;
  let shown: NotificationItem[] = [];

  const markRead = async (json: { ids: string[] } | { all: true }): Promise<void> => {
    try {
      const { unread } = await app.api.json<{ updated: number; unread: number }>('/api/notifications/read', { method: 'POST', json });
      showUnread(unread);
      shown = shown.map((item) => ('all' in json || json.ids.includes(item.id) ? { ...item, read: true } : item));
      if (unreadOnly) shown = shown.filter((item) => !item.read);
      draw(unread);
    } catch (failure) {
      toast(`标记失败：${messageOf(failure)}`, 'error');
    }
  };

  const row = (item: NotificationItem): HTMLLIElement =>
    h(
      'li',
      { class: item.read ? 'notification read' : 'notification unread', 'data-kind': item.kind, 'data-id': item.id },
      h(
        'div',
        { class: 'notification-head' },
        h('span', { class: `badge ${item.read ? 'badge-ok' : 'badge-warn'}` }, item.read ? '已读' : '未读'),
        h('span', { class: 'notification-kind' }, NOTIFICATION_KIND_LABELS[item.kind]),
        h('time', { class: 'muted small', dateTime: item.at }, formatTime(item.at)),
      ),
      h('p', { class: 'notification-title' }, item.title),
      h('p', { class: 'notification-detail' }, item.detail),
      h(
        'div',
        { class: 'notification-actions' },
        item.product_id ? navLink(app, '查看商品', { name: 'product', id: item.product_id, tab: 'publish' }, { class: 'small' }) : null,
        item.read ? null : h('button', { type: 'button', class: 'small', 'data-action': 'read', onclick: () => void markRead({ ids: [item.id] }) }, '标为已读'),
      ),
    );

  const draw = (unread: number): void => {
    summary.textContent = unread > 0 ? `${unread} 条未读` : '没有未读提醒';
    mount(
      list,
      shown.length > 0
        ? shown.map(row)
        : h(
            'li',
            { class: 'muted' },
            unreadOnly ? '没有未读提醒。' : '还没有提醒：商品被拒、价格指数变红、在售无库存、利润率过低、Key 将过期或额度用完时会出现在这里。',
          ),
    );
  };

  const load = async (): Promise<void> => {
    try {
      const result = await app.api.json<NotificationPage>('/api/notifications', {
        query: { page, page_size: PAGE_SIZE, unread: unreadOnly ? 'true' : undefined },
      });
      shown = [...shown, ...result.items];
      more.hidden = shown.length >= result.total;
      showUnread(result.unread);
      draw(result.unread);
    } catch (failure) {
      mount(list, h('li', { class: 'form-error' }, messageOf(failure)));
    }
  };
  more.addEventListener('click', () => {
    page += 1;
    void load();
  });

  const tabs = h(
    'div',
    { class: 'tabs', role: 'navigation', 'aria-label': '提醒筛选' },
    navLink(
      app,
      '全部',
      { name: 'notifications', unread: false },
      { class: unreadOnly ? 'tab' : 'tab active', 'aria-current': unreadOnly ? undefined : 'page' },
    ),
    navLink(
      app,
      '未读',
      { name: 'notifications', unread: true },
      { class: unreadOnly ? 'tab active' : 'tab', 'aria-current': unreadOnly ? 'page' : undefined },
    ),
  );
  mount(
    root,
    shell(
      app,
      h('h1', null, '提醒'),
      tabs,
      h(
        'div',
        { class: 'toolbar' },
        summary,
        h('button', { type: 'button', class: 'small', id: 'notification-read-all', onclick: () => void markRead({ all: true }) }, '全部标为已读'),
      ),
      h('div', { class: 'card' }, list, more),
      h(
        'p',
        { class: 'muted small' },
        '同一件事持续期间只提醒一次；情况恢复后再次出现会重新提醒。管理员可在「店铺」页为每个店铺添加企业微信、钉钉或飞书群机器人，把提醒发到群里。',
      ),
    ),
  );
  void load();
};
