import { type Clock } from '../ports/clock.ts';
import { type ShopRepository } from '../ports/shop-repository.ts';
import { keyExpiry } from '../../domain/shops/key-expiry.ts';
import { type Shop } from '../../domain/shops/shop.ts';
import { type Notifier } from './notifier.ts';

export type ShopWatch = {
  /** After a shop test (or in the sweep): `key_expiring` while its key expires within 14 days, cleared otherwise. */
  checkKey(shop: Shop): Promise<void>;
  /** Every shop's key, as time passes without a test. */
  sweepKeys(): Promise<void>;
  /** After a send's quota split: `quota_used_up` while new cards wait for the daily reset, cleared once they fit. */
  createQuota(shop: Shop, state: { readonly waitingProducts: number; readonly resetAt: string }): Promise<void>;
};

const PAGE = 200;
/** Beijing time: the sellers' clock, for the reset time in the message. */
const beijing = (iso: string): string =>
  new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });

/** The shop-level notifications this service produces itself (docs/decisions.md, Notifications). */
export function makeShopWatch({ shops, notifier, clock }: { readonly shops: ShopRepository; readonly notifier: Notifier; readonly clock: Clock }): ShopWatch {
  const checkKey = async (shop: Shop): Promise<void> => {
    const expiry = keyExpiry(shop.key_expires_at, clock.now());
    const subject = { kind: 'key_expiring', shopId: shop.id } as const;
    if (expiry.level === 'soon' || expiry.level === 'expired') {
      const when = expiry.level === 'expired' ? '已过期' : `将在 ${expiry.daysLeft} 天后（${beijing(expiry.at)}）过期`;
      await notifier.notify({ ...subject, reason: `店铺 API Key ${when}，请在 Ozon 卖家后台生成新 Key 并在本服务更换。` });
    } else await notifier.clear(subject);
  };
  const sweepKeys = async (): Promise<void> => {
    for (let page = 1; ; page += 1) {
      const { items } = await shops.list({ page, pageSize: PAGE });
      for (const shop of items) await checkKey(shop);
      if (items.length < PAGE) return;
    }
  };
  return {
    checkKey,
    sweepKeys,
    async createQuota(shop, { waitingProducts, resetAt }) {
      const subject = { kind: 'quota_used_up', shopId: shop.id } as const;
      if (waitingProducts > 0)
        await notifier.notify({
          ...subject,
          reason: `今日新建商品额度已用完，${waitingProducts} 个商品等待发布，将在额度重置后（约 ${beijing(resetAt)}）自动发布。`,
        });
      else await notifier.clear(subject);
    },
  };
}
