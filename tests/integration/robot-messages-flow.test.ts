import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GroupRobotFakes, startGroupRobots } from '../fakes/group-robots.ts';
import { type FakeOzon, startFakeOzon } from '../fakes/ozon.ts';
import { GOOD_KEY, MARKET_SOON, bindActiveShop, insertPublishable, waitForFinalTask } from '../helpers/marketplace-app.ts';
import { PUBLIC_BASE } from '../helpers/publishable-product.ts';
import { type TestApp, startTestApp } from '../helpers/test-app.ts';

/**
 * As a new seller would try it (issue 33, Done when): a shop with a DingTalk robot (signature on); a card the
 * marketplace declines after it was on sale reaches the group once, in Chinese, with the name, the offer and a link,
 * and not again on the next sweeps.
 */
describe('a declined card in the group chat', () => {
  let ozon: FakeOzon;
  let robots: GroupRobotFakes;
  let t: TestApp;
  let shopId: string;

  beforeAll(async () => {
    [ozon, robots] = await Promise.all([startFakeOzon(), startGroupRobots()]);
    ozon.addKey('123456', GOOD_KEY);
    ozon.plan = { pendingPolls: 0, outcome: 'imported' };
    t = await startTestApp({
      env: {
        OZON_API_URL: ozon.url,
        ...MARKET_SOON,
        MARKET_RECHECK_MS: '100',
        WEBHOOK_IDLE: '100ms',
      },
    });
    shopId = await bindActiveShop(t);
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([ozon?.close(), robots?.close()]);
  });

  const api = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: t.auth, ...(payload ? { payload } : {}) });
  const until = async (check: () => Promise<boolean> | boolean, limitMs = 10_000): Promise<void> => {
    const deadline = Date.now() + limitMs;
    while (!(await check()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await check()).toBe(true);
  };
  const stateOf = async (productId: string) => (await api('GET', `/api/products/${productId}/market`)).json<{ market_state: string | null }>().market_state;

  it('tells the group once per episode, signed, through the robot', async () => {
    const added = await api('POST', `/api/shops/${shopId}/webhooks`, {
      kind: 'dingtalk',
      url: robots.dingtalk('ding-flow', 'SECflow'),
      secret: 'SECflow',
      kinds: ['declined'],
    });
    expect(added.statusCode).toBe(201);
    ozon.moderation.plan.moderationMs = 50;
    const product = await insertPublishable(t);
    ozon.moderation.stock.set(product.offer_id, 20);
    const sent = await api('POST', `/api/products/${product.id}/publish`, { shop_id: shopId });
    expect((await waitForFinalTask(t, sent.json<{ task_id: string }>().task_id)).status).toBe('imported');
    await until(async () => (await stateOf(product.id)) === 'on_sale');
    expect(robots.messages).toHaveLength(0);

    ozon.moderation.declineAfter(product.offer_id, 0);
    await until(() => robots.messages.length === 1);
    expect(robots.messages[0]).toEqual({
      kind: 'dingtalk',
      robot: 'ding-flow',
      text: `【Shop 123456】商品被平台拒绝：${product.name}\n货号 ${product.offer_id}：属性值超出允许范围，或不是平台字典中的值\n查看：${PUBLIC_BASE}/products/${product.id}`,
    });
    // Several rechecks later the state still holds: nothing more.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await stateOf(product.id)).toBe('declined');
    expect(robots.messages).toHaveLength(1);
    expect(robots.badSignatures).toBe(0);
  });
});
