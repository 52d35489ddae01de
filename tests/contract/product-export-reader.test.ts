import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeKyselyAssetRepository } from '../../src/adapters/persistence/kysely-asset-repository.ts';
import { makeKyselyProductExportReader } from '../../src/adapters/persistence/kysely-product-export-reader.ts';
import { makeKyselyProductRepository } from '../../src/adapters/persistence/kysely-product-repository.ts';
import { testDatabases, type TestDatabaseHandle } from '../helpers/databases.ts';
import { newVariant } from '../../src/domain/variant.ts';
import { at, product, storedAsset } from './catalog-fixtures.ts';

describe.each(testDatabases())('ProductExportReader on $name', (database) => {
  let handle: TestDatabaseHandle;
  beforeEach(async () => {
    handle = await database.open();
  });
  afterEach(() => handle.dispose());

  it('pages through every match in created order with stored images in group order', async () => {
    const repo = makeKyselyProductRepository(handle.db);
    const made = Array.from({ length: 25 }, (_, i) => product({ created_at: at(i % 5), stage: i === 3 ? 'archived' : 'editing' }));
    for (const p of made) await repo.insert(p);
    const first = made[0]!;
    await makeKyselyAssetRepository(handle.db).insertMany([
      storedAsset(first.id, 'detail', 0),
      storedAsset(first.id, 'main', 1),
      storedAsset(first.id, 'main', 0),
      storedAsset(first.id, 'sku', 0, 'failed'),
    ]);
    const reader = makeKyselyProductExportReader(handle.db);
    const batches: string[][] = [];
    let images: readonly string[] = [];
    for await (const batch of reader.batches({}, 7)) {
      batches.push(batch.map((r) => r.id));
      images = batch.find((r) => r.id === first.id)?.stored_images ?? images;
    }
    expect(batches.map((b) => b.length)).toEqual([7, 7, 7, 3]);
    const expected = made.filter((p) => p.stage !== 'archived').sort((x, y) => x.created_at.localeCompare(y.created_at) || x.id.localeCompare(y.id));
    expect(batches.flat()).toEqual(expected.map((p) => p.id));
    expect(images).toEqual(['/media/p/main-0.jpg', '/media/p/main-1.jpg', '/media/p/detail-0.jpg']);

    const chosen: string[] = [];
    for await (const batch of reader.batches({ ids: [made[1]!.id, made[3]!.id], stage: 'archived' }, 10)) chosen.push(...batch.map((r) => r.id));
    expect(chosen).toEqual([made[3]!.id]);
  });

  it('reads the variants, the attributes and each stored picture by asset id only when asked (offers.csv)', async () => {
    const sku = storedAsset('placeholder', 'sku', 0);
    const made = product({ attributes: { '9048': 'MODEL' }, variants: [newVariant({ id: 'v1', seq: 1, label_zh: '红', offer_id: 'X-1', image_asset_id: 'pending' })] });
    const withPicture = { ...made, variants: made.variants.map((variant) => ({ ...variant, image_asset_id: sku.asset_id })) };
    await makeKyselyProductRepository(handle.db).insert(withPicture);
    await makeKyselyAssetRepository(handle.db).insertMany([{ ...sku, product_id: made.id }]);
    const reader = makeKyselyProductExportReader(handle.db);
    const read = async (withVariants: boolean) => {
      for await (const batch of reader.batches({ ids: [made.id], withVariants }, 10)) return batch[0]!;
      throw new Error('nothing read');
    };
    const plain = await read(false);
    expect(plain.variants).toBeUndefined();
    const full = await read(true);
    expect(full.variants!.map((variant) => [variant.label_zh, variant.offer_id, variant.image_asset_id])).toEqual([['红', 'X-1', sku.asset_id]]);
    expect(full.attributes).toEqual({ '9048': 'MODEL' });
    expect([...full.stored_by_asset!]).toEqual([[sku.asset_id, '/media/p/sku-0.jpg']]);
  });

  it('reads every value as the row holds it: awkward doubles exact, texts with quotes, controls and emoji, nulls', async () => {
    const made = product({
      name: 'a "q", \\ \u0001\t\r\n ☕️🍵 Кружка 杯',
      price: 0.1 + 0.2,
      old_price: 1e21,
      weight: -4.5e-7,
      depth: 123_456_789.123_456_79,
      width: 5e-324,
      height: null,
      description_category_id: 17_028_922,
      fx_rate: 11.000_000_000_000_002,
      images: ['/media/a,b.jpg'],
      primary_image: null,
      source_platform: null,
      pricing: { cost_cny: 2.675, nested: { list: [1, '二'] } },
    });
    await makeKyselyProductRepository(handle.db).insert(made);
    for await (const batch of makeKyselyProductExportReader(handle.db).batches({ ids: [made.id], withPricing: true }, 10)) {
      const { stored_images, ...read } = batch[0]!;
      expect(stored_images).toEqual([]);
      const { raw: _r, copy: _c, attributes: _a, complex_attributes: _x, sources: _s, description: _d, version: _v, type_id: _t, variants: _w, ...expected } = made;
      expect(read).toStrictEqual(expected);
    }
  });
});
