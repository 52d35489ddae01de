import { messageOf } from '../api/client.ts';
import type { Shop, ShopTest } from '../api/marketplace-types.ts';
import type { App } from '../app.ts';
import { toast } from '../lib/toast.ts';

/**
 * Tests a shop's key against the marketplace (the free roles method) and tells the seller the outcome.
 * Resolves true when the key was accepted.
 */
export async function testShop(app: App, shop: Pick<Shop, 'id' | 'name'>): Promise<boolean> {
  try {
    const outcome = await app.api.json<ShopTest>(`/api/shops/${shop.id}/test`, { method: 'POST' });
    if (outcome.ok) {
      toast(`店铺「${shop.name}」连接正常`);
      return true;
    }
    toast(`店铺「${shop.name}」的 Key 被平台拒绝：${outcome.detail || outcome.reason}`, 'error');
    return false;
  } catch (error) {
    toast(`测试失败：${messageOf(error)}`, 'error');
    return false;
  }
}
