import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { makeKyselyMarketOffers } from '../../src/adapters/persistence/kysely-market-offers.ts';
import { makeKyselyProductRepository } from '../../src/adapters/persistence/kysely-product-repository.ts';
import { makeKyselyPublishTaskRepository } from '../../src/adapters/persistence/kysely-publish-task-repository.ts';
import { type MarketOffer } from '../../src/application/ports/market-offers.ts';
import { type PublishTask, newPublishTask } from '../../src/domain/publishing/publish-task.ts';
import { openTwice, testDatabases } from '../helpers/databases.ts';
import { publishableProduct } from '../helpers/publishable-product.ts';

const at = (second: number): string => new Date(Date.UTC(2026, 10, 27, 12, 0, second)).toISOString();

/** An imported publish record of `offerId` on shop `shop`, made final at second `second`. */
const imported = (productId: string, offerId: string, second: number, shop = 's1'): PublishTask => ({
  ...newPublishTask({ id: randomUUID(), task_id: `t-${offerId}-${second}`, product_id: productId, shop_id: shop, offer_id: offerId }, at(second)),
  status: 'imported',
  marketplace_product_id: `88${offerId.length}${second}`,
  next_poll_at: null,
});

/**
 * The sweep's offers on each database (docs/decisions.md, Moderation): enrolment from imported records, a card sent
 * again going back to moderation, claims of one shop's due offers under a lease, and two pools never claiming the
 * same offer (two instances on one PostgreSQL).
 */
