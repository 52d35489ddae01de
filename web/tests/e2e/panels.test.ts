import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiJson, apiLogin, collectProduct, waitForDownloads } from './api.ts';
import { downloaded } from './browser.ts';
import { POLL, type Stack, attr, savedAll, shot, startStack, text, value } from './stack.ts';

describe('the editor’s panels, the session and the safety nets in Chromium', () => {
  let stack: Stack;
  let token = '';
  let productId = '';
  const page = () => stack.page;
  const open = async (tab = '') => {
    await page().goto(`${stack.service.baseUrl}/products/${productId}${tab ? `?tab=${tab}` : ''}`);
    await page().waitForSelector('#save-state [data-status]');
  };

  beforeAll(async () => {
    stack = await startStack();
    token = await apiLogin(stack.service.baseUrl);
    productId = await collectProduct(stack.service.baseUrl, token, stack.fixtures.url, 'e2e-2002');
    await waitForDownloads(stack.service.baseUrl, token, productId);
    await stack.login();
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('sends an expired session back to the login form with a message', async () => {
    await page().evaluate(() => localStorage.setItem('lws.session', JSON.stringify({ accessToken: 'x', expiresAt: '2020-01-01T00:00:00.000Z' })));
    await page().goto(`${stack.service.baseUrl}/products`);
    await page().waitForURL(/\/login/);
    await expect.poll(text(page(), '.notice'), POLL).toContain('登录已过期');
  });

  it('does the same when the server refuses the token (401)', async () => {
    await page().evaluate(() => localStorage.setItem('lws.session', JSON.stringify({ accessToken: 'forged', expiresAt: '2099-01-01T00:00:00.000Z' })));
    await page().goto(`${stack.service.baseUrl}/products`);
    await page().waitForURL(/\/login/);
    await expect.poll(text(page(), '.notice'), POLL).not.toBe('');
    await stack.login();
  });

  it('shows the images by group with their status, retries the failed one and uploads a file', async () => {
    await open('images');
    await page().waitForSelector('#asset-library [data-status="failed"]');
    await expect.poll(text(page(), '#retry-failed'), POLL).toContain('（1）');
    await expect.poll(() => page().locator('#chosen-images img').count(), POLL).toBeGreaterThan(0);
    const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 30, g: 160, b: 90 } } })
      .png()
      .toBuffer();
    await page().setInputFiles('#upload-input', { name: 'own-photo.png', mimeType: 'image/png', buffer: photo });
    await page().waitForSelector('#asset-library section[data-group="upload"] [data-status="stored"]');
    const [zip] = await Promise.all([page().waitForEvent('download'), page().click('#export-images')]);
    expect((await downloaded(zip)).subarray(0, 2).toString()).toBe('PK');
    await page().click('#retry-failed');
    await expect.poll(text(page(), '#toasts'), POLL).toContain('重新排队');
    await shot(page(), '05-editor-images');
  });

  it('explains a missing text model, and applies hand-written Russian copy to the name and description', async () => {
    await open('copy');
    // Before any click (issue 32 item 10): the button is off and the notice names every key that would do.
    await expect.poll(() => page().isDisabled('#copy-generate'), POLL).toBe(true);
    await expect.poll(text(page(), '#copy-no-model'), POLL).toContain('DEEPSEEK_API_KEY');
    expect(await text(page(), '#copy-no-model')()).toContain('ANTHROPIC_API_KEY');
    await page().fill('#f-copy-title_ru', 'Шарф женский тёплый');
    await page().fill('#f-copy-description_ru', 'Мягкий шерстяной шарф для холодной зимы.');
    await savedAll(page());
    await page().click('#copy-apply');
    await expect.poll(text(page(), '.product-title'), POLL).toBe('Шарф женский тёплый');
    await shot(page(), '06-editor-copy');
    const product = await apiJson<{ name: string; description: string }>(stack.service.baseUrl, token, 'GET', `/api/products/${productId}`);
    expect(product).toMatchObject({ name: 'Шарф женский тёплый', description: 'Мягкий шерстяной шарф для холодной зимы.' });
  });

  it('plans a suite, generates it offline with the template model while polling, and downloads the zip', async () => {
    await open('suite');
    await page().click('#suite-plan');
    await page().waitForSelector('#suite-plan-table tbody tr');
    await page().selectOption('#suite-model', 'template');
    await page().check('#wm-enabled');
    await page().fill('#wm-text', 'SHOP');
    await page().click('#suite-generate');
    await expect.poll(attr(page(), '#suite-status', 'data-status'), { timeout: 100_000, interval: 500 }).toMatch(/^(done|partial)$/);
    await expect.poll(() => page().locator('#suite-gallery img').count(), POLL).toBeGreaterThan(0);
    await page().locator('#suite-job').scrollIntoViewIfNeeded();
    await shot(page(), '07-editor-suite');
    const [download] = await Promise.all([page().waitForEvent('download'), page().click('#suite-zip')]);
    expect((await downloaded(download)).subarray(0, 2).toString()).toBe('PK');
  }, 120_000);

  it("lists the product's earlier suites after a reload, newest open, and opens an older one", async () => {
    const base = stack.service.baseUrl;
    const [first] = (await apiJson<{ items: { id: string }[] }>(base, token, 'GET', `/api/products/${productId}/suites`)).items;
    const { suite_id: second } = await apiJson<{ suite_id: string }>(base, token, 'POST', '/api/suite/generate', {
      product_id: productId,
      plan: [{ kind: 'title', title: 'Новинка', count: 1 }],
      model: 'template',
    });
    await expect
      .poll(async () => (await apiJson<{ status: string }>(base, token, 'GET', `/api/suites/${second}`)).status, { timeout: 60_000, interval: 300 })
      .toBe('done');
    await open('suite');
    await expect
      .poll(
        () =>
          page()
            .locator('#suite-history li')
            .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.suiteId)),
        POLL,
      )
      .toEqual([second, first!.id]);
    await expect.poll(attr(page(), '#suite-job', 'data-suite-id'), POLL).toBe(second);
    await expect.poll(attr(page(), '#suite-status', 'data-status'), POLL).toBe('done');
    await page().click(`#suite-history li[data-suite-id="${first!.id}"] .suite-open`);
    await expect.poll(attr(page(), '#suite-job', 'data-suite-id'), POLL).toBe(first!.id);
    await expect.poll(() => page().locator('#suite-gallery img').count(), POLL).toBeGreaterThan(1);
    await expect.poll(attr(page(), `#suite-history li[data-suite-id="${first!.id}"]`, 'aria-current'), POLL).toBe('true');
    await page().locator('#suite-history').scrollIntoViewIfNeeded();
    await expect
      .poll(
        () =>
          page()
            .locator('#suite-history img')
            .evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete)),
        POLL,
      )
      .toBe(true);
    await shot(page(), '07b-editor-suite-history');
  }, 120_000);

  it('offers no AI edit with only the template configured, and says which keys enable it', async () => {
    await open('images');
    await page().click('#asset-library section[data-group="main"] [data-status="stored"] button:has-text("AI 修图")');
    await page().fill('#edit-prompt', 'Белый фон');
    // Without an AI image key only the template is configured, and it cannot follow a prompt (issue 17).
    await expect.poll(text(page(), '#edit-unavailable'), POLL).toContain('内置模板不能按文字要求修图');
    expect(await page().locator('#edit-start').isDisabled()).toBe(true);
    await shot(page(), '09-editor-image-edit');
  }, 120_000);

  it('keeps typed edits through a conflicting save elsewhere and saves them over the latest version', async () => {
    await open();
    const before = await apiJson<{ version: number }>(stack.service.baseUrl, token, 'GET', `/api/products/${productId}`);
    await apiJson(stack.service.baseUrl, token, 'PATCH', `/api/products/${productId}`, { barcode: '4600000000017' });
    await page().fill('#f-offer_id', 'CONFLICT-1');
    await expect.poll(attr(page(), '#save-state [data-status]', 'data-status'), POLL).toBe('conflict');
    await shot(page(), '08-editor-conflict');
    await page().click('#conflict-keep');
    await savedAll(page());
    const after = await apiJson<{ version: number; offer_id: string; barcode: string }>(stack.service.baseUrl, token, 'GET', `/api/products/${productId}`);
    expect(after).toMatchObject({ offer_id: 'CONFLICT-1', barcode: '4600000000017' });
    expect(after.version).toBeGreaterThan(before.version + 1);
    await expect.poll(value(page(), '#f-barcode'), POLL).toBe('4600000000017');
  });

  it('saves the edits a closed tab left behind on the next visit', async () => {
    await page().evaluate((id) => localStorage.setItem(`lws.draft.${id}`, JSON.stringify({ pricing: { markup_percent: 45 } })), productId);
    await open();
    await savedAll(page());
    // Saved: the banner says so instead of "正在保存" (issue 32 item 13).
    await expect.poll(text(page(), '#restored-notice'), POLL).toBe('已恢复上次未保存的修改，并已保存。');
    const product = await apiJson<{ pricing: { markup_percent?: number } }>(stack.service.baseUrl, token, 'GET', `/api/products/${productId}`);
    expect(product.pricing.markup_percent).toBe(45);
    await expect.poll(value(page(), '#f-pricing-markup_percent'), POLL).toBe('45');
  });

  it('asks before leaving with an unsaved edit', async () => {
    await open();
    const dialogs: string[] = [];
    page().once('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page().fill('#f-barcode', '1');
    await page().click('a.back');
    expect(dialogs[0]).toContain('未保存');
    expect(page().url()).toContain(productId);
    await savedAll(page());
  });

  it('exports the trial CSV with its 16 columns', async () => {
    await page().click('a.back');
    await page().waitForURL(/\/products$/);
    const [download] = await Promise.all([page().waitForEvent('download'), page().click('#export-trial')]);
    const csv = (await downloaded(download)).toString('utf8').replace(/^\ufeff/, '');
    const header = csv.split('\r\n')[0]?.split(',');
    expect(header).toEqual([
      'product_id',
      'offer_id',
      'name',
      'source_platform',
      'source_url',
      'stage',
      'cost_cny',
      'weight_g',
      'fx_rate',
      'tier',
      'logistics_cny',
      'price_rub',
      'old_price_rub',
      'profit_rub',
      'reserve_discount_percent',
      'updated_at',
    ]);
  });

  it('warns loudly on the shop, publish and bulk publish screens that pictures have no public address (issue 32 item 1)', async () => {
    // This service runs without PUBLIC_BASE_URL: the marketplace could not fetch one picture.
    await page().goto(`${stack.service.baseUrl}/shops`);
    await expect.poll(text(page(), '#public-address-warning'), POLL).toContain('未设置公网地址（PUBLIC_BASE_URL）');
    expect(await page().getAttribute('#public-address-warning', 'role')).toBe('alert');
    await shot(page(), '70-public-address-warning');
    await open('publish');
    await expect.poll(text(page(), '#public-address-warning'), POLL).toContain('发布会被平台拒绝');
    await page().goto(`${stack.service.baseUrl}/publish`);
    await expect.poll(text(page(), '#public-address-warning'), POLL).toContain('PUBLIC_BASE_URL');
  });

  it('keeps the collected Chinese title in sight and finds the product by it after the Russian copy was applied (issue 32 item 9)', async () => {
    await open();
    const name = await text(page(), '.product-title')();
    expect(name).not.toMatch(/[\u4e00-\u9fff]/u);
    await expect.poll(text(page(), '#collected-title'), POLL).toBe('采集标题：女士冬季加厚保暖羊毛围巾');
    await page().goto(`${stack.service.baseUrl}/products`);
    await page().fill('#search', '羊毛围巾');
    await expect.poll(() => page().locator(`tr[data-product-id="${productId}"]`).count(), POLL).toBe(1);
    await shot(page(), '73-search-chinese-title');
  });
});
