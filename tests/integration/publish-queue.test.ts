import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unlimited } from '../fakes/ozon-products.ts';
import { insertPublishable, type ShopApp, startShopApp } from '../helpers/marketplace-app.ts';
import { PUBLIC_BASE } from '../helpers/publishable-product.ts';

type Queue = {
  total_products: number;
  total_cards: number;
  items: {
    product_id: string;
    position: number;
    cards: number;
    cards_before: number;
    goes_at: string;
    removable: boolean;
    shop_name: string;
    collected_title: string | null;
  }[];
};

/** Issue 32 items 7 and 8: what waits for the quota, in order and in cards; taking one out; the refusal that says it is queued. */
describe('the publish queue (GET /api/publish/queue, DELETE /api/publish/queue/{id})', () => {
  let app: ShopApp;
  beforeAll(async () => {
    app = await startShopApp({ PUBLIC_BASE_URL: PUBLIC_BASE });
  });
  afterAll(() => app.close());

  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.t.app.inject({ method, url, headers: app.t.auth, ...(payload ? { payload } : {}) });

  it('lists the waiting products in the order they go, counted in cards; a queued product is refused as queued; one taken out is closed with the reason', async () => {
    const resetAt = new Date(Date.now() + 6 * 3_600_000).toISOString();
    app.ozon.limits = { ...unlimited(), daily_create: { limit: 1, usage: 1, reset_at: resetAt } };
    // The first was collected on 1688: the queue names it by its Chinese title beside the Russian name (issue 32 item 9).
    const raw = { texts: [{ kind: 'title', content: '带盖收纳盒 三件套' }] };
    const [first, second] = [await insertPublishable(app.t, { raw }), await insertPublishable(app.t)];
    expect((await api('POST', '/api/publish', { shop_id: app.shopId, product_ids: [first.id, second.id] })).json().waiting).toEqual([first.id, second.id]);

    const queue = (await api('GET', '/api/publish/queue')).json<Queue>();
    // When the quota resets, as the marketplace's limits say (the fake rounds it to its day).
    const goesAt = (await api('GET', `/api/products/${first.id}/publish-history`)).json<{ items: { next_attempt_at: string }[] }>().items[0]!.next_attempt_at;
    expect(queue).toMatchObject({ total_products: 2, total_cards: 2 });
    expect(queue.items.map((item) => [item.product_id, item.position, item.cards, item.cards_before, item.goes_at, item.removable, item.shop_name])).toEqual([
      [first.id, 1, 1, 0, goesAt, true, 'Shop 123456'],
      [second.id, 2, 1, 1, goesAt, true, 'Shop 123456'],
    ]);
    expect(queue.items.map((item) => item.collected_title)).toEqual(['带盖收纳盒 三件套', null]);

    const again = await api('POST', `/api/products/${first.id}/publish`, { shop_id: app.shopId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'PUBLISH_QUEUED',
      detail: expect.stringContaining(`预计 ${goesAt.slice(0, 10)} ${goesAt.slice(11, 16)} UTC 自动发送`),
    });

    const removed = await api('DELETE', `/api/publish/queue/${first.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ removed: 1 });
    expect((await api('DELETE', `/api/publish/queue/${first.id}`)).json()).toEqual({ removed: 0 });
    expect((await api('GET', '/api/publish/queue')).json<Queue>().items.map((item) => [item.product_id, item.position, item.cards_before])).toEqual([
      [second.id, 1, 0],
    ]);
    const history = (await api('GET', `/api/products/${first.id}/publish-history`)).json<{ items: { status: string; errors: { description: string }[] }[] }>();
    expect(history.items[0]).toMatchObject({ status: 'failed', errors: [{ description: '卖家已把它移出发布队列，没有发送到平台' }] });
    // Out of the queue it can be published again: it waits for the quota once more.
    expect((await api('POST', `/api/products/${first.id}/publish`, { shop_id: app.shopId })).json()).toMatchObject({ status: 'waiting_quota' });
    app.ozon.limits = unlimited();
  });
});