describe.each(testDatabases())('MarketOfferRepository on $name', (database) => {
  let dispose: (() => Promise<void>) | undefined;
  afterEach(async () => dispose?.());

  const open = async () => {
    const twice = await openTwice(database);
    dispose = twice.dispose;
    const products = makeKyselyProductRepository(twice.first.db);
    const product = publishableProduct({ id: randomUUID(), offer_id: `P-${randomUUID().slice(0, 6)}` });
    await products.insert(product);
    return {
      offers: makeKyselyMarketOffers(twice.first.db),
      other: makeKyselyMarketOffers(twice.second.db),
      tasks: makeKyselyPublishTaskRepository(twice.first.db),
      products,
      productId: product.id,
    };
  };

  it('enrols each imported offer once, moderating, first looked at firstMs later; a card sent again goes back to moderation', async () => {
    const { offers, tasks, productId } = await open();
    await tasks.insert(imported(productId, 'A', 1), imported(productId, 'B', 2), imported('gone-product', 'C', 3));
    await tasks.insert({ ...imported(productId, 'D', 4), status: 'failed' });
    expect(await offers.enrolImported(at(10), 5_000)).toBe(2);
    expect(await offers.enrolImported(at(11), 5_000)).toBe(0);
    const enrolled = await offers.ofProducts([productId]);
    expect(enrolled.map((offer) => [offer.offer_id, offer.market_state, offer.next_check_at, offer.imported_at])).toEqual([
      ['A', 'moderating', at(15), at(1)],
      ['B', 'moderating', at(15), at(2)],
    ]);
    // A looks declined; then it is fixed and sent again (a newer imported record): moderating again, errors gone.
    const a = enrolled[0]!;
    const error = { code: 'x', field: 'attribute', attribute_id: 85, level: 'ERROR_LEVEL_ERROR', message: 'm', explanation: '说明' };
    await offers.save([{ ...a, market_state: 'declined', market_errors: [error], next_check_at: at(500) }]);
    expect(await offers.stateCounts()).toMatchObject({ declined: 1, moderating: 0, on_sale: 0 }); // the product counts under its most telling offer
    await tasks.insert(imported(productId, 'A', 20));
    expect(await offers.enrolImported(at(30), 5_000)).toBe(1);
    const again = (await offers.ofProducts([productId])).find((offer) => offer.offer_id === 'A')!;
    expect([again.market_state, again.market_errors, again.next_check_at, again.imported_at]).toEqual(['moderating', [], at(35), at(20)]);
  });

  it('stores a look of many offers at once (multi-row rewrites of 256, 32, 8, 4 rows), every column as given', async () => {
    const { offers, tasks, productId } = await open();
    const ids = Array.from({ length: 300 }, (_, n) => `M-${String(n).padStart(3, '0')}`);
    await tasks.insert(...ids.map((id) => imported(productId, id, 1)));
    expect(await offers.enrolImported(at(10), 0)).toBe(300);
    const looked = (await offers.ofProducts([productId])).map((offer, n): MarketOffer => ({
      ...offer,
      market_state: n % 2 === 0 ? 'on_sale' : 'no_stock',
      sku: `90${n}`,
      next_check_at: at(100 + (n % 50)),
      market_price: 100 + n / 4,
      price_index: n % 3 === 0 ? 'RED' : null,
      real_margin_percent: n - 150.5,
      content_groups: n % 5 === 0 ? [{ key: 'media', name: 'Медиа', rating: 50, improve_at_least: 1, improve_attributes: [{ id: 85, name: 'Бренд' }] }] : [],
      created_seen: true,
      prices_due: n % 7 === 0,
    }));
    await offers.save(looked);
    const stored = await offers.ofProducts([productId]);
    expect(stored).toHaveLength(300);
    expect(stored.sort((a, b) => a.offer_id.localeCompare(b.offer_id))).toEqual(looked.sort((a, b) => a.offer_id.localeCompare(b.offer_id)));
  });

  it("counts products per market state among the list's matches: its q, stage and filters, never its own market_state", async () => {
    const { offers, tasks, products, productId } = await open();
    const published = publishableProduct({ id: randomUUID(), offer_id: `PUB-${randomUUID().slice(0, 6)}`, stage: 'published' });
    const archived = publishableProduct({ id: randomUUID(), offer_id: `ARC-${randomUUID().slice(0, 6)}`, stage: 'archived' });
    await products.insert(published);
    await products.insert(archived);
    await tasks.insert(imported(productId, 'A', 1), imported(published.id, 'B', 2), imported(archived.id, 'C', 3));
    await offers.enrolImported(at(10), 0);
    const state = { A: 'on_sale', B: 'declined', C: 'on_sale' } as const;
    const all = await offers.ofProducts([productId, published.id, archived.id]);
    await offers.save(all.map((offer) => ({ ...offer, market_state: state[offer.offer_id as keyof typeof state] })));
    const list = { page: 1, pageSize: 20 };
    // Without a stage the product archived in the service counts too (as the kept counts do); filtered the same way.
    expect(await offers.stateCounts()).toMatchObject({ on_sale: 2, declined: 1, moderating: 0 });
    expect(await offers.stateCounts({ ...list, marketState: 'declined' })).toMatchObject({ on_sale: 2, declined: 1 });
    expect(await offers.stateCounts({ ...list, platform: '1688' })).toMatchObject({ on_sale: 2, declined: 1 });
    expect(await offers.stateCounts({ ...list, stage: 'published' })).toMatchObject({ on_sale: 0, declined: 1 });
    expect(await offers.stateCounts({ ...list, stage: 'archived', marketState: 'declined' })).toMatchObject({ on_sale: 1, declined: 0 });
    expect(await offers.stateCounts({ ...list, q: published.offer_id.toLowerCase() })).toMatchObject({ on_sale: 0, declined: 1 });
    expect(await offers.stateCounts({ ...list, q: archived.offer_id.toLowerCase() })).toMatchObject({ on_sale: 1, declined: 0 });
    expect(await offers.stateCounts({ ...list, updatedFrom: '2999-01-01T00:00:00.000Z' })).toMatchObject({ on_sale: 0, declined: 0 });
    // The matches' number is a hint for the count's plan (walk the states or the products), never its answer.
    for (const knownTotal of [0, 1, 1_000_000]) {
      expect(await offers.stateCounts({ ...list, knownTotal, platform: '1688' })).toMatchObject({ on_sale: 2, declined: 1 });
      expect(await offers.stateCounts({ ...list, knownTotal, stage: 'published' })).toMatchObject({ on_sale: 0, declined: 1 });
      expect(await offers.stateCounts({ ...list, knownTotal, platform: 'taobao' })).toMatchObject({ on_sale: 0, declined: 0 });
      expect(await offers.stateCounts({ ...list, knownTotal, q: archived.offer_id.toLowerCase() })).toMatchObject({ on_sale: 1, declined: 0 });
    }
  });

  it('keeps what the prices and rating reads found, the product its worst index and lowest margin; an accepted price makes the prices due now', async () => {
    const { offers, tasks, productId } = await open();
    await tasks.insert(imported(productId, 'A', 1), imported(productId, 'B', 2));
    await offers.enrolImported(at(10), 0);
    const [a, b] = await offers.ofProducts([productId]);
    expect(a).toMatchObject({ price_index: null, real_margin_percent: null, content_groups: [], prices_due: true, rating_due: true });
    const group = { key: 'media', name: 'Медиа', rating: 40, improve_at_least: 1, improve_attributes: [{ id: 85, name: 'Бренд' }] };
    const read = { market_prices_checked_at: at(20), rating_checked_at: at(20), prices_due: false, rating_due: false, next_check_at: at(500) };
    await offers.save([
      { ...a!, ...read, price_index: 'RED', real_margin_percent: 12.5, market_commission_percent: 25, content_rating: 80, content_groups: [group] },
      { ...b!, ...read, price_index: 'GREEN', real_margin_percent: 22, market_commission_percent: 12, content_rating: 55 },
    ]);
    const saved = await offers.ofProducts([productId]);
    expect(saved[0]).toMatchObject({
      price_index: 'RED',
      real_margin_percent: 12.5,
      market_commission_percent: 25,
      content_groups: [group],
      prices_due: false,
    });
    expect(await offers.nextDueAt()).toBe(at(500));
    await offers.pricesAccepted('s1', ['B'], at(30));
    expect((await offers.ofProducts([productId]))[1]).toMatchObject({ offer_id: 'B', prices_due: true, next_check_at: at(30) });
    expect(await offers.nextDueAt()).toBe(at(30));
    // Stock taken: looked at by then, never later than already due.
    await offers.stockSent('s1', ['A', 'B'], at(60));
    expect((await offers.ofProducts([productId])).map((offer) => [offer.offer_id, offer.next_check_at])).toEqual([
      ['A', at(60)],
      ['B', at(30)],
    ]);
  });

  it('claims due offers of one shop, soonest first, under a lease; a lapsed lease is due again', async () => {
    const { offers, tasks, productId } = await open();
    await tasks.insert(imported(productId, 'A', 1), imported(productId, 'B', 2), imported(productId, 'C', 3, 's2'));
    await offers.enrolImported(at(10), 0);
    expect(await offers.claimDue(at(5), at(100), 10, [])).toEqual([]);
    const first = await offers.claimDue(at(10), at(100), 10, []);
    expect(new Set(first.map((offer) => offer.shop_id)).size).toBe(1);
    expect(first.every((offer) => offer.next_check_at === at(100))).toBe(true);
    const second = await offers.claimDue(at(10), at(100), 10, []);
    expect([...first, ...second].map((offer) => offer.offer_id).sort()).toEqual(['A', 'B', 'C']);
    expect(await offers.claimDue(at(50), at(120), 10, [])).toEqual([]);
    expect(await offers.nextDueAt()).toBe(at(100));
    // Skipped shops wait; the lease lapsed (its process died): due again.
    const lapsed = await offers.claimDue(at(101), at(200), 10, ['s1']);
    expect(lapsed.map((offer) => offer.offer_id)).toEqual(['C']);
  });

  it('never gives one offer to two claimers at once (two connection pools, as two processes)', async () => {
    const { offers, other, tasks, productId } = await open();
    await tasks.insert(...Array.from({ length: 60 }, (_, n) => imported(productId, `O-${n}`, n % 7, `s${n % 3}`)));
    await offers.enrolImported(at(10), 0);
    const claims: MarketOffer[] = [];
    const claimer = async (index: number): Promise<void> => {
      for (;;) {
        const claim = await (index % 2 === 0 ? offers : other).claimDue(at(10), at(100), 7, []);
        if (claim.length === 0) return;
        claims.push(...claim);
      }
    };
    await Promise.all(Array.from({ length: 6 }, (_, index) => claimer(index)));
    expect(claims).toHaveLength(60);
    expect(new Set(claims.map((offer) => `${offer.shop_id}/${offer.offer_id}`)).size).toBe(60);
  });
});
