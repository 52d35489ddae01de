import { type Insertable, type Selectable } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type ProductTable } from '../../../src/adapters/persistence/database.ts';
import { PRODUCT_FIELDS } from '../../../src/adapters/http/labels/product-fields.ts';
import { EXPORT_COLUMNS, toRecord } from '../../../src/adapters/persistence/export-rows.ts';
import { PRODUCT_COLUMNS, productToRow, rowToProduct, rowToProductInMigration } from '../../../src/adapters/persistence/product-rows.ts';
import { PRODUCT_CSV_COLUMNS, PRODUCT_CSV_LABELS } from '../../../src/domain/catalog/csv-columns.ts';
import { newProduct, type Product } from '../../../src/domain/catalog/product.ts';
import { EDITABLE_FIELDS, PRODUCT_FIELD_LIST, PRODUCT_FIELD_LABELS } from '../../../src/domain/catalog/product-fields.ts';

// The lists as they were written by hand before the field list: contracts (CSV order, labels) and SQL texts.
const CSV_CONTRACT =
  'offer_id,product_id,name,description_category_id,price,old_price,currency_code,vat,weight,weight_unit,depth,width,height,dimension_unit,barcode,primary_image,images,source_platform,source_item_id,source_url,stage,published_at,created_at';
const CSV_LABELS =
  '货号,商品编号,商品名称,类目,售价（₽）,划线价（₽）,币种,增值税率,重量,重量单位,长度,宽度,高度,尺寸单位,条形码,主图,图片,来源平台,来源商品编号,来源链接,阶段,发布时间,创建时间';
const EDITABLE =
  'name,description,offer_id,currency_code,vat,weight,weight_unit,depth,width,height,dimension_unit,barcode,description_category_id,type_id,primary_image,images,source_item_id,source_url,sale_stock,publish_mode';
const EXPORTED =
  'id,stage,name,offer_id,price,old_price,currency_code,vat,weight,weight_unit,depth,width,height,dimension_unit,barcode,description_category_id,primary_image,images,source_platform,source_item_id,source_url,marketplace_product_id,published_at,fx_rate,created_at,updated_at';
const COLUMNS =
  'id,stage,version,name,description,offer_id,price,old_price,currency_code,vat,weight,weight_unit,depth,width,height,dimension_unit,barcode,description_category_id,type_id,primary_image,images,source_platform,source_item_id,source_url,sources,marketplace_product_id,published_at,fx_rate,raw,pricing,copy,attributes,complex_attributes,variants,search_text,created_at,updated_at,created_by,updated_by,sale_stock,publish_mode,market_price_rub,collected_title,card_count,source_platforms';
const LABELS: Record<string, string> = {
  id: '编号',
  name: '商品名称',
  description: '商品描述',
  offer_id: '货号',
  price: '售价',
  old_price: '划线价',
  currency_code: '币种',
  vat: '增值税率',
  weight: '重量',
  weight_unit: '重量单位',
  depth: '长度',
  width: '宽度',
  height: '高度',
  dimension_unit: '尺寸单位',
  barcode: '条形码',
  description_category_id: '类目',
  type_id: '商品类型',
  primary_image: '主图',
  images: '图片',
  source_platform: '来源平台',
  source_item_id: '来源商品编号',
  source_url: '来源链接',
  raw: '采集信息',
  pricing: '定价',
  copy: '文案',
  attributes: '属性',
  complex_attributes: '复合属性',
  stage: '阶段',
  version: '版本号',
  variants: '款式',
  fx_rate: '汇率',
  sale_stock: '销售库存',
  publish_mode: '发布方式',
  market_price_rub: '平台售价',
};

const product: Product = {
  ...newProduct({ id: 'p1', stage: 'ready', source_platform: '1688' }, '2026-11-27T10:00:00.000Z'),
  name: '杯子',
  description: 'текст',
  offer_id: 'sku-1',
  price: 990,
  old_price: 1290,
  weight: 350,
  description_category_id: 17,
  type_id: 93,
  primary_image: 'https://cdn/a.jpg',
  images: ['https://cdn/a.jpg', 'https://cdn/b.jpg'],
  source_item_id: '600012345',
  source_url: 'https://detail.1688.com/offer/600012345.html',
  sources: [{ platform: '1688', item_id: '600012345', url: 'https://detail.1688.com/offer/600012345.html' }],
  marketplace_product_id: '321',
  published_at: '2026-11-27T11:00:00.000Z',
  fx_rate: 12.5,
  raw: { title: '杯子' },
  pricing: { cost_cny: 20 },
  copy: { title_ru: 'Кружка' },
  attributes: { '9048': 'm-1' },
  complex_attributes: {},
  created_by: 'ann',
  updated_by: 'bob',
};

