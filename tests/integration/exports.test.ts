import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../fakes/fake-server.ts';
import { startFxFakes, type FxFakes } from '../fakes/fx.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { addStoredImage, completeProduct, JPEG_BYTES, parseCsv, readZip } from './catalog-helpers.ts';

/** The CSV columns of docs/decisions.md, Exports, written out here so the test checks the code against the contract. */
const PRODUCT_CSV_COLUMNS =
  'offer_id, product_id, name, description_category_id, price, old_price, currency_code, vat, weight, weight_unit, depth, width, height, dimension_unit, barcode, primary_image, images, source_platform, source_item_id, source_url, stage, published_at, created_at'.split(
    ', ',
  );
const TRIAL_CSV_COLUMNS =
  'product_id, offer_id, name, source_platform, source_url, stage, cost_cny, weight_g, fx_rate, tier, logistics_cny, price_rub, old_price_rub, profit_rub, reserve_discount_percent, updated_at'.split(
    ', ',
  );

let test: TestApp;
let fx: FxFakes;
let cdn: FakeServer;

beforeAll(async () => {
  fx = await startFxFakes({ cbr: { kind: 'rate', rate: 11.5 } });
  cdn = await startFakeServer((request, response) => {
    if (request.url === '/ok.png') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]));
      return;
    }
    response.writeHead(404);
    response.end();
  });
  test = await startTestApp({ env: fx.env });
});
afterAll(async () => {
  await test.close();
  await fx.close();
  await cdn.close();
});

