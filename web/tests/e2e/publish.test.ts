import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOzon, startFakeOzon } from '../../../tests/fakes/ozon.ts';
import { POLL, type Stack, attr, shot, startStack, text } from './stack.ts';

const CLIENT_ID = '2650001';
const GOOD_KEY = 'e2e-ozon-key-0001';
const ROTATED_KEY = 'e2e-ozon-key-0002';

/** A seller binds a shop, picks a category, fills the attributes, checks, and publishes (issue 13). */
describe('publishing from the page in Chromium', () => {
  let stack: Stack;
  let ozon: FakeOzon;
  const page = () => stack.page;
  const shopRow = `tr[data-shop="Ozon 主店"]`;

  beforeAll(async () => {
    ozon = await startFakeOzon();
    ozon.addKey(CLIENT_ID, GOOD_KEY);
    // Stored images must be public URLs for the marketplace to fetch them; the fake CDN is loopback.
    stack = await startStack({ OZON_API_URL: ozon.url, PUBLIC_BASE_URL: 'https://lws.example.com' });
    await stack.login();
  });

  afterAll(async () => {
    await stack?.close();
    await ozon?.close();
  });

  it('binds a shop: a wrong key is shown as invalid, the right one as active with its expiry', async () => {
    await page().click('#nav-shops');
    await page().waitForURL(/\/shops$/);
    await expect.poll(text(page(), '#shop-table tbody'), POLL).toContain('还没有店铺');
    await page().fill('#shop-name', 'Ozon 主店');
    await page().fill('#shop-client-id', CLIENT_ID);
    await page().fill('#shop-api-key', 'e2e-wrong-key-9999');
    await page().click('#shop-add');
    await expect.poll(attr(page(), `${shopRow} [data-status]`, 'data-status'), POLL).toBe('invalid');
    await expect.poll(text(page(), '#toasts'), POLL).toContain('被平台拒绝');

    await page().click(`${shopRow} [data-action=rotate]`);
    await page().fill(`${shopRow} .rotate-input`, GOOD_KEY);
    await page().click(`${shopRow} [data-action=rotate-confirm]`);
    await expect.poll(attr(page(), `${shopRow} [data-status]`, 'data-status'), POLL).toBe('active');
    await expect.poll(text(page(), `${shopRow} .expiry-cell`), POLL).toContain('2027-02-18');
    await expect.poll(text(page(), `${shopRow} td.name`), POLL).toContain('****0001');
    await shot(page(), '10-shops');
  });

  it('rotates the key: the new key is tested at once', async () => {
    ozon.addKey(CLIENT_ID, ROTATED_KEY);
    await page().click(`${shopRow} [data-action=rotate]`);
    await page().fill(`${shopRow} .rotate-input`, ROTATED_KEY);
    await page().click(`${shopRow} [data-action=rotate-confirm]`);
    await expect.poll(text(page(), `${shopRow} td.name`), POLL).toContain('****0002');
    await expect.poll(attr(page(), `${shopRow} [data-status]`, 'data-status'), POLL).toBe('active');
  });

  it('deletes a second shop after confirming', async () => {
    await page().fill('#shop-name', '测试店');
    await page().fill('#shop-client-id', CLIENT_ID);
    await page().fill('#shop-api-key', ROTATED_KEY);
    await page().click('#shop-add');
    await expect.poll(attr(page(), 'tr[data-shop="测试店"] [data-status]', 'data-status'), POLL).toBe('active');
    page().once('dialog', (dialog) => void dialog.accept());
    await page().click('tr[data-shop="测试店"] [data-action=delete]');
    await expect.poll(() => page().locator('tr[data-shop="测试店"]').count(), POLL).toBe(0);
    await expect.poll(() => page().locator(shopRow).count(), POLL).toBe(1);
  });
});
