import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/adapters/persistence/connection.ts';
import { type FakeOzon, startFakeOzon } from '../../../tests/fakes/ozon.ts';
import { FAKE_WAREHOUSES } from '../../../tests/fakes/ozon-stocks.ts';
import { apiJson, apiLogin } from './api.ts';
import { bindShop, productWithColours } from './publish-api.ts';
import { POLL, type Stack, savedAll, shot, startStack, text } from './stack.ts';
import { createManual } from './workbench-api.ts';

const KEY = '3f1b2c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';
const WAREHOUSE = FAKE_WAREHOUSES[0]!.warehouse_id;

/** Warehouses and stock as a seller sets them on the page (issue 31): the shop's defaults, a product's and a variant's sale stock, bulk. */
describe('warehouses and stock in Chromium', () => {
  let stack: Stack;
  let ozon: FakeOzon;
  let token = '';
  let shopId = '';
  const page = () => stack.page;
  const base = () => stack.service.baseUrl;

  beforeAll(async () => {
    ozon = await startFakeOzon();
    ozon.addKey('123456', KEY);
    stack = await startStack({ OZON_API_URL: ozon.url, STOCK_PAIR_INTERVAL: '300ms', STOCK_IDLE: '200ms' });
    token = await apiLogin(base());
    shopId = await bindShop(base(), token, '123456', KEY);
    await stack.login();
  });
  afterAll(async () => {
    await stack?.close();
    await ozon?.close();
  });

  it('chooses the default warehouse and stock on the shops screen; a negative stock is refused in Chinese and nothing saved', async () => {
    const row = `tr[data-shop-id="${shopId}"]`;
    await page().click('#nav-shops');
    await page().waitForURL(/\/shops$/);
    await page().waitForSelector(`${row} .warehouse-select option[value="${WAREHOUSE}"]`, { state: 'attached' });
    expect(await text(page(), `${row} .no-warehouse`)()).toContain('不会自动发送库存');
    expect(await text(page(), `${row} .warehouse-select`)()).toContain('Москва КГТ（FBS · 大件（КГТ））');
    await page().selectOption(`${row} .warehouse-select`, String(WAREHOUSE));
    await page().fill(`${row} .default-stock`, '-3');
    await page().click(`${row} [data-action="save-stock"]`);
    await expect.poll(text(page(), `${row} .stock-cell .form-error`), POLL).toMatch(/默认库存.*0/);
    expect(await apiJson(base(), token, 'GET', `/api/shops/${shopId}`)).toMatchObject({ default_warehouse_id: null, default_stock: 0 });
    await page().fill(`${row} .default-stock`, '20');
    await page().click(`${row} [data-action="save-stock"]`);
    await expect.poll(() => apiJson(base(), token, 'GET', `/api/shops/${shopId}`), POLL).toMatchObject({ default_warehouse_id: WAREHOUSE, default_stock: 20 });
    await expect.poll(() => page().locator(`${row} .no-warehouse`).isHidden(), POLL).toBe(true);
    await shot(page(), '65-shop-stock-defaults');
  });

  it('sets a product’s sale stock in the editor: a fraction is refused beside the field, a whole number saved', async () => {
    const id = await createManual(base(), token, 'Коробка для хранения');
    await page().goto(`${base()}/products/${id}`);
    await page().waitForSelector('#f-sale_stock');
    expect(await page().getAttribute('#f-sale_stock', 'placeholder')).toBe('店铺默认');
    await page().fill('#f-sale_stock', '1.5');
    await expect.poll(text(page(), '#f-sale_stock-message'), POLL).toMatch(/销售库存/);
    await page().fill('#f-sale_stock', '12');
    await savedAll(page());
    expect(await apiJson(base(), token, 'GET', `/api/products/${id}`)).toMatchObject({ sale_stock: 12 });
    await page().locator('#f-sale_stock').scrollIntoViewIfNeeded();
    await shot(page(), '66-editor-sale-stock');
  });

  it('sets a colour’s sale stock beside its collected stock on the variant table', async () => {
    const id = await productWithColours(base(), token, stack.fixtures.url, 'e2e-3101', 'SCARF-STOCK');
    await page().goto(`${base()}/products/${id}?tab=publish`);
    const red = '#variant-table [data-path="variants/0/sale_stock"] input';
    await page().waitForSelector(red);
    expect(await page().getAttribute(red, 'placeholder')).toBe('店铺默认');
    await page().fill(red, '50');
    const saleStocks = async () =>
      (await apiJson<{ variants: { sale_stock: number | null }[] }>(base(), token, 'GET', `/api/products/${id}`)).variants.map((v) => v.sale_stock);
    await expect.poll(saleStocks, POLL).toEqual([50, null, null]);
    await savedAll(page());
    await page().locator('#variant-table').scrollIntoViewIfNeeded();
    await shot(page(), '67-variant-sale-stock');
  });

  it('sets the stock of several products from the bulk bar; a negative one is refused in Chinese', async () => {
    const ids = [await createManual(base(), token, 'Органайзер А'), await createManual(base(), token, 'Органайзер Б')];
    await page().goto(`${base()}/products`);
    for (const id of ids) await page().check(`tr[data-product-id="${id}"] input[type=checkbox]`);
    await page().click('#bulk-stock');
    await page().fill('#bulk-stock-value', '-2');
    await page().click('#bulk-stock-apply');
    await expect.poll(text(page(), '#bulk-error'), POLL).toMatch(/库存不能小于 0/);
    await page().fill('#bulk-stock-value', '8');
    await page().click('#bulk-stock-apply');
    await expect.poll(text(page(), '#bulk-results h2'), POLL).toContain('设置库存：成功 2 件');
    for (const id of ids) expect(await apiJson(base(), token, 'GET', `/api/products/${id}`)).toMatchObject({ sale_stock: 8 });
    await shot(page(), '68-bulk-stock');
  });

  it('shows where each offer’s stock stands on the warehouses, the marketplace’s refusal explained in Chinese', async () => {
    const id = await createManual(base(), token, 'Шкаф складной');
    await apiJson(base(), token, 'PATCH', `/api/products/${id}`, { offer_id: 'KGT-E2E-1' });
    // Its card exists on the marketplace (as the publish write-back would have stored); the marketplace counts it as bulky.
    const db = await openDatabase(`sqlite://${path.join(stack.service.dataDir, 'listing.db')}`);
    try {
      await db.db.updateTable('products').set({ marketplace_product_id: '880001234', stage: 'published' }).where('id', '=', id).execute();
    } finally {
      await db.close();
    }
    ozon.stockBook.created = () => true;
    ozon.stockBook.kgtOffers.add('KGT-E2E-1');
    await apiJson(base(), token, 'POST', '/api/stock', { shop_id: shopId, items: [{ product_id: id, stock: 6 }] });
    await page().goto(`${base()}/products/${id}?tab=publish`);
    await page().waitForSelector('#stock-card');
    await expect
      .poll(async () => {
        await page().click('#stock-card [data-action="reload-stock"]');
        return page().locator('#stock-sends [data-stock-status="failed"]').count();
      }, POLL)
      .toBe(1);
    expect(await text(page(), '#stock-sends')()).toContain('这是大件（КГТ）商品，所选仓库不接收大件商品');
    // The warehouse by the name the seller chose it by, not its id.
    expect(await text(page(), '#stock-sends [data-stock-status="failed"] td:nth-child(2)')()).toBe('Москва FBS');
    await page().locator('#stock-card').scrollIntoViewIfNeeded();
    await shot(page(), '69-stock-refused-explained');
  });
});