async function create(body: Record<string, unknown>): Promise<{ id: string }> {
  const response = await test.app.inject({ method: 'POST', url: '/api/products', headers: test.auth, payload: body });
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('exports', () => {
  it('products.csv: BOM, the 23 columns in order, the worked-example price, | joined images, formula-safe cells', async () => {
    const product = await create({ ...completeProduct, name: '=HYPERLINK("http://evil")', offer_id: 'CSV-1' });
    await addStoredImage(test, product.id, 0);
    await addStoredImage(test, product.id, 1);
    const response = await test.app.inject({ method: 'GET', url: `/api/export/products.csv?ids=${product.id}`, headers: test.auth });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''/);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(response.body).toContain('\r\n');
    const [header, row, ...rest] = parseCsv(response.body);
    expect(header).toEqual(PRODUCT_CSV_COLUMNS);
    expect(rest).toEqual([]);
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell('price')).toBe('593');
    expect(cell('old_price')).toBe('1186');
    expect(cell('product_id')).toBe('');
    expect(cell('name')).toBe(`'=HYPERLINK("http://evil")`);
    expect(cell('images')!.split('|')).toHaveLength(2);
    expect(cell('primary_image')).toBe(cell('images')!.split('|')[0]);
  });

  it('products.csv honours stage, ids and fields (spec order), and refuses an unknown field with 422', async () => {
    const a = await create({ name: 'A', offer_id: 'F-1' });
    const b = await create({ name: 'B', offer_id: 'F-2' });
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/export/products.csv?stage=editing&ids=${a.id},${b.id}&fields=name,offer_id`,
      headers: test.auth,
    });
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual(['offer_id', 'name']);
    expect(rows.slice(1).sort()).toEqual([
      ['F-1', 'A'],
      ['F-2', 'B'],
    ]);
    const none = await test.app.inject({ method: 'GET', url: `/api/export/products.csv?stage=ready&ids=${a.id}`, headers: test.auth });
    expect(parseCsv(none.body)).toHaveLength(1);
    const unknown = await test.app.inject({ method: 'GET', url: '/api/export/products.csv?fields=name,secret', headers: test.auth });
    expect(unknown.statusCode).toBe(422);
    // The schema names the columns (issue 18), so the document predicts this 422.
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'querystring:/fields' }] });
    const badIds = await test.app.inject({ method: 'GET', url: '/api/export/products.csv?ids=1;drop', headers: test.auth });
    expect(badIds.statusCode).toBe(422);
  });

  it('products.csv and offers.csv: Chinese headers with lang=zh, the keys by default; description and attributes on request; the sent model name', async () => {
    const product = await create({ ...completeProduct, offer_id: 'LANG-1', description: 'Описание, "в кавычках"', attributes: { '85': 'Бренд' } });
    const named = await create({ ...completeProduct, offer_id: 'LANG-2', attributes: { '9048': [{ value: 'MODEL-X' }] } });
    const get = async (url: string) => {
      const response = await test.app.inject({ method: 'GET', url, headers: test.auth });
      expect(response.statusCode, response.body).toBe(200);
      return parseCsv(response.body);
    };
    expect((await get(`/api/export/products.csv?ids=${product.id}`))[0]).toEqual(PRODUCT_CSV_COLUMNS);
    const [zh] = await get(`/api/export/products.csv?ids=${product.id}&lang=zh`);
    expect(zh!.slice(0, 3)).toEqual(['货号', '商品编号', '商品名称']);
    expect(zh).toContain('售价（₽）');
    const [keys, row] = await get(`/api/export/products.csv?ids=${product.id}&fields=attributes,offer_id,description`);
    expect(keys).toEqual(['offer_id', 'description', 'attributes']);
    expect(row).toEqual(['LANG-1', 'Описание, "в кавычках"', '{"85":"Бренд"}']);
    const [zhOffers, ...offers] = await get(`/api/export/offers.csv?ids=${product.id},${named.id}&fields=offer_id,model_name,description&lang=zh`);
    expect(zhOffers).toEqual(['货号', '型号名称（9048）', '商品描述']);
    // Without variants the model name is the product's own 9048 only, as publishing sends it and the pre-flight checks it.
    expect(offers.map((cells) => cells.slice(0, 2)).sort()).toEqual([
      ['LANG-1', ''],
      ['LANG-2', 'MODEL-X'],
    ]);
    const refused = await test.app.inject({ method: 'GET', url: '/api/export/products.csv?lang=ru', headers: test.auth });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBeDefined();
  });

  it('trial-csv has the 16 columns of docs/decisions.md (Exports) with the breakdown', async () => {
    const product = await create({ ...completeProduct, offer_id: 'TRIAL-1' });
    const response = await test.app.inject({ method: 'GET', url: '/api/export/trial-csv?stage=editing', headers: test.auth });
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual(TRIAL_CSV_COLUMNS);
    const row = rows.find((r) => r[0] === product.id)!;
    expect(row.slice(6, 15)).toEqual(['20', '300', '11.5', 'low', '13.5', '593', '1186', '115.84', '50']);
  });

  it('images zip: a folder per group, safe names, _errors.txt for images that cannot be fetched', async () => {
    const product = await create({ name: 'zip' });
    const stored = await addStoredImage(test, product.id);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/export/images',
      headers: test.auth,
      payload: {
        title: 'Кружка / "Север"',
        images: [
          { url: stored.stored_url, groupName: '主图', variantName: null, key: 'main_01' },
          { url: `${cdn.url}/ok.png`, groupName: '../sku', key: 'red/../1' },
          { url: `${cdn.url}/missing.jpg`, groupName: 'detail', key: 'gone' },
          { url: '/media/not/there.jpg', groupName: 'detail', key: 'gone2' },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="images.zip"; filename*=UTF-8''${encodeURIComponent('Кружка-Север.zip')}`);
    const files = readZip(response.rawPayload);
    expect([...files.keys()]).toEqual(['Кружка-Север/主图/main-01.jpg', 'Кружка-Север/sku/red-1.png', 'Кружка-Север/_errors.txt']);
    expect(files.get('Кружка-Север/主图/main-01.jpg')).toEqual(Buffer.from(JPEG_BYTES));
    const errors = files.get('Кружка-Север/_errors.txt')!.toString('utf8');
    expect(errors).toContain('detail/gone\t');
    expect(errors).toContain('HTTP 404');
    expect(errors).toContain('detail/gone2\t');
  });

  it('images zip refuses an empty list with 422', async () => {
    const response = await test.app.inject({ method: 'POST', url: '/api/export/images', headers: test.auth, payload: { title: 'x', images: [] } });
    expect(response.statusCode).toBe(422);
  });
});