describe('the product field list', () => {
  it('names each field once and places each products.csv column once, at 0 … n-1', () => {
    const fields = PRODUCT_FIELD_LIST.map((spec) => spec.field);
    expect(new Set(fields).size).toBe(fields.length);
    const places = PRODUCT_FIELD_LIST.flatMap((spec) => ('csv' in spec ? [spec.csv.at] : [])).sort((a, b) => a - b);
    expect(places).toEqual(places.map((_, index) => index));
  });

  it('gives a label to every field a user sets and to every CSV column', () => {
    for (const field of EDITABLE_FIELDS) expect(PRODUCT_FIELD_LABELS[field], field).toMatch(/\S/);
    for (const column of PRODUCT_CSV_COLUMNS) expect(PRODUCT_CSV_LABELS[column], column).toMatch(/\S/);
  });

  it('derives the lists written by hand before, with the same content and order', () => {
    expect(PRODUCT_CSV_COLUMNS.join(',')).toBe(CSV_CONTRACT);
    expect(Object.keys(PRODUCT_CSV_LABELS).join(',')).toBe(`${CSV_CONTRACT},description,attributes`);
    expect(Object.values(PRODUCT_CSV_LABELS).join(',')).toBe(`${CSV_LABELS},商品描述,平台属性（JSON）`);
    expect(EDITABLE_FIELDS.join(',')).toBe(EDITABLE);
    expect(EXPORT_COLUMNS.join(',')).toBe(EXPORTED);
    // The insert text names the derived columns (search text, collected title, card count, source platforms) last; its column set is the table's.
    expect([...PRODUCT_COLUMNS].sort()).toEqual(COLUMNS.split(',').sort());
    expect(PRODUCT_FIELD_LABELS).toEqual(LABELS);
    for (const [field, label] of Object.entries(LABELS)) expect(PRODUCT_FIELDS[field], field).toBe(label);
  });
});

/** The row as the database gives it back, stamped with its author and last editor. */
const stored = (row: Insertable<ProductTable>, createdBy: string | null, updatedBy: string | null): Selectable<ProductTable> =>
  ({ ...row, created_by: createdBy, updated_by: updatedBy }) as Selectable<ProductTable>;

describe('rows and export records from the field list', () => {
  it('writes every column as its storage kind says and reads the same product back', () => {
    const row = productToRow(product);
    expect(Object.keys(row).sort()).toEqual(PRODUCT_COLUMNS.filter((column) => column !== 'created_by' && column !== 'updated_by').sort());
    expect(row).toMatchObject({
      images: JSON.stringify(product.images),
      source_platform: '1688',
      sources: JSON.stringify(product.sources),
      raw: '{"title":"杯子"}',
    });
    expect(rowToProduct(stored(row, 'ann', 'bob'))).toEqual(product);
  });

  it("stores a hand-made product's platform as '' and unchosen images as null, and reads them back as null", () => {
    const manual: Product = { ...product, source_platform: null, images: null, created_by: null, updated_by: null };
    const row = productToRow(manual);
    expect(row).toMatchObject({ source_platform: '', images: null });
    expect(rowToProduct(stored(row, null, null))).toEqual(manual);
  });

  it('reads a row from before a later migration in a migration: the missing columns as a new product has them', () => {
    const row: Record<string, unknown> = stored(productToRow(product), 'ann', 'bob');
    expect(rowToProductInMigration(row)).toEqual(product);
    // As if sources, variants (JSON) and publish_mode were added after the migration that reads the row.
    const { sources: _sources, variants: _variants, publish_mode: _mode, ...older } = row;
    expect(() => rowToProduct(older as Selectable<ProductTable>)).toThrow(SyntaxError);
    expect(rowToProductInMigration(older)).toEqual({ ...product, sources: [], variants: [], publish_mode: 'create' });
  });

  it('reads an export tuple in the export columns order into the exported fields', () => {
    const row = productToRow(product) as Record<string, unknown>;
    const tuple = [...EXPORT_COLUMNS.map((column) => row[column]), row.pricing];
    const record = toRecord(tuple, { urls: ['https://cdn/s.jpg'], byAsset: new Map() }, { withPricing: true });
    const exported = Object.fromEntries(EXPORT_COLUMNS.map((field) => [field, product[field]]));
    expect(record).toEqual({ ...exported, pricing: product.pricing, stored_images: ['https://cdn/s.jpg'] });
  });
});
