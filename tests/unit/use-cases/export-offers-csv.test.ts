import { describe, expect, it } from 'vitest';
import { makeExportOffersCsv } from '../../../src/application/use-cases/export-offers-csv.ts';
import { OFFER_CSV_COLUMNS } from '../../../src/domain/catalog/csv-columns.ts';
import { newVariant } from '../../../src/domain/variants/variant.ts';
import { catalogKit, type CatalogKit } from './catalog-kit.ts';
import { line, readCsv } from './csv-read.ts';

const FIELDS = ['offer_id', 'product_id', 'price', 'old_price', 'weight', 'weight_unit', 'barcode', 'primary_image', 'images', 'variant_label', 'model_name'];
const offersOf = async (kit: CatalogKit, input: Parameters<ReturnType<typeof makeExportOffersCsv>>[0] = { fields: FIELDS }) =>
  (await readCsv(makeExportOffersCsv(kit)(input))).rows;

/** A shelf in two colours and a switched-off third, each colour with its own SKU picture, beside a main and a detail picture. */
async function shelf(kit: CatalogKit) {
  const product = await kit.given({ offer_id: 'SHELF', weight: 300, price: 490, barcode: '000', attributes: { '9048': [{ value: 'Полка Норд' }] } });
  const main = await kit.givenImage(product.id, { group_key: 'main' });
  const red = await kit.givenImage(product.id, { group_key: 'sku', variant_name: '红', index: 0 });
  const blue = await kit.givenImage(product.id, { group_key: 'sku', variant_name: '蓝', index: 1 });
  const detail = await kit.givenImage(product.id, { group_key: 'detail' });
  const variants = [
    newVariant({ id: 'v1', seq: 1, label_zh: '红', label_ru: 'Красный', offer_id: 'SHELF-1', price: 500, old_price: 900, barcode: '111', weight_g: 350 }),
    newVariant({ id: 'v2', seq: 2, label_zh: '蓝', offer_id: 'SHELF-2', price: 510 }),
    newVariant({ id: 'v3', seq: 3, label_zh: '绿', offer_id: 'SHELF-3', price: 520, enabled: false }),
  ].map((variant, index) => ({ ...variant, image_asset_id: [red, blue, null][index]?.asset_id ?? null, marketplace_product_id: index === 0 ? '901' : null }));
  await kit.products.update({ ...product, variants, version: 2 }, 1);
  return { product, urls: { main: main.stored_url, red: red.stored_url, blue: blue.stored_url, detail: detail.stored_url } };
}

describe('export offers csv', () => {
  it('writes one row per enabled colour with the colour’s own values and picture first, under the product’s model name', async () => {
    const kit = catalogKit();
    const { urls } = await shelf(kit);
    const [header, ...rows] = await offersOf(kit);
    expect(header).toBe(FIELDS.join(','));
    const shared = [urls.main, urls.detail];
    expect(rows).toEqual([
      line('SHELF-1', 901, 500, 900, 350, 'g', 111, urls.red, [urls.red, ...shared].join('|'), 'Красный', 'Полка Норд'),
      line('SHELF-2', '', 510, '', 300, 'g', '', urls.blue, [urls.blue, ...shared].join('|'), '蓝', 'Полка Норд'),
    ]);
  });

  it('writes a product without colours as one offer of its own, with an empty model name when it has none (what the pre-flight says is missing is not made up)', async () => {
    const kit = catalogKit();
    const product = await kit.given({ offer_id: 'MUG-1', price: 593, images: ['/media/a.jpg'] });
    kit.clock.advance(1_000);
    await kit.given({ offer_id: 'OLD', stage: 'archived' });
    const rows = await offersOf(kit);
    expect(rows).toEqual([FIELDS.join(','), line('MUG-1', '', 593, '', '', 'g', '', '/media/a.jpg', '/media/a.jpg', '', '')]);
    expect((await offersOf(kit, {}))[0]).toBe(OFFER_CSV_COLUMNS.join(','));
    expect(await offersOf(kit, { ids: [product.id], stage: 'ready', fields: ['offer_id'] })).toEqual(['offer_id']);
  });

  it('refuses an unknown field (422) before anything is written', () => {
    const kit = catalogKit();
    expect(() => makeExportOffersCsv(kit)({ fields: ['variant_label', 'colour'] })).toThrow(expect.objectContaining({ code: 'CSV_FIELD_UNKNOWN' }));
  });
});
