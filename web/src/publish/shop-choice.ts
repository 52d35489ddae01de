import { messageOf } from '../api/client.ts';
import type { Shop, ShopLimits, ShopList } from '../api/marketplace-types.ts';
import type { App } from '../app.ts';
import { h, mount } from '../lib/dom.ts';
import { navLink } from '../pages/layout.ts';
import { keyExpiry, keyExpiryWarning } from '../../../src/domain/shops/key-expiry.ts';
import { showQuota } from '../shops/quota.ts';

const REMEMBERED = 'lws.publish-shop';

export type ShopChoice = {
  readonly element: HTMLElement;
  /** The chosen active shop, null while loading or when none is active. */
  current(): Shop | null;
  /** The chosen shop's quota as last read (null when unknown). */
  limits(): ShopLimits | null;
  /** Reads the quota again (after a publish). */
  refreshQuota(): Promise<void>;
};

/**
 * The shop to publish through: only tested (active) shops, the last one chosen remembered, its quota and key
 * expiry shown underneath. `onChange` runs once loaded and after every change.
 */
export function shopChoice(app: App, onChange: (shop: Shop | null) => void, onQuota?: (limits: ShopLimits | null) => void): ShopChoice {
  let shops: Shop[] = [];
  let chosen: Shop | null = null;
  let limits: ShopLimits | null = null;
  const select = h('select', { id: 'publish-shop', 'aria-label': '发布店铺' });
  const quota = h('div', { id: 'publish-quota', class: 'publish-quota' });
  const note = h('div', { class: 'shop-note' });
  const element = h('div', { class: 'shop-choice' }, h('label', { for: 'publish-shop' }, '发布到店铺'), select, note, quota);

  const refreshQuota = async (): Promise<void> => {
    limits = chosen ? await showQuota(app, chosen.id, quota) : null;
    onQuota?.(limits);
  };
  const choose = (shop: Shop | null): void => {
    chosen = shop;
    limits = null;
    if (shop) localStorage.setItem(REMEMBERED, shop.id);
    const warning = shop ? keyExpiryWarning(shop.name, keyExpiry(shop.key_expires_at, new Date())) : null;
    mount(note, warning ? h('p', { class: 'notice small', role: 'alert' }, warning) : null);
    mount(quota);
    void refreshQuota();
    onChange(shop);
  };
  select.addEventListener('change', () => choose(shops.find((shop) => shop.id === select.value) ?? null));

  app.api
    .json<ShopList>('/api/shops', { query: { page_size: 100 } })
    .then((list) => {
      shops = list.items.filter((shop) => shop.status === 'active');
      if (shops.length === 0) {
        select.hidden = true;
        const others = list.items.length > 0 ? '已绑定的店铺都还没有通过测试。' : '还没有绑定店铺。';
        choose(null);
        mount(note, h('p', { class: 'notice' }, others, navLink(app, '去店铺页绑定或测试 →', { name: 'shops' })));
        return;
      }
      mount(
        select,
        shops.map((shop) => h('option', { value: shop.id }, `${shop.name}（${shop.currency_code}）`)),
      );
      const remembered = shops.find((shop) => shop.id === localStorage.getItem(REMEMBERED)) ?? shops[0] ?? null;
      select.value = remembered?.id ?? '';
      choose(remembered);
    })
    .catch((error: unknown) => mount(note, h('p', { class: 'form-error' }, messageOf(error))));

  return { element, current: () => chosen, limits: () => limits, refreshQuota };
}
