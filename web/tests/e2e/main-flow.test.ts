import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiJson, apiLogin, collectProduct, waitForDownloads } from './api.ts';
import { POLL, type Stack, attr, savedAll, shot, startStack, text, value } from './stack.ts';
import { APP_TOKEN } from './service.ts';

describe('the seller’s main flow in Chromium', () => {
  let stack: Stack;
  let productId = '';
  const page = () => stack.page;

  beforeAll(async () => {
    stack = await startStack();
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('asks for the app token and refuses a wrong one', async () => {
    await page().goto(`${stack.service.baseUrl}/`);
    await page().waitForURL(/\/login$/);
    await page().click('#use-app-token');
    await page().fill('#app-token', 'wrong-token');
    await page().click('button[type=submit]');
    await expect.poll(text(page(), '.form-error'), POLL).not.toBe('');
    await shot(page(), '01-login');
    await page().fill('#app-token', APP_TOKEN);
    await page().click('button[type=submit]');
    await page().waitForURL(/\/products$/);
  });

  it('lists a product collected through the API, with its images and the failed download', async () => {
    const token = await apiLogin(stack.service.baseUrl);
    productId = await collectProduct(stack.service.baseUrl, token, stack.fixtures.url, 'e2e-1001');
    await waitForDownloads(stack.service.baseUrl, token, productId);
    await page().reload();
    const row = `tr[data-product-id="${productId}"]`;
    await expect.poll(text(page(), row), POLL).toContain('女士冬季加厚保暖羊毛围巾');
    await expect.poll(text(page(), row), POLL).toContain('主 1');
    await shot(page(), '02-products');
  });

  it('searches the list and keeps typing in the search box', async () => {
    await page().fill('#search', 'нет такого товара');
    await expect.poll(text(page(), '#product-table tbody'), POLL).toContain('没有符合搜索或筛选条件的商品');
    expect(await page().evaluate(() => document.activeElement?.id)).toBe('search');
    await page().fill('#search', 'e2e-1001');
    await expect.poll(() => page().locator('#product-table tbody tr[data-product-id]').count(), POLL).toBe(1);
    await page().fill('#search', '');
    await page().waitForURL(/\/products$/);
  });

  it('prices the product live while typing, and the server stores the same price', async () => {
    await page().click(`tr[data-product-id="${productId}"] td.name a`);
    await page().waitForURL(new RegExp(`/products/${productId}$`));
    await page().fill('#f-pricing-cost_cny', '20');
    await page().fill('#f-weight_g', '300');
    // DECISIONS §4 worked example: 20 CNY, 300 g, fx 11.5, markup 30, reserve 50 → low tier, 593 ₽, old 1 186.
    await expect.poll(attr(page(), '#live-price', 'data-value'), POLL).toBe('593');
    await expect.poll(text(page(), '#live-tier'), POLL).toContain('low');
    await savedAll(page());
    await expect.poll(attr(page(), '#server-price', 'data-state'), POLL).toBe('match');
    await expect.poll(attr(page(), '#server-price', 'data-value'), POLL).toBe('593');
    await shot(page(), '03-editor-pricing');
  });

  it('finds the typed cost saved after a reload', async () => {
    await page().reload();
    await expect.poll(value(page(), '#f-pricing-cost_cny'), POLL).toBe('20');
    await expect.poll(value(page(), '#f-weight_g'), POLL).toBe('300');
    await expect.poll(attr(page(), '#server-price', 'data-value'), POLL).toBe('593');
  });

  it('shows the failed ready checks, then moves to ready once the fields are fixed', async () => {
    // Only legal moves are offered: the ready button waits, disabled, under the list of failing checks.
    await page().waitForSelector('#ready-checks li', { timeout: 15_000 });
    expect(await page().isDisabled('#stage-ready')).toBe(true);
    await shot(page(), '04-editor-ready-refused');
    await page().fill('#f-name', 'Шарф женский зимний шерстяной');
    await page().fill('#f-description', 'Тёплый мягкий шарф из шерсти, 180×30 см. Не скатывается, приятен к коже.');
    await page().fill('#f-offer_id', 'SCARF-E2E-1001');
    await page().fill('#f-depth', '200');
    await page().fill('#f-width', '150');
    await page().fill('#f-height', '40');
    await savedAll(page());
    await page().click('#stage-ready');
    await expect.poll(text(page(), '.editor-title .stage'), POLL).toBe('待上架');
    await expect.poll(text(page(), '#ready-checks'), POLL).toBe('');
  });

  it('exports the selected product as CSV with its stage, ids and price', async () => {
    await page().click('a.back');
    await page().waitForURL(/\/products$/);
    await page().check(`tr[data-product-id="${productId}"] input[type=checkbox]`);
    const [download] = await Promise.all([page().waitForEvent('download'), page().click('#export-selected')]);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = csv.slice(1).trim().split('\r\n');
    expect(header?.split(',')[0]).toBe('offer_id');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('SCARF-E2E-1001');
    expect(rows[0]).toContain(',593,');
    expect(rows[0]).toContain(',ready,');
    const token = await apiLogin(stack.service.baseUrl);
    const stored = await apiJson<{ price: number; stage: string }>(stack.service.baseUrl, token, 'GET', `/api/products/${productId}`);
    expect(stored).toMatchObject({ price: 593, stage: 'ready' });
  });

  it('moves the product back to editing, archives and restores it', async () => {
    await page().click(`tr[data-product-id="${productId}"] td.name a`);
    await page().click('#stage-editing');
    await expect.poll(text(page(), '.editor-title .stage'), POLL).toBe('编辑中');
    page().once('dialog', (dialog) => void dialog.accept());
    await page().click('#stage-archive');
    await expect.poll(text(page(), '.editor-title .stage'), POLL).toBe('已归档');
    await page().click('#stage-restore');
    await expect.poll(text(page(), '.editor-title .stage'), POLL).toBe('编辑中');
  });
});
