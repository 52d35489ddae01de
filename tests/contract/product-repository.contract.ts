import { expect } from 'vitest';
import { newVariant } from '../../src/domain/variants/variant.ts';
import { type CatalogIt } from './catalog-adapters.ts';
import { asset, at, product, uuid } from './catalog-fixtures.ts';

/** What every ProductRepository guarantees about storing, versioning, offer ids, sources and deletes. */
export function testProductRepositoryContract(it: CatalogIt): void {
  it('round-trips every product field, groups and sources included, and refuses a second insert of one id', async ({ catalog: { products } }) => {
    const stored = product({
      name: 'Кружка «Север»',
      price: 593,
      old_price: 1186,
      weight: 300,
      depth: 100.5,
      description_category_id: 17_028_922_123,
      images: ['/media/a.jpg', '/media/b.jpg'],
      sources: [{ platform: '1688', item_id: '6543', url: 'https://detail.1688.com/offer/6543.html' }],
      raw: { texts: [{ kind: 'title', content: '北欧马克杯' }], nested: { deep: [1, null, true] } },
      pricing: { cost_cny: 20, result: { price_rub: 593 } },
      attributes: { '85': { values: [{ value: 'Нет бренда' }] } },
    });
    await products.insert(stored);
    // Outside a request nobody is named as its author (attribution comes from the request, docs/decisions.md, Accounts).
    expect(await products.findById(stored.id)).toEqual({ ...stored, created_by: null, updated_by: null });
    expect(await products.findById(uuid())).toBeUndefined();
    await expect(products.insert({ ...stored, name: 'Второй' })).rejects.toThrow();
    expect((await products.findById(stored.id))?.name).toBe('Кружка «Север»');
  });

  it('stores the author and last editor the product names; the author never changes, work no one did keeps the last name', async ({
    catalog: { products },
  }) => {
    const made = product();
    await products.insert({ ...made, created_by: 'anna', updated_by: 'anna' });
    await products.update({ ...made, version: 2, created_by: 'anna', updated_by: 'boris' }, 1);
    expect(await products.findById(made.id)).toMatchObject({ created_by: 'anna', updated_by: 'boris' });
    await products.update({ ...made, version: 3, created_by: 'forged', updated_by: 'vera' }, 2);
    expect(await products.findById(made.id)).toMatchObject({ version: 3, created_by: 'anna', updated_by: 'vera' });
    const { updated_by: _nobody, ...unattributed } = made;
    await products.update({ ...unattributed, version: 4 }, 3);
    expect(await products.findById(made.id)).toMatchObject({ version: 4, created_by: 'anna', updated_by: 'vera' });
    const anonymous = product();
    await products.insert(anonymous);
    expect(await products.findById(anonymous.id)).toMatchObject({ created_by: null, updated_by: null });
  });

  it('updates only when the expected version matches (optimistic concurrency), and never a missing product', async ({ catalog: { products } }) => {
    const stored = product();
    await products.insert(stored);
    const renamed = { ...stored, name: 'Новое имя', version: 2, updated_at: at(5) };
    expect(await products.update(renamed, 1)).toBe(true);
    expect(await products.update({ ...renamed, name: 'Поздно', version: 3 }, 1)).toBe(false);
    expect(await products.findById(stored.id)).toMatchObject({ name: 'Новое имя', version: 2, updated_at: at(5), created_at: stored.created_at });
    expect(await products.update(product(), 1)).toBe(false);
  });

  it('finds the existing products among many ids', async ({ catalog: { products } }) => {
    const made = [product(), product(), product()];
    for (const p of made) await products.insert(p);
    const found = await products.findByIds([made[2]!.id, uuid(), made[0]!.id]);
    expect(found.map((p) => p.id).sort()).toEqual([made[0]!.id, made[2]!.id].sort());
    expect(await products.findByIds([])).toEqual([]);
    const priced = await products.briefsOf([made[2]!.id, uuid(), made[0]!.id]);
    expect(priced.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [made[0]!, made[2]!].map(({ id, name, offer_id, pricing }) => ({ id, name, offer_id, pricing })).sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(await products.briefsOf([])).toEqual([]);
  });

  it('offerIdTaken ignores the product itself and archived ones', async ({ catalog: { products } }) => {
    const a = product({ offer_id: 'X-1' });
    const archived = product({ offer_id: 'X-2', stage: 'archived' });
    await products.insert(a);
    await products.insert(archived);
    expect(await products.offerIdTaken('X-1', a.id)).toBe(false);
    expect(await products.offerIdTaken('X-1', uuid())).toBe(true);
    expect(await products.offerIdTaken('X-2', uuid())).toBe(false);
  });

  it('offersTaken sees other products’ own and variant offer ids, follows updates, and forgets archived and deleted ones', async ({
    catalog: { products },
  }) => {
    const withVariants = (offers: string[]) =>
      offers.map((offer, i) => newVariant({ id: uuid(), seq: i + 1, label_zh: offer, offer_id: offer, offer_id_pinned: true }));
    const a = product({ offer_id: 'A', variants: withVariants(['A-1', 'A-2']) });
    const b = product({ offer_id: 'B' });
    await products.insert(a);
    await products.insert(b);
    expect(await products.offersTaken(['A-1', 'A-2', 'B', 'A', 'Z'], uuid())).toEqual(['A-1', 'A-2', 'B', 'A']);
    expect(await products.offersTaken(['A-1', 'B'], a.id)).toEqual(['B']);
    expect(await products.offerIdTaken('A-2', b.id)).toBe(true);
    expect((await products.findById(a.id))!.variants.map((v) => v.offer_id)).toEqual(['A-1', 'A-2']);
    await products.update({ ...a, version: 2, variants: withVariants(['A-3']) }, 1);
    expect(await products.offersTaken(['A-1', 'A-3'], b.id)).toEqual(['A-3']);
    await products.update({ ...a, version: 3, stage: 'archived', variants: withVariants(['A-3']) }, 2);
    expect(await products.offersTaken(['A-3', 'A'], b.id)).toEqual([]);
    await products.delete(a.id);
    expect(await products.offersTaken(['A-3'], b.id)).toEqual([]);
  });

  it('finds non-archived products by source platform and item id, oldest first', async ({ catalog: { products } }) => {
    const source = { platform: '1688' as const, item_id: '42', url: 'https://detail.1688.com/offer/42.html' };
    const live = product({ sources: [source], created_at: at(2) });
    const older = product({ sources: [source], created_at: at(1) });
    const gone = product({ sources: [source], stage: 'archived' });
    for (const p of [live, older, gone]) await products.insert(p);
    expect(await products.idsBySource('1688', '42')).toEqual([older.id, live.id]);
    expect(await products.idsBySource('taobao', '42')).toEqual([]);
    await products.update({ ...live, version: 2, sources: [] }, 1);
    expect(await products.idsBySource('1688', '42')).toEqual([older.id]);
  });

  it('deletes a product with its assets and sources, and nothing else', async ({ catalog: { products, assets } }) => {
    const p = product({ sources: [{ platform: '1688', item_id: '7', url: 'u' }] });
    const kept = product();
    await products.insert(p);
    await products.insert(kept);
    await assets.insertMany([asset(p.id), asset(kept.id)]);
    await products.delete(p.id);
    expect(await products.findById(p.id)).toBeUndefined();
    expect(await assets.listByProduct(p.id)).toEqual([]);
    expect(await products.idsBySource('1688', '7')).toEqual([]);
    expect(await assets.countByProduct(kept.id)).toBe(1);
    expect(await products.findById(kept.id)).toBeDefined();
  });
}
