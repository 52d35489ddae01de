import { describe, expect, it } from 'vitest';
import { SEND_SETTLE_MS } from '../../../src/application/publishing/reconcile-unanswered.ts';
import { RESEND_DELAY_MS } from '../../../src/application/publishing/send-publications.ts';
import { DomainError } from '../../../src/domain/common/errors.ts';
import { pollDelayMs } from '../../../src/domain/publishing/publish-task.ts';
import { type PublishKit, publishKit } from './publish-kit.ts';

const count = (kit: PublishKit, method: string) => kit.marketplace.calls.filter((call) => call === method).length;
const cut = () => new DomainError('upstream_failed', 'MARKETPLACE_UNREACHABLE', '无法连接 Ozon 接口，请检查网络后重试');
/** Offers the marketplace made cards from (each import it processed), in order. */
const processed = (kit: PublishKit) => [...kit.marketplace.tasks.values()].flatMap((task) => task.items.map((item) => item.offer_id));

/**
 * Publishes a product of three colours whose import's answer never arrives: `arrived` says whether the marketplace
 * took the request first (a connection cut after it was sent) or never saw it. The marketplace answers again after.
 */
async function unanswered(arrived: boolean) {
  const kit = publishKit();
  kit.marketplace.plan = { pendingPolls: 1, outcome: 'imported', declinedOffers: ['MUG-1-2'] };
  const shop = await kit.shopIn();
  const product = await kit.givenVariants(1);
  const importProducts = kit.marketplace.importProducts;
  kit.marketplace.importProducts = async (credentials, items) => {
    if (arrived) await importProducts(credentials, items);
    throw cut();
  };
  const record = await kit.publishProduct({ productId: product.id, shopId: shop.id });
  kit.marketplace.importProducts = importProducts;
  const records = async () =>
    (await kit.publishTasks.listByProduct(product.id, { page: 1, pageSize: 10 })).items.sort((a, b) => a.offer_id.localeCompare(b.offer_id));
  return { kit, product, record, records };
}

