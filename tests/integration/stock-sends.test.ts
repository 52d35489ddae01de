import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases.ts';
import { KGT_WAREHOUSE, type StockKit, WAREHOUSE, created, publishedSingle, publishedVariants, startStockKit } from '../helpers/stock-kit.ts';

/**
 * Stock sends end to end below HTTP (docs/decisions.md, Stock): the trigger the moderation sweep calls, the durable
 * records, the sender's pass over the real Seller API adapter and the fake marketplace, on every database. The clock is
 * moved by hand: no test waits the marketplace's 30 s.
 */
describe.each(testDatabases())('stock sends on $name', (database) => {
  let kit: StockKit;
  beforeEach(async () => {
    kit = await startStockKit(database);
  });
  afterEach(async () => kit.close());

  const statusOf = async (productId: string) => (await kit.stockSends.listByProduct(productId)).map((send) => [send.offer_id, send.status, send.stock]);

  it('sends the default stock of created offers to the default warehouse by itself, capped by a known collected stock', async () => {
    const single = await publishedSingle(kit, 'ST-SINGLE');
    const typed = await publishedSingle(kit, 'ST-TYPED', 500);
    const colours = await publishedVariants(kit, 'ST-COL', [5, null, 100]);
    const outcome = await created(kit, ['ST-SINGLE', 'ST-TYPED', 'ST-COL-1', 'ST-COL-2', 'ST-COL-3', 'ST-UNKNOWN']);
    expect(outcome).toEqual({ queued: 5, released: 0, unknown: 1, noWarehouse: false });
    expect(await kit.send()).toEqual({ claimed: 5, wakeAt: undefined });

    expect(Object.fromEntries(kit.ozon.stockBook.stocks)).toEqual({
      [`ST-SINGLE|${WAREHOUSE}`]: 20,
      [`ST-TYPED|${WAREHOUSE}`]: 500,
      [`ST-COL-1|${WAREHOUSE}`]: 5,
      [`ST-COL-2|${WAREHOUSE}`]: 20,
      [`ST-COL-3|${WAREHOUSE}`]: 20,
    });
    expect(kit.ozon.stockBook.stockRequests).toBe(1);
    expect(await statusOf(single.id)).toEqual([['ST-SINGLE', 'sent', 20]]);
    expect(await statusOf(typed.id)).toEqual([['ST-TYPED', 'sent', 500]]);
    expect((await statusOf(colours.id)).sort()).toEqual([
      ['ST-COL-1', 'sent', 5],
      ['ST-COL-2', 'sent', 20],
      ['ST-COL-3', 'sent', 20],
    ]);
    // Told again (a sweep restarted): nothing new is queued or sent.
    expect((await created(kit, ['ST-SINGLE'])).queued).toBe(0);
    expect(await kit.send()).toEqual({ claimed: 0, wakeAt: undefined });
    expect(kit.ozon.stockBook.stockRequests).toBe(1);
    expect(kit.ozon.stockBook.schemaViolations).toEqual([]);
  });

  it('sends a changed value again, never a pair twice within 30 s, the newest value winning', async () => {
    const product = await publishedSingle(kit, 'ST-AGAIN');
    await created(kit, ['ST-AGAIN']);
    await kit.send();
    const edit = async (stock: number) => {
      const current = (await kit.products.findById(product.id))!;
      const next = { ...current, sale_stock: stock, version: current.version + 1 };
      await kit.products.update(next, current.version);
      return kit.requeue(next);
    };
    expect(await edit(7)).toBe(1);
    kit.advance(10_000);
    await kit.send();
    expect(await edit(9)).toBe(1); // replaces the waiting 7
    kit.advance(10_000);
    await kit.send();
    expect(kit.ozon.stockBook.stocks.get(`ST-AGAIN|${WAREHOUSE}`)).toBe(20);
    expect(await kit.stockSends.nextDueAt()).toBe('2026-11-27T10:00:30.000Z');
    kit.advance(10_000);
    await kit.send();
    expect(kit.ozon.stockBook.received.map((pair) => [pair.stock, pair.error ?? 'ok'])).toEqual([
      [20, 'ok'],
      [9, 'ok'],
    ]);
    expect(await statusOf(product.id)).toEqual([['ST-AGAIN', 'sent', 9]]);
    // The same value again sends nothing.
    expect(await edit(9)).toBe(0);
  });

  it('packs 100 pairs a request and keeps a shop within 80 requests a window', async () => {
    const offers = Array.from({ length: 250 }, (_, i) => `ST-MANY-${i}`);
    for (const offer of offers) await publishedSingle(kit, offer);
    await created(kit, offers);
    await kit.send();
    expect(kit.ozon.stockBook.stockRequests).toBe(3);
    expect(kit.ozon.stockBook.stocks.size).toBe(250);

    // 80 requests already made this minute (by any instance): the next waits until the first leaves the window.
    const other = await publishedSingle(kit, 'ST-LATE');
    for (let i = 0; i < 77; i++) expect(await kit.stockSends.takeRequestSlot(kit.shopId, kit.clock.now().toISOString(), 60_000, 80, `slot-${i}`)).toBe(true);
    await created(kit, ['ST-LATE']);
    const pass = await kit.send();
    expect(pass.wakeAt).toBe('2026-11-27T10:01:00.001Z');
    expect(await statusOf(other.id)).toEqual([['ST-LATE', 'waiting', 20]]);
    kit.advance(60_001);
    await kit.send();
    expect(await statusOf(other.id)).toEqual([['ST-LATE', 'sent', 20]]);
    expect(kit.ozon.stockBook.refusedForRate).toBe(0);
  });

  it('keeps per-offer refusals with a Chinese explanation; an offer not created yet goes once the marketplace reports it', async () => {
    const early = await publishedSingle(kit, 'ST-EARLY');
    const bulky = await publishedSingle(kit, 'ST-BULKY');
    kit.ozon.stockBook.kgtOffers.add('ST-BULKY');
    kit.created.add('ST-BULKY');
    await kit.queueCreated(kit.shopId, [{ offer_id: 'ST-EARLY' }, { offer_id: 'ST-BULKY' }]); // the sweep was early for ST-EARLY
    await kit.send();
    const [earlySend] = await kit.stockSends.listByProduct(early.id);
    expect(earlySend).toMatchObject({ status: 'not_created', errors: [{ code: 'product_is_not_created' }] });
    expect(earlySend!.errors[0]!.explanation).toMatch(/尚未通过平台审核/);
    const [bulkySend] = await kit.stockSends.listByProduct(bulky.id);
    expect(bulkySend).toMatchObject({ status: 'failed', errors: [{ code: 'OVER_MAX_OVH_NON_KGT' }] });
    expect(bulkySend!.errors[0]!.explanation).toMatch(/大件/);

    kit.advance(30_000);
    expect(await created(kit, ['ST-EARLY'])).toMatchObject({ released: 1, queued: 0 });
    await kit.send();
    expect(await statusOf(early.id)).toEqual([['ST-EARLY', 'sent', 20]]);
    expect(kit.ozon.stockBook.stocks.has(`ST-BULKY|${WAREHOUSE}`)).toBe(false);
    expect(kit.ozon.stockBook.stocks.has(`ST-BULKY|${KGT_WAREHOUSE}`)).toBe(false);
  });

  it('waits and retries after TOO_MANY_REQUESTS and after a 429', async () => {
    const product = await publishedSingle(kit, 'ST-BUSY');
    kit.created.add('ST-BUSY');
    // Someone else (the seller's cabinet) updated the pair a moment ago.
    kit.ozon.stockBook.updateStocks('777001', { stocks: [{ offer_id: 'ST-BUSY', product_id: 1, quant_size: 1, stock: 3, warehouse_id: WAREHOUSE }] });
    await kit.queueCreated(kit.shopId, [{ offer_id: 'ST-BUSY' }]);
    await kit.send();
    expect(await kit.stockSends.listByProduct(product.id)).toMatchObject([{ status: 'waiting', errors: [{ code: 'TOO_MANY_REQUESTS' }] }]);
    kit.advance(30_000);
    kit.ozon.rateLimitNext(1, 5);
    await kit.send();
    expect(await kit.stockSends.listByProduct(product.id)).toMatchObject([{ status: 'waiting', errors: [{ code: 'MARKETPLACE_RATE_LIMITED' }] }]);
    kit.advance(30_000);
    await kit.send();
    expect(await statusOf(product.id)).toEqual([['ST-BUSY', 'sent', 20]]);
  });

  it('a sender that died holding sends loses none and sends none again within 30 s; two senders send each pair once', async () => {
    const offers = Array.from({ length: 150 }, (_, i) => `ST-KILL-${i}`);
    for (const offer of offers) await publishedSingle(kit, offer);
    await created(kit, offers.slice(0, 100));
    // A sender claims 100 pairs and dies before its request leaves (or before its answer is stored).
    const now = kit.clock.now();
    const lost = await kit.stockSends.claim(
      kit.shopId,
      now.toISOString(),
      new Date(now.getTime() + 5_000).toISOString(),
      new Date(now.getTime() + 30_000).toISOString(),
      'dead',
      100,
    );
    expect(lost).toHaveLength(100);
    kit.advance(10_000); // its lease lapsed, its pairs' interval not yet
    await created(kit, offers.slice(100));
    await Promise.all([kit.send(), kit.secondSender()()]);
    expect(kit.ozon.stockBook.received).toHaveLength(50);
    kit.advance(20_000);
    await Promise.all([kit.send(), kit.secondSender()()]);
    expect(kit.ozon.stockBook.received).toHaveLength(150);
    expect(new Set(kit.ozon.stockBook.received.map((pair) => pair.offer_id)).size).toBe(150);
    expect(kit.ozon.stockBook.received.every((pair) => pair.error === undefined)).toBe(true);
  });
});
