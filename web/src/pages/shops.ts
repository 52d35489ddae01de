import { messageOf } from '../api/client.ts';
import type { ShopList } from '../api/marketplace-types.ts';
import type { Screen } from '../app.ts';
import { h, mount } from '../lib/dom.ts';
import { keyExpiry, keyExpiryWarning } from '../../../src/domain/shops/key-expiry.ts';
import { shopForm } from '../shops/shop-form.ts';
import { shopRow } from '../shops/shop-row.ts';
import { publicAddressWarning } from '../shops/public-address-warning.ts';
import { webhookSection } from '../shops/webhooks.ts';
import { shell } from './layout.ts';

const COLUMNS = ['店铺', '币种', '状态', 'Key 到期', '今日配额', '仓库与库存', '最低利润率', '操作'] as const;

/** Shops: bind (admins), test, rotate the key, delete; status, key expiry and the marketplace's quotas. */
export const renderShops: Screen = (app, root) => {
  const isAdmin = app.sessions.current(new Date())?.user?.role !== 'operator';
  const warnings = h('div', { id: 'key-warnings' });
  // Group robots are admins' (the server answers operators 403).
  const webhooks = isAdmin ? webhookSection(app) : null;
  const body = h('tbody', null, h('tr', null, h('td', { colspan: COLUMNS.length, class: 'muted center' }, '正在加载…')));
  const reload = (): void => {
    app.api
      .json<ShopList>('/api/shops', { query: { page_size: 100 } })
      .then((list) => {
        webhooks?.setShops(list.items);
        const now = new Date();
        mount(
          warnings,
          list.items
            .map((shop) => keyExpiryWarning(shop.name, keyExpiry(shop.key_expires_at, now)))
            .filter((text): text is string => text !== null)
            .map((text) => h('p', { class: 'notice key-warning', role: 'alert' }, text)),
        );
        mount(
          body,
          list.items.length > 0
            ? list.items.map((shop) => shopRow(app, shop, isAdmin, reload))
            : h(
                'tr',
                null,
                h(
                  'td',
                  { colspan: COLUMNS.length, class: 'muted center' },
                  isAdmin ? '还没有店铺：在上面填写卖家后台的 Client-Id 和 API Key 绑定第一个店铺' : '还没有店铺，请管理员绑定',
                ),
              ),
        );
      })
      .catch((failure: unknown) => mount(body, h('tr', null, h('td', { colspan: COLUMNS.length, class: 'form-error center' }, messageOf(failure)))));
  };
  const table = h(
    'table',
    { class: 'list shops-table', id: 'shop-table' },
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        COLUMNS.map((title) => h('th', null, title)),
      ),
    ),
    body,
  );
  mount(
    root,
    shell(
      app,
      h('h1', null, '店铺'),
      publicAddressWarning(app),
      warnings,
      isAdmin ? shopForm(app, reload) : null,
      h('div', { class: 'card' }, table),
      h(
        'p',
        { class: 'muted small' },
        '平台的 API Key 约三个月过期，到期前 14 天会在这里提醒。配额来自平台：每天可新建和更新的商品数，以及店铺商品总数上限。商品在平台创建后，库存自动发往默认仓库（商品没有自己的销售库存时用默认库存，且不超过采集到的库存）。',
      ),
      webhooks?.element,
    ),
  );
  reload();
};
