import { describe, expect, it } from 'vitest';
import { EXPORT_BATCH_SIZE, makeExportProductsCsv } from '../../../src/application/use-cases/export-products-csv.ts';
import { PRODUCT_CSV_COLUMNS } from '../../../src/domain/catalog/csv-columns.ts';
import { newProduct } from '../../../src/domain/catalog/product.ts';
import { catalogKit } from './catalog-kit.ts';
import { line, readCsv } from './csv-read.ts';

const SOURCE = 'https://detail.1688.com/offer/6543.html';

describe('export products csv', () => {
  it('writes a header and one row per product but the archived, oldest first, with explicit or derived pictures', async () => {
    const kit = catalogKit();
    const mug = await kit.given({
      name: 'Кружка',
      offer_id: 'MUG-1',
      price: 593,
      weight: 300,
      source_item_id: '6543',
      source_url: SOURCE,
      marketplace_product_id: '880',
      images: ['/media/a.jpg', '/media/b.jpg'],
    });
    kit.clock.advance(60_000);
    const manual = await kit.given({ name: '=HYPERLINK("x")', source_platform: null, stage: 'ready', published_at: kit.clock.iso(), depth: 10.5 });
    const main = await kit.givenImage(manual.id, { group_key: 'main' });
    const detail = await kit.givenImage(manual.id, { group_key: 'detail' });
    await kit.given({ name: 'Архив', stage: 'archived' });
    const csv = await readCsv(makeExportProductsCsv(kit)({}));
    expect(csv.bom).toBe(true);
    expect(csv.rows).toEqual([
      PRODUCT_CSV_COLUMNS.join(','),
      line(
        'MUG-1',
        880,
        'Кружка',
        '',
        593,
        '',
        'RUB',
        0,
        300,
        'g',
        '',
        '',
        '',
        'mm',
        '',
        '/media/a.jpg',
        '/media/a.jpg|/media/b.jpg',
        '1688',
        6543,
        SOURCE,
        'editing',
        '',
        mug.created_at,
      ),
      line(
        '',
        '',
        `"'=HYPERLINK(""x"")"`,
        '',
        '',
        '',
        'RUB',
        0,
        '',
        'g',
        10.5,
        '',
        '',
        'mm',
        '',
        main.stored_url,
        `${main.stored_url}|${detail.stored_url}`,
        '',
        '',
        '',
        'ready',
        manual.published_at!,
        manual.created_at,
      ),
    ]);
  });

  it('keeps to one stage or the named products, archived ones only when that stage is asked for', async () => {
    const kit = catalogKit();
    const [editing, ready, archived] = [
      await kit.given({ offer_id: 'E' }),
      await kit.given({ offer_id: 'R', stage: 'ready' }),
      await kit.given({ offer_id: 'A', stage: 'archived' }),
    ];
    const offers = async (input: Parameters<ReturnType<typeof makeExportProductsCsv>>[0]) =>
      (await readCsv(makeExportProductsCsv(kit)({ ...input, fields: ['offer_id'] }))).rows.slice(1);
    expect(await offers({ stage: 'ready' })).toEqual(['R']);
    expect(await offers({ stage: 'archived' })).toEqual(['A']);
    expect(await offers({ ids: [archived.id, ready.id] })).toEqual(['R']);
    expect(await offers({ ids: [editing.id], stage: 'ready' })).toEqual([]);
  });

  it('writes the chosen fields in the spec’s order, and refuses an unknown one (422) before anything is written', async () => {
    const kit = catalogKit();
    await kit.given({ name: 'Полка', offer_id: 'S-1', images: ['/media/s.jpg'] });
    const csv = await readCsv(makeExportProductsCsv(kit)({ fields: ['images', 'name', 'offer_id'] }));
    expect(csv.rows).toEqual(['offer_id,name,images', 'S-1,Полка,/media/s.jpg']);
    const refusal = { code: 'CSV_FIELD_UNKNOWN', kind: 'invalid', problems: [{ path: 'querystring:/fields', message: 'cost' }] };
    expect(() => makeExportProductsCsv(kit)({ fields: ['name', 'cost'] })).toThrow(expect.objectContaining(refusal));
  });

  it('streams one chunk per batch of products read', async () => {
    const kit = catalogKit();
    const created = kit.clock.iso();
    const products = Array.from({ length: EXPORT_BATCH_SIZE + 1 }, (_, i) =>
      newProduct({ id: kit.ids.uuid(), stage: 'editing', source_platform: '1688', offer_id: `P-${i}` }, created),
    );
    for (const product of products) await kit.products.insert(product);
    const csv = await readCsv(makeExportProductsCsv(kit)({ fields: ['offer_id'] }));
    expect(csv.chunks).toHaveLength(3);
    expect(csv.rows).toHaveLength(EXPORT_BATCH_SIZE + 2);
    expect(new Set(csv.rows.slice(1))).toEqual(new Set(products.map((product) => product.offer_id)));
  });
});