describe('reconcile sends whose answer was lost', () => {
  it('a request cut after it was sent is not undone: its colours wait marked, to be looked up', async () => {
    const { kit, record, records } = await unanswered(true);
    expect(record).toMatchObject({ status: 'waiting_quota', task_id: null, send_started_at: kit.clock.iso() });
    // Looked up when the import's first poll would have come, not after a resend's delay.
    expect((await records()).map((one) => [one.status, one.send_started_at, one.next_poll_at])).toEqual(
      Array(3).fill(['waiting_quota', kit.clock.iso(), new Date(kit.clock.now().getTime() + pollDelayMs(0)).toISOString()]),
    );
  });

  it('settles the colours from the cards that send made, looking again while they are made, and never sends them twice', async () => {
    const { kit, product, records } = await unanswered(true);
    kit.clock.advance(RESEND_DELAY_MS);
    await kit.pollPublishTasks();
    // Still being made: looked at again after the poll back-off.
    const making = await records();
    expect(making.map((one) => one.status)).toEqual(['waiting_quota', 'waiting_quota', 'waiting_quota']);
    kit.clock.advance(Date.parse(making[0]!.next_poll_at!) - kit.clock.now().getTime());
    await kit.pollPublishTasks();
    const settled = await records();
    expect(settled.map((one) => [one.offer_id, one.status, one.send_started_at])).toEqual([
      ['MUG-1-1', 'imported', null],
      ['MUG-1-2', 'failed', null],
      ['MUG-1-3', 'imported', null],
    ]);
    expect(settled[1]!.errors.map((error) => [error.code, error.attribute_id])).toEqual([['invalid_attribute_value', 10096]]);
    const stored = (await kit.products.findById(product.id))!;
    expect(stored.variants.map((variant) => [variant.status, variant.marketplace_product_id])).toEqual([
      ['imported', settled[0]!.marketplace_product_id],
      ['failed', null],
      ['imported', settled[2]!.marketplace_product_id],
    ]);
    expect(stored.stage).toBe('published');
    expect(processed(kit)).toEqual(['MUG-1-1', 'MUG-1-2', 'MUG-1-3']);
    // The one import is the request whose answer was lost.
    expect([count(kit, 'importProducts'), count(kit, 'cardsByOffer')]).toEqual([1, 2]);
  });

  it('a request that never arrived is sent again once it had time to show, then polled as usual', async () => {
    const { kit, product, records } = await unanswered(false);
    kit.marketplace.plan = { pendingPolls: 0, outcome: 'imported' };
    kit.clock.advance(RESEND_DELAY_MS);
    await kit.pollPublishTasks();
    // No card: looked at again on the poll back-off, sent again only once the send had time to show.
    expect((await records()).map((one) => one.next_poll_at)).toEqual(Array(3).fill(new Date(kit.clock.now().getTime() + pollDelayMs(1)).toISOString()));
    expect(processed(kit)).toEqual([]);
    kit.clock.advance(SEND_SETTLE_MS - RESEND_DELAY_MS);
    await kit.pollPublishTasks();
    expect((await records()).map((one) => one.status)).toEqual(['pending', 'pending', 'pending']);
    kit.clock.advance(1_000);
    await kit.pollPublishTasks();
    expect((await kit.products.findById(product.id))!.variants.map((variant) => variant.status)).toEqual(['imported', 'imported', 'imported']);
    expect(processed(kit)).toEqual(['MUG-1-1', 'MUG-1-2', 'MUG-1-3']);
  });

  it('every import that went out leaves exactly one publish_sent entry: a lost send once its cards are found, a resend when sent', async () => {
    // The lost send arrived: no entry at the request (no answer), one when the background sender finds its cards, none after.
    const found = await unanswered(true);
    expect(await found.kit.sentAudit()).toEqual([]);
    found.kit.clock.advance(RESEND_DELAY_MS);
    await found.kit.pollPublishTasks();
    expect(await found.kit.sentAudit()).toEqual([]); // cards still being made: not settled yet
    const making = await found.records();
    found.kit.clock.advance(Date.parse(making[0]!.next_poll_at!) - found.kit.clock.now().getTime());
    await found.kit.pollPublishTasks();
    found.kit.clock.advance(60 * 60_000);
    await found.kit.pollPublishTasks();
    expect(await found.kit.sentAudit()).toEqual(['MUG-1-1, MUG-1-2, MUG-1-3 → shop shop-active (answer lost, card found)']);

    // The lost send never arrived: the background sender's resend is the one import, with its one entry.
    const lost = await unanswered(false);
    lost.kit.marketplace.plan = { pendingPolls: 0, outcome: 'imported' };
    lost.kit.clock.advance(SEND_SETTLE_MS);
    await lost.kit.pollPublishTasks();
    lost.kit.clock.advance(60 * 60_000);
    await lost.kit.pollPublishTasks();
    const [task] = (await lost.records()).map((one) => one.task_id);
    expect(processed(lost.kit)).toEqual(['MUG-1-1', 'MUG-1-2', 'MUG-1-3']);
    expect(await lost.kit.sentAudit()).toEqual([`MUG-1-1, MUG-1-2, MUG-1-3 → shop shop-active (task ${task})`]);
  });

  it('while the marketplace cannot be asked, the colours wait a minute more, still marked', async () => {
    const { kit, records } = await unanswered(true);
    kit.clock.advance(RESEND_DELAY_MS);
    kit.marketplace.down = true;
    await kit.pollPublishTasks();
    kit.marketplace.down = false;
    const waiting = await records();
    expect(waiting.map((one) => [one.status, one.next_poll_at])).toEqual(
      Array(3).fill(['waiting_quota', new Date(kit.clock.now().getTime() + RESEND_DELAY_MS).toISOString()]),
    );
    expect(waiting.every((one) => one.send_started_at !== null)).toBe(true);
    expect(processed(kit)).toEqual(['MUG-1-1', 'MUG-1-2', 'MUG-1-3']);
  });

  it('a refusal the marketplace answered still undoes the request: nothing recorded', async () => {
    const kit = publishKit();
    const shop = await kit.shopIn();
    const product = await kit.givenVariants(1);
    kit.marketplace.importProducts = async () => {
      throw new DomainError('upstream_failed', 'MARKETPLACE_ERROR', 'Ozon 接口返回错误（HTTP 500）：internal');
    };
    await expect(kit.publishProduct({ productId: product.id, shopId: shop.id })).rejects.toMatchObject({ code: 'MARKETPLACE_ERROR' });
    expect((await kit.publishTasks.listByProduct(product.id, { page: 1, pageSize: 10 })).total).toBe(0);
  });
});
