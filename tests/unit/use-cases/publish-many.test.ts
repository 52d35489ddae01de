import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../src/domain/common/errors.ts';
import { pollDelayMs } from '../../../src/domain/publishing/publish-task.ts';
import { type PublishKit, publishKit } from './publish-kit.ts';

const RESET = '2026-11-26T00:00:00.000Z';
const createsLeft = (left: number) => ({
  daily_create: { limit: left, usage: 0, reset_at: RESET },
  daily_update: { limit: -1, usage: 0, reset_at: RESET },
  total: { limit: -1, usage: 0 },
});
const products = async (kit: PublishKit, count: number, from = 1) => Promise.all(Array.from({ length: count }, (_, index) => kit.givenProduct(from + index)));
const imports = (kit: PublishKit) => kit.marketplace.calls.filter((call) => call === 'importProducts').length;

describe('publish many (bulk publish)', () => {
  it('checks each product on its own: a refusal stops none of the others, and each product goes once', async () => {
    const kit = publishKit();
    const shop = await kit.shopIn();
    const [ok, other] = await products(kit, 2);
    const draft = await kit.givenProduct(3, { stage: 'editing' });
    const result = await kit.publishMany({ shopId: shop.id, productIds: [ok!.id, 'nope', draft.id, other!.id, ok!.id] });
    expect(result.tasks).toEqual([{ task_id: expect.stringMatching(/^\d+$/), product_ids: [ok!.id, other!.id] }]);
    expect(result.waiting).toEqual([]);
    expect(result.refused).toEqual([
      { product_id: 'nope', errors: [{ path: 'product_id', message: '商品不存在' }] },
      { product_id: draft.id, errors: [{ path: 'stage', message: expect.stringContaining('待上架') }] },
    ]);
    expect(kit.sentItems(result.tasks[0]!.task_id).map((item) => item.offer_id)).toEqual(['BOX-1', 'BOX-2']);
    expect((await kit.publishTasks.listByTask(result.tasks[0]!.task_id)).map((record) => record.status)).toEqual(['pending', 'pending']);
    expect(await kit.publishTasks.listByProduct(draft.id, { page: 1, pageSize: 10 })).toEqual({ total: 0, items: [] });
  });

  it("sends at most 100 cards per import, keeping a product's colours in one request", async () => {
    const kit = publishKit();
    const shop = await kit.shopIn();
    const plain = await products(kit, 98);
    const mug = await kit.givenVariants(99);
    const result = await kit.publishMany({ shopId: shop.id, productIds: [...plain.map((product) => product.id), mug.id] });
    expect(result.tasks.map((task) => kit.sentItems(task.task_id).length)).toEqual([98, 3]);
    expect(result.tasks[1]).toEqual({ task_id: expect.any(String), product_ids: [mug.id] });
    expect(imports(kit)).toBe(2);
  });

  it('sends what fits the daily quota and names the rest once each as waiting for the reset', async () => {
    const kit = publishKit();
    kit.marketplace.limits = createsLeft(2);
    const shop = await kit.shopIn();
    const [first, second] = await products(kit, 2);
    const mug = await kit.givenVariants(3);
    const result = await kit.publishMany({ shopId: shop.id, productIds: [first!.id, second!.id, mug.id] });
    expect(result.tasks.map((task) => task.product_ids)).toEqual([[first!.id, second!.id]]);
    expect(result.waiting).toEqual([mug.id]);
    expect(result.settling).toEqual([]);
    const { items } = await kit.publishTasks.listByProduct(mug.id, { page: 1, pageSize: 10 });
    expect(items.map((record) => [record.status, record.task_id, record.next_poll_at])).toEqual(Array(3).fill(['waiting_quota', null, RESET]));
    expect((await kit.products.findById(mug.id))?.variants.map((variant) => variant.status)).toEqual(Array(3).fill('waiting_quota'));
    expect(kit.sentItems(result.tasks[0]!.task_id)).toHaveLength(2);
  });

  it('holds back new cards beyond their category’s quota like the daily one, and the marketplace counts those sent', async () => {
    const kit = publishKit();
    const category = 17028922; // the publishable product's description category
    kit.marketplace.limits = {
      ...createsLeft(-1),
      total: { limit: -1, usage: 0, quota_by_category: { category_id: category, limit: 5, usage: 2 } },
    };
    const shop = await kit.shopIn();
    const [first, second] = await products(kit, 2);
    const mug = await kit.givenVariants(3); // three new cards: more than the one left after the first two
    const result = await kit.publishMany({ shopId: shop.id, productIds: [first!.id, mug.id, second!.id] });
    expect(result.tasks.map((task) => task.product_ids)).toEqual([[first!.id, second!.id]]);
    expect(result.waiting).toEqual([mug.id]);
    const { items } = await kit.publishTasks.listByProduct(mug.id, { page: 1, pageSize: 10 });
    expect(items.map((record) => record.status)).toEqual(Array(3).fill('waiting_quota'));
    expect(kit.marketplace.limits.total.quota_by_category).toEqual({ category_id: category, limit: 5, usage: 4 });
  });

  it('names a product whose import went out unanswered as waiting and settling (looked up, not sent again); one over the quota only as waiting', async () => {
    const kit = publishKit();
    kit.marketplace.limits = createsLeft(1);
    const shop = await kit.shopIn();
    const [sent, over] = await products(kit, 2);
    const importProducts = kit.marketplace.importProducts;
    kit.marketplace.importProducts = async (credentials, items) => {
      await importProducts(credentials, items);
      throw new DomainError('upstream_failed', 'MARKETPLACE_UNREACHABLE', '无法连接 Ozon 接口，请检查网络后重试');
    };
    const result = await kit.publishMany({ shopId: shop.id, productIds: [sent!.id, over!.id] });
    expect(result).toEqual({
      tasks: [],
      waiting: [over!.id, sent!.id],
      settling: [sent!.id],
      refused: [],
      products: [sent!, over!].map((p) => ({ product_id: p.id, existing: false })),
    });
  });

  it('records nothing when the marketplace is down before anything went out (502)', async () => {
    const kit = publishKit();
    const shop = await kit.shopIn();
    const [first, second] = await products(kit, 2);
    kit.marketplace.down = true;
    await expect(kit.publishMany({ shopId: shop.id, productIds: [first!.id, second!.id] })).rejects.toMatchObject({ kind: 'upstream_failed' });
    expect((await kit.publishTasks.listDue('2100-01-01T00:00:00.000Z', 10)).length).toBe(0);
    expect(kit.notified).toEqual([]);
  });

  it('keeps what went out when a later import fails: the rest are looked up by themselves (the failure may have reached it)', async () => {
    const kit = publishKit();
    const shop = await kit.shopIn();
    const all = await products(kit, 101);
    const importProducts = kit.marketplace.importProducts;
    kit.marketplace.importProducts = async (credentials, items) => {
      const sent = await importProducts(credentials, items);
      kit.marketplace.down = true;
      return sent;
    };
    const result = await kit.publishMany({ shopId: shop.id, productIds: all.map((product) => product.id) });
    expect(result.tasks.map((task) => task.product_ids.length)).toEqual([100]);
    expect([result.waiting, result.settling]).toEqual([[all[100]!.id], [all[100]!.id]]);
    const [late] = (await kit.publishTasks.listByProduct(all[100]!.id, { page: 1, pageSize: 1 })).items;
    const lookupAt = new Date(kit.clock.now().getTime() + pollDelayMs(0)).toISOString();
    expect(late).toMatchObject({ status: 'waiting_quota', next_poll_at: lookupAt, send_started_at: kit.clock.iso() });
  });

  it('an Item-Retry-After holds that import and every later one until the marketplace allows more', async () => {
    const kit = publishKit();
    const shop = await kit.shopIn();
    const all = await products(kit, 150);
    kit.marketplace.itemLimitNext(1, 30);
    const result = await kit.publishMany({ shopId: shop.id, productIds: all.map((product) => product.id) });
    expect([result.tasks, result.waiting.length]).toEqual([[], 150]);
    const due = await kit.publishTasks.listDue('2100-01-01T00:00:00.000Z', 200, ['waiting_quota']);
    expect(new Set(due.map((record) => record.next_poll_at))).toEqual(new Set([new Date(kit.clock.now().getTime() + 30 * 60_000).toISOString()]));
    expect(imports(kit)).toBe(1);
  });

  it('publishes only through a shop that exists and has passed its test', async () => {
    const kit = publishKit();
    const [product] = await products(kit, 1);
    await expect(kit.publishMany({ shopId: 'nope', productIds: [product!.id] })).rejects.toMatchObject({ kind: 'not_found', code: 'SHOP_NOT_FOUND' });
    const unverified = await kit.shopIn('unverified');
    await expect(kit.publishMany({ shopId: unverified.id, productIds: [product!.id] })).rejects.toMatchObject({ kind: 'conflict', code: 'SHOP_NOT_ACTIVE' });
    expect(kit.marketplace.calls).toEqual([]);
  });
});
