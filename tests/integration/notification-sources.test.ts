import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unlimited } from '../fakes/ozon-products.ts';
import { insertPublishable, type ShopApp, startShopApp } from '../helpers/marketplace-app.ts';
import { PUBLIC_BASE } from '../helpers/publishable-product.ts';

type Item = { kind: string; shop_id: string; title: string; detail: string };
const DAY = 86_400_000;
const until = async (check: () => Promise<boolean>, limitMs = 15_000): Promise<void> => {
  const deadline = Date.now() + limitMs;
  while (!(await check()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
};

describe('notifications the service produces itself: key_expiring and quota_used_up', () => {
  let app: ShopApp;
  beforeAll(async () => {
    app = await startShopApp({ PUBLIC_BASE_URL: PUBLIC_BASE });
  });
  afterAll(() => app.close());

  const ofKind = async (kind: string): Promise<Item[]> => {
    const response = await app.t.app.inject({ method: 'GET', url: '/api/notifications?page_size=200', headers: app.t.auth });
    return response.json<{ items: Item[] }>().items.filter((item) => item.kind === kind);
  };
  const testShop = async () => {
    const response = await app.t.app.inject({ method: 'POST', url: `/api/shops/${app.shopId}/test`, headers: app.t.auth });
    expect(response.statusCode).toBe(200);
  };

  it('notifies once when a test finds the key expiring within 14 days, again only after a good key came between', async () => {
    app.ozon.keyExpiresAt = new Date(Date.now() + 10 * DAY - 60_000).toISOString();
    await testShop();
    await testShop();
    let items = await ofKind('key_expiring');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ shop_id: app.shopId, title: expect.stringContaining('店铺 API Key 即将过期') });
    expect(items[0]!.detail).toMatch(/^店铺 API Key 将在 10 天后（.+）过期/);
    // The sweep (hourly, and at start) sees the same state: nothing more.
    await app.t.container.cradle.shopWatch.sweepKeys();
    expect(await ofKind('key_expiring')).toHaveLength(1);

    app.ozon.keyExpiresAt = new Date(Date.now() + 90 * DAY).toISOString();
    await testShop();
    app.ozon.keyExpiresAt = new Date(Date.now() + 3 * DAY).toISOString();
    await testShop();
    items = await ofKind('key_expiring');
    expect(items).toHaveLength(2);
  });

  it('names the product and its offer when a sweep tells only ids (the moderation sweep knows offers, not names)', async () => {
    const product = await insertPublishable(app.t);
    expect(await app.t.container.cradle.notifier.notify({ kind: 'declined', shopId: app.shopId, productId: product.id })).toBe(true);
    const [item] = await ofKind('declined');
    expect(item).toMatchObject({ title: `商品被平台拒绝：${product.name}`, detail: `货号 ${product.offer_id}：平台审核未通过，请按错误说明修改后重新发布。` });
  });

  it('tracks a sweep’s look: once while a state holds, ended when it stops, told again when it returns — past one statement’s keys', async () => {
    const { notifier } = app.t.container.cradle;
    const product = await insertPublishable(app.t);
    const total = async () =>
      (await app.t.app.inject({ method: 'GET', url: '/api/notifications?page_size=1', headers: app.t.auth })).json<{ total: number }>().total;
    const before = await total();
    // 600 variants' states in one look: more keys than one statement takes (500).
    const events = Array.from({ length: 600 }, (_, n) => ({ kind: 'no_stock' as const, shopId: app.shopId, productId: product.id, variantId: `v-${n}` }));
    const look = (holds: (n: number) => boolean) => notifier.track(events.map((event, n) => ({ event, holds: holds(n) })));
    await look(() => true);
    await look(() => true);
    expect(await total()).toBe(before + 600);
    // All but the first end while the first still holds; then all hold again: the 599 that ended are told again.
    await look((n) => n === 0);
    expect(await total()).toBe(before + 600);
    await look(() => true);
    expect(await total()).toBe(before + 600 + 599);
  });

  it('notifies once when new cards wait for the daily create quota, and clears when they went out', async () => {
    const { ozon, t, shopId } = app;
    ozon.plan = { pendingPolls: 0, outcome: 'imported' };
    ozon.limits = { ...unlimited(), daily_create: { limit: 2, usage: 1, reset_at: new Date(Date.now() + 60_000).toISOString() } };
    const products = await Promise.all(Array.from({ length: 3 }, () => insertPublishable(t)));
    const bulk = (ids: string[]) => t.app.inject({ method: 'POST', url: '/api/publish', headers: t.auth, payload: { shop_id: shopId, product_ids: ids } });
    expect((await bulk(products.map((p) => p.id))).json<{ waiting: string[] }>().waiting).toHaveLength(2);
    const more = await insertPublishable(t);
    await bulk([more.id]);
    const items = await ofKind('quota_used_up');
    expect(items).toHaveLength(1);
    expect(items[0]!.detail).toMatch(/^今日新建商品额度已用完，2 个商品等待发布/);

    // The day turns over: the waiting ones go out by themselves and the episode ends.
    ozon.limits = unlimited();
    await t.container.cradle.db.updateTable('publish_tasks').set({ next_poll_at: new Date().toISOString() }).where('status', '=', 'waiting_quota').execute();
    t.container.cradle.publishPoller.nudge();
    await until(
      async () => (await t.container.cradle.db.selectFrom('publish_tasks').select('id').where('status', '=', 'waiting_quota').execute()).length === 0,
    );
    await until(
      async () =>
        (await t.container.cradle.db.selectFrom('notifications').select('id').where('open_key', '=', `quota_used_up|${shopId}||`).execute()).length === 0,
    );
    expect(await t.container.cradle.notifier.notify({ kind: 'quota_used_up', shopId })).toBe(true);
  });
});
