import { expect } from 'vitest';
import { type ExportFilter, type ExportRecord, type ProductExportReader } from '../../src/application/ports/product-export-reader.ts';
import { type Product } from '../../src/domain/catalog/product.ts';
import { EXPORTED_FIELDS } from '../../src/domain/catalog/product-fields.ts';
import { newVariant } from '../../src/domain/variants/variant.ts';
import { type CatalogIt } from './catalog-adapters.ts';
import { asset, at, product, storedAsset } from './catalog-fixtures.ts';

const readAll = async (reader: ProductExportReader, filter: ExportFilter, batchSize = 10): Promise<ExportRecord[][]> => {
  const batches: ExportRecord[][] = [];
  for await (const batch of reader.batches(filter, batchSize)) batches.push(batch);
  return batches;
};

/** The fields of a product the exports print (the product field list's `exported`). */
const exportedOf = (made: Product): Record<string, unknown> => Object.fromEntries(EXPORTED_FIELDS.map((field) => [field, made[field]]));

/** What every ProductExportReader guarantees: keyset pages in created order, the fields the exports print, pictures in group order. */
export function testProductExportReaderContract(it: CatalogIt): void {
  it('pages through every match in created order with stored images in group order', async ({ catalog: { products, assets, exportReader } }) => {
    const made = Array.from({ length: 25 }, (_, i) => product({ created_at: at(i % 5), stage: i === 3 ? 'archived' : 'editing' }));
    for (const p of made) await products.insert(p);
    const first = made[0]!;
    await assets.insertMany([
      storedAsset(first.id, 'detail', 0),
      storedAsset(first.id, 'main', 1),
      storedAsset(first.id, 'main', 0),
      storedAsset(first.id, 'sku', 0, 'failed'),
    ]);
    const batches = await readAll(exportReader, {}, 7);
    expect(batches.map((b) => b.length)).toEqual([7, 7, 7, 3]);
    const expected = made.filter((p) => p.stage !== 'archived').sort((x, y) => x.created_at.localeCompare(y.created_at) || x.id.localeCompare(y.id));
    expect(batches.flat().map((r) => r.id)).toEqual(expected.map((p) => p.id));
    expect(batches.flat().find((r) => r.id === first.id)!.stored_images).toEqual(['/media/p/main-0.jpg', '/media/p/main-1.jpg', '/media/p/detail-0.jpg']);
    const chosen = await readAll(exportReader, { ids: [made[1]!.id, made[3]!.id], stage: 'archived' });
    expect(chosen.flat().map((r) => r.id)).toEqual([made[3]!.id]);
    expect(await readAll(exportReader, { ids: [] })).toEqual([]);
  });

  it('reads each page after the last one it gave: a product created later still comes, an earlier one not', async ({ catalog: { products, exportReader } }) => {
    const made = [1, 2, 3].map((minute) => product({ created_at: at(minute) }));
    for (const p of made) await products.insert(p);
    const seen: string[] = [];
    for await (const batch of exportReader.batches({}, 2)) {
      seen.push(...batch.map((r) => r.id));
      if (seen.length === 2) {
        await products.insert(product({ id: 'earlier', created_at: at(0) }));
        await products.insert(product({ id: 'later', created_at: at(9) }));
      }
    }
    expect(seen).toEqual([...made.map((p) => p.id), 'later']);
  });

  it('answers the fields the exports print, the pricing group only when asked, never videos among the pictures', async ({
    catalog: { products, assets, exportReader },
  }) => {
    const made = product({
      name: 'Кружка',
      description: 'не читается',
      offer_id: 'MUG-1',
      price: 593,
      barcode: '4600000000001',
      description_category_id: 17_028_922,
      images: ['/media/a.jpg'],
      source_platform: null,
      source_url: 'https://example.com/mug',
      marketplace_product_id: '880',
      published_at: at(5),
      fx_rate: 12.5,
      pricing: { cost_cny: 20, result: { price_rub: 593 } },
      raw: { texts: [] },
      attributes: { '85': 'Нет бренда' },
    });
    await products.insert(made);
    await assets.insertMany([
      storedAsset(made.id, 'translated', 0),
      storedAsset(made.id, 'upload', 0),
      asset(made.id, { type: 'video', status: 'stored', stored_url: '/media/p/v.mp4' }),
    ]);
    const [[plain]] = (await readAll(exportReader, {})) as [[ExportRecord]];
    const { pricing } = made;
    const printed = exportedOf(made);
    expect(plain).toEqual({ ...printed, pricing: {}, stored_images: ['/media/p/upload-0.jpg', '/media/p/translated-0.jpg'] });
    const [[priced]] = (await readAll(exportReader, { withPricing: true })) as [[ExportRecord]];
    expect(priced.pricing).toEqual(pricing);
  });

  it('reads the variants, the attributes and each stored picture by asset id only when asked (offers.csv)', async ({
    catalog: { products, assets, exportReader },
  }) => {
    const sku = storedAsset('placeholder', 'sku', 0);
    const made = product({
      attributes: { '9048': 'MODEL' },
      variants: [newVariant({ id: 'v1', seq: 1, label_zh: '红', offer_id: 'X-1', image_asset_id: 'pending' })],
    });
    await products.insert({ ...made, variants: made.variants.map((variant) => ({ ...variant, image_asset_id: sku.asset_id })) });
    await assets.insertMany([
      { ...sku, product_id: made.id },
      { ...storedAsset(made.id, 'main', 0), status: 'failed' },
      asset(made.id, { type: 'video', status: 'stored', stored_url: '/media/p/v.mp4' }),
    ]);
    const [[plain]] = (await readAll(exportReader, { ids: [made.id] })) as [[ExportRecord]];
    expect([plain.variants, plain.attributes, plain.stored_by_asset]).toEqual([undefined, undefined, undefined]);
    const [[full]] = (await readAll(exportReader, { ids: [made.id], withVariants: true })) as [[ExportRecord]];
    expect(full.variants!.map((variant) => [variant.label_zh, variant.offer_id, variant.image_asset_id])).toEqual([['红', 'X-1', sku.asset_id]]);
    expect(full.attributes).toEqual({ '9048': 'MODEL' });
    expect([...full.stored_by_asset!]).toEqual([[sku.asset_id, '/media/p/sku-0.jpg']]);
  });

  it('reads the description and the attributes only when asked (the on-request CSV columns), with the pricing and the variants too', async ({
    catalog: { products, exportReader },
  }) => {
    const made = product({ description: 'Описание "с кавычками"\nи строкой', attributes: { '85': [{ value: 'Бренд' }] }, pricing: { cost_cny: 3 } });
    await products.insert(made);
    const [[plain]] = (await readAll(exportReader, { ids: [made.id] })) as [[ExportRecord]];
    expect([plain.description, plain.attributes]).toEqual([undefined, undefined]);
    const [[texts]] = (await readAll(exportReader, { ids: [made.id], withTexts: true })) as [[ExportRecord]];
    expect([texts.description, texts.attributes, texts.variants]).toEqual([made.description, made.attributes, undefined]);
    const [[all]] = (await readAll(exportReader, { ids: [made.id], withTexts: true, withVariants: true, withPricing: true })) as [[ExportRecord]];
    expect([all.description, all.attributes, all.variants, all.pricing]).toEqual([made.description, made.attributes, [], { cost_cny: 3 }]);
  });

  it('reads every value as the row holds it: awkward doubles exact, texts with quotes, controls and emoji, nulls', async ({
    catalog: { products, exportReader },
  }) => {
    const doubles = { price: 0.1 + 0.2, old_price: 1e21, weight: -4.5e-7, depth: 123_456_789.123_456_79, width: 5e-324, fx_rate: 11.000_000_000_000_002 };
    const pricing = { cost_cny: 2.675, nested: { list: [1, '二'] } };
    const texts = { name: 'a "q", \\ \u0001\t\r\n ☕️🍵 Кружка 杯', images: ['/media/a,b.jpg'] };
    const made = product({ ...doubles, ...texts, height: null, description_category_id: 17_028_922, primary_image: null, source_platform: null, pricing });
    await products.insert(made);
    const [[record]] = (await readAll(exportReader, { ids: [made.id], withPricing: true })) as [[ExportRecord]];
    const { stored_images, ...read } = record;
    expect(stored_images).toEqual([]);
    expect(read).toStrictEqual({ ...exportedOf(made), pricing });
  });
}
