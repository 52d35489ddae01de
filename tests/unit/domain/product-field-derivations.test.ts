import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { answerProperties, bodyProperties } from '../../../src/adapters/http/schemas/product-field-schemas.ts';
import { ProductCreateBody, ProductDetail, ProductPatchBody } from '../../../src/adapters/http/schemas/products.ts';
import { csvLine } from '../../../src/application/csv-format.ts';
import { CELLS, csvCellsOf, NO_IMAGES } from '../../../src/application/use-cases/export-products-csv.ts';
import { type ExportRecord } from '../../../src/application/ports/product-export-reader.ts';
import { PRODUCT_CSV_COLUMNS } from '../../../src/domain/catalog/csv-columns.ts';
import { newProduct } from '../../../src/domain/catalog/product.ts';
import {
  csvColumnsOf,
  EDITABLE_FIELDS,
  editableFieldsOf,
  initialFieldsOf,
  PRODUCT_FIELD_LIST,
  type ProductFieldSpec,
} from '../../../src/domain/catalog/product-fields.ts';

/** A field as a change would add it: the list's entry (and a migration for its column) is all that is written. */
const MATERIAL = {
  field: 'material',
  type: 'text',
  stored: 'plain',
  settable: true,
  limits: { maxLength: 80 },
  initial: '',
  exported: true,
  csv: { at: 23 },
  label: '材质',
} as const satisfies ProductFieldSpec;
const WITH_MATERIAL: readonly ProductFieldSpec[] = [...PRODUCT_FIELD_LIST, MATERIAL];

const valid = (properties: ReturnType<typeof bodyProperties>, body: object): boolean =>
  Value.Check(Type.Object(properties, { additionalProperties: false }), body);

describe('a field added to the product field list reaches every derived place', () => {
  it('the PATCH and POST bodies take it, within its limits', () => {
    for (const create of [false, true]) {
      const body = bodyProperties(WITH_MATERIAL, { create });
      expect(body.material).toMatchObject({ type: 'string', maxLength: 80 });
      expect(valid(body, { material: '棉' })).toBe(true);
      expect(valid(body, { material: 'x'.repeat(81) })).toBe(false);
      expect(valid(bodyProperties(PRODUCT_FIELD_LIST, { create }), { material: '棉' })).toBe(false);
    }
  });

  it('the product answer carries it', () => {
    expect(answerProperties(WITH_MATERIAL).material).toMatchObject({ type: 'string' });
    expect(answerProperties(PRODUCT_FIELD_LIST)).not.toHaveProperty('material');
  });

  it('products.csv prints it in its place', () => {
    expect(csvColumnsOf(WITH_MATERIAL).map(({ column }) => column)).toEqual([...PRODUCT_CSV_COLUMNS, 'material']);
    const { cells } = csvCellsOf(WITH_MATERIAL);
    const record = { offer_id: 'CUP-1', marketplace_product_id: null, material: '棉' } as unknown as ExportRecord;
    expect(csvLine(record, NO_IMAGES, [cells.offer_id!, cells.product_id!, cells.material!])).toBe('CUP-1,,棉\r\n');
  });

  it('is one of the allowed changes', () => {
    expect(editableFieldsOf(WITH_MATERIAL)).toEqual([...EDITABLE_FIELDS, 'material']);
  });

  it('a new product starts with its starting value', () => {
    expect(initialFieldsOf(WITH_MATERIAL)).toMatchObject({ material: '' });
  });
});

describe('the schemas and cells derived from the list as it is', () => {
  it('starts a new product as the defaults written by hand before did, with fresh groups and lists', () => {
    const now = '2026-11-27T10:00:00.000Z';
    const made = newProduct({ id: 'p1', stage: 'editing', source_platform: null }, now);
    expect(made).toStrictEqual({
      ...{ id: 'p1', stage: 'editing', source_platform: null, version: 1, name: '', description: '', offer_id: '', price: null, old_price: null },
      ...{ currency_code: 'RUB', vat: '0', weight: null, weight_unit: 'g', depth: null, width: null, height: null, dimension_unit: 'mm', barcode: '' },
      ...{ description_category_id: null, type_id: null, primary_image: null, images: null, source_item_id: '', source_url: '', sources: [] },
      ...{ marketplace_product_id: null, published_at: null, fx_rate: null, raw: {}, pricing: {}, copy: {}, attributes: {}, complex_attributes: {} },
      ...{ variants: [], sale_stock: null, publish_mode: 'create', market_price_rub: null, created_at: now, updated_at: now },
    });
    expect(newProduct({ id: 'p2', stage: 'editing', source_platform: null }, now).raw).not.toBe(made.raw);
  });

  it('answer, PATCH and POST every field the list says, and nothing else of the product', () => {
    const answered = Object.keys(ProductDetail.properties as object);
    expect(answered).toEqual([...PRODUCT_FIELD_LIST.map((spec) => spec.field), 'assets', 'allowed_moves', 'ready_problems']);
    const patchable = Object.keys(ProductPatchBody.properties as object).sort();
    expect(patchable).toEqual([...EDITABLE_FIELDS, 'raw', 'pricing', 'copy', 'attributes', 'complex_attributes', 'price', 'old_price', 'variants'].sort());
    expect(Object.keys(ProductCreateBody.properties as object).sort()).toEqual([...patchable.filter((key) => key !== 'variants'), 'source_platform'].sort());
  });

  it('keeps the checks the bodies had: limits, choices, nulls, the images never null in an answer', () => {
    const patch = (body: object) => Value.Check(ProductPatchBody, body);
    expect(patch({ name: 'x'.repeat(500) })).toBe(true);
    expect(patch({ name: 'x'.repeat(501) })).toBe(false);
    expect(patch({ currency_code: 'USD' })).toBe(false);
    expect(patch({ weight: null, depth: 1_000_000 })).toBe(true);
    expect(patch({ weight: -1 })).toBe(false);
    expect(patch({ images: Array.from({ length: 31 }, () => 'https://cdn.example.com/a.jpg') })).toBe(false);
    expect(patch({ source_url: 'javascript:alert(1)' })).toBe(false);
    expect(patch({ sale_stock: 1_000_000 })).toBe(false);
    expect(patch({ stage: 'ready' })).toBe(false);
    expect((ProductDetail.properties as Record<string, object>).images).toMatchObject({ type: 'array' });
    expect((ProductDetail.properties as Record<string, object>).primary_image).toHaveProperty('anyOf');
  });

  it('prints every products.csv column: images from the row, the marketplace id empty until published', () => {
    const images = { primary_image: 'https://cdn/a.jpg', images: ['https://cdn/a.jpg', 'https://cdn/b.jpg'] };
    const record = { marketplace_product_id: null, stage: 'ready', price: 990 } as unknown as ExportRecord;
    expect(csvLine(record, images, [CELLS.primary_image, CELLS.images, CELLS.product_id, CELLS.stage, CELLS.price])).toBe(
      'https://cdn/a.jpg,https://cdn/a.jpg|https://cdn/b.jpg,,ready,990\r\n',
    );
  });
});
