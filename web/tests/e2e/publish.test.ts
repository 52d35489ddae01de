import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOzon, startFakeOzon } from '../../../tests/fakes/ozon.ts';
import { apiJson, apiLogin } from './api.ts';
import { NO_BRAND, SCARF_CATEGORY, productWithColours, readyProduct } from './publish-api.ts';
import { POLL, type Stack, attr, savedAll, shot, startStack, text } from './stack.ts';

const CLIENT_ID = '2650001';
const GOOD_KEY = 'e2e-ozon-key-0001';
const ROTATED_KEY = 'e2e-ozon-key-0002';

/** A seller binds a shop, picks a category, fills the attributes, checks, and publishes (issue 13). */
describe('publishing from the page in Chromium', () => {
  let stack: Stack;
  let ozon: FakeOzon;
  const page = () => stack.page;
  const shopRow = `tr[data-shop="Ozon 主店"]`;
  let products: string[] = [];
  let cachedToken: string | undefined;
  /** One API login for the whole file: a login per test ran into the app-token login limit (429 after ten a minute). */
  const apiToken = async (): Promise<string> => (cachedToken ??= await apiLogin(stack.service.baseUrl));
  /** The bound shop's id, read through the API. */
  const shopId = async (): Promise<string> => {
    const token = await apiToken();
    return (await apiJson<{ items: { id: string; name: string }[] }>(stack.service.baseUrl, token, 'GET', '/api/shops')).items.find(
      (shop) => shop.name === 'Ozon 主店',
    )!.id;
  };
  /** The category and the required attributes, as a seller who filled them on the page leaves them. */
  const completeAttributes = (id: string) => ({
    ...SCARF_CATEGORY,
    attributes: { ...NO_BRAND, '9048': [{ value: `MODEL-${id.slice(0, 8)}` }] },
  });

  /** Other required dictionary attributes the fake marketplace may add: pick the first value of each. */
  async function fillRemainingRequired(): Promise<void> {
    for (const field of await page().locator('.attr-required .attr-field').all()) {
      const path = (await field.getAttribute('data-path')) ?? '';
      if (path === 'attributes/85' || path === 'attributes/9048') continue;
      const hasChips = (await field.locator('.value-chip').count()) > 0;
      if (hasChips) continue;
      const input = field.locator('input, select, textarea').first();
      if ((await field.locator('.value-search').count()) > 0) {
        await input.focus();
        await field.locator('.value-options li[data-value-id]').first().click();
      } else if (!(await input.inputValue())) {
        await input.fill('1');
      }
    }
  }

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
    // A refused key has no expiry: said as such, not "平台未给出" (issue 32 item 13).
    await expect.poll(text(page(), `${shopRow} [data-expiry]`), POLL).toBe('Key 被拒绝，更换后显示');
    await expect.poll(text(page(), '#toasts'), POLL).toContain('被平台拒绝');

    await page().click(`${shopRow} [data-action=rotate]`);
    await page().fill(`${shopRow} .rotate-input`, GOOD_KEY);
    await page().click(`${shopRow} [data-action=rotate-confirm]`);
    await expect.poll(attr(page(), `${shopRow} [data-status]`, 'data-status'), POLL).toBe('active');
    await expect.poll(text(page(), `${shopRow} .expiry-cell`), POLL).toContain('2027-02-18');
    await expect.poll(text(page(), `${shopRow} td.name`), POLL).toContain('****0001');
    // A public PUBLIC_BASE_URL: no warning about the pictures' address (issue 32 item 1).
    expect(await page().locator('#public-address-warning').count()).toBe(0);
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

  it('picks the category by a Chinese or Russian word, fills the required attributes, and passes the pre-flight', async () => {
    const token = await apiToken();
    products = [
      await readyProduct(stack.service.baseUrl, token, stack.fixtures.url, 'e2e-2001', 'SCARF-E2E-2001'),
      await readyProduct(stack.service.baseUrl, token, stack.fixtures.url, 'e2e-2002', 'SCARF-E2E-2002'),
    ];
    await page().goto(`${stack.service.baseUrl}/products/${products[0]}?tab=publish`);
    await expect.poll(text(page(), '#tree-refreshed'), POLL).toContain('类目树更新于');
    await page().fill('#category-search', 'коробка');
    await expect.poll(text(page(), '#category-results'), POLL).toContain('收纳盒');
    await page().fill('#category-search', '收纳');
    await expect.poll(() => page().locator('#category-results .category-option').count(), POLL).toBe(2);
    await shot(page(), '11-category-picker');
    await page().click('#category-results .category-option[data-type-id="970895715"]');
    await expect.poll(text(page(), '.category-current'), POLL).toContain('收纳盒');
    await page().waitForSelector('#attr-85');

    await page().click('#publish-check');
    await page().waitForSelector('#preflight-result .problem-link', { timeout: 15_000 });
    await shot(page(), '12-preflight-problems');
    await page().click('#preflight-result li[data-path^="attributes/85"] .problem-link');
    await expect.poll(() => page().evaluate(() => document.activeElement?.id), POLL).toBe('attr-85');

    await page().fill('#attr-85', 'Нет');
    await page().click('.value-options li[data-value-id="126745801"]');
    await expect.poll(text(page(), '[data-path="attributes/85"] .value-chips'), POLL).toContain('Нет бренда');
    await page().fill('#attr-9048', 'SCARF-2001');
    await fillRemainingRequired();
    await expect.poll(attr(page(), '#attr-progress', 'data-complete'), POLL).toBe('true');
    await shot(page(), '13-attributes');
    await savedAll(page());
    await page().click('#publish-check');
    await expect.poll(attr(page(), '#preflight-result .preflight-ok', 'data-ok'), POLL).toBe('true');
    await shot(page(), '14-preflight-ok');
  });

  it('publishes the product and follows the task until the marketplace has imported it', async () => {
    await page().click('#publish-one');
    await expect.poll(attr(page(), '#publish-task [data-publish-status]', 'data-publish-status'), POLL).toMatch(/pending|imported/);
    await expect.poll(attr(page(), '#publish-task [data-publish-status]', 'data-publish-status'), { timeout: 30_000, interval: 200 }).toBe('imported');
    await expect.poll(text(page(), '#publish-history tbody'), POLL).toContain('已发布');
    await expect.poll(text(page(), '.editor-title .stage'), POLL).toBe('已发布');
    await shot(page(), '15-published');
  });

  it('publishes two more products selected on the list, with the quota shown first and one refused by the checks', async () => {
    const token = await apiToken();
    const third = await readyProduct(stack.service.baseUrl, token, stack.fixtures.url, 'e2e-2003', 'SCARF-E2E-2003');
    const incomplete = await readyProduct(stack.service.baseUrl, token, stack.fixtures.url, 'e2e-2004', 'SCARF-E2E-2004');
    for (const [id, model] of [
      [products[1], 'SCARF-2002'],
      [third, 'SCARF-2003'],
    ] as const) {
      await apiJson(stack.service.baseUrl, token, 'PATCH', `/api/products/${id}`, {
        ...SCARF_CATEGORY,
        attributes: { ...NO_BRAND, '9048': [{ value: model }] },
      });
    }
    await apiJson(stack.service.baseUrl, token, 'PATCH', `/api/products/${incomplete}`, { ...SCARF_CATEGORY, attributes: NO_BRAND });
    ozon.limits.daily_create = { limit: 100, usage: 37, reset_at: ozon.limits.daily_create.reset_at };

    await page().click('#nav-products');
    await page().waitForURL(/\/products/);
    for (const id of [products[1], third, incomplete]) await page().check(`tr[data-product-id="${id}"] input[type=checkbox]`);
    await page().click('#publish-selected');
    await page().waitForURL(/\/publish\?ids=/);
    await expect.poll(attr(page(), '#publish-quota .quota', 'data-create-left'), POLL).toBe('63');
    await expect.poll(text(page(), '#bulk-summary'), POLL).toContain('已选 3 件');
    await page().click('#bulk-check');
    await expect.poll(attr(page(), `tr[data-product-id="${incomplete}"] .check-cell`, 'data-check'), POLL).toBe('problems');
    await expect.poll(attr(page(), `tr[data-product-id="${third}"] .check-cell`, 'data-check'), POLL).toBe('ok');
    await page().click(`tr[data-product-id="${incomplete}"] .row-problems summary`);
    await shot(page(), '16-bulk-check');

    page().once('dialog', (dialog) => void dialog.accept());
    await page().click('#bulk-publish');
    await expect.poll(attr(page(), '#bulk-result', 'data-sent'), POLL).toBe('2');
    for (const id of [products[1], third]) {
      await expect
        .poll(attr(page(), `tr[data-product-id="${id}"] [data-publish-status]`, 'data-publish-status'), { timeout: 30_000, interval: 200 })
        .toBe('imported');
    }
    await expect.poll(attr(page(), `tr[data-product-id="${incomplete}"] [data-publish-status]`, 'data-publish-status'), POLL).toBe('refused');
    // The sent rows are unticked, the refused one stays: 全选 is no longer ticked.
    expect(await page().isChecked('#bulk-table thead input[type=checkbox]')).toBe(false);
    await expect.poll(attr(page(), '#publish-quota .quota', 'data-create-left'), POLL).toBe('61');
    await shot(page(), '17-bulk-published');
    const stored = await apiJson<{ stage: string; marketplace_product_id: string | null }>(stack.service.baseUrl, token, 'GET', `/api/products/${third}`);
    expect(stored.stage).toBe('published');
    expect(stored.marketplace_product_id).not.toBeNull();
  });

  it('holds what exceeds the daily quota as waiting, and shows it before sending', async () => {
    const token = await apiToken();
    const ids = [
      await readyProduct(stack.service.baseUrl, token, stack.fixtures.url, 'e2e-2005', 'SCARF-E2E-2005'),
      await readyProduct(stack.service.baseUrl, token, stack.fixtures.url, 'e2e-2006', 'SCARF-E2E-2006'),
    ];
    for (const id of ids) await apiJson(stack.service.baseUrl, token, 'PATCH', `/api/products/${id}`, completeAttributes(id));
    ozon.limits.daily_create = { ...ozon.limits.daily_create, limit: 100, usage: 99 };
    await page().goto(`${stack.service.baseUrl}/publish?ids=${ids.join(',')}`);
    await expect.poll(attr(page(), '#publish-quota .quota', 'data-create-left'), POLL).toBe('1');
    await expect.poll(text(page(), '#bulk-summary'), POLL).toContain('其余 1 件（1 张）会等配额重置后自动发送');
    page().once('dialog', (dialog) => void dialog.accept());
    await page().click('#bulk-publish');
    await expect.poll(attr(page(), '#bulk-result', 'data-waiting'), POLL).toBe('1');
    await expect
      .poll(() => page().locator('#bulk-table [data-publish-status="imported"]').count(), { timeout: 30_000, interval: 200 })
      .toBeGreaterThanOrEqual(1);
    await expect.poll(() => page().locator('#bulk-table [data-publish-status="waiting_quota"]').count(), POLL).toBe(1);
    // When it goes and its place, counted in cards (issue 32 item 7).
    await expect.poll(text(page(), '#bulk-table .queue-note'), POLL).toMatch(/预计 .+ 发送（1 张卡片，前面还有 \d+ 张）/);
    await shot(page(), '18-bulk-waiting-quota');
  });

  it('shows each category’s quota with its usage, and holds back new products of a used-up category (issue 31)', async () => {
    const token = await apiToken();
    const ids = [
      await readyProduct(stack.service.baseUrl, token, stack.fixtures.url, 'e2e-2008', 'SCARF-E2E-2008'),
      await readyProduct(stack.service.baseUrl, token, stack.fixtures.url, 'e2e-2009', 'SCARF-E2E-2009'),
    ];
    for (const id of ids) await apiJson(stack.service.baseUrl, token, 'PATCH', `/api/products/${id}`, completeAttributes(id));
    ozon.limits.daily_create = { ...ozon.limits.daily_create, limit: -1 };
    ozon.limits.total.quota_by_category = { category_id: 17028922, limit: 40, usage: 40 };
    ozon.limits.operation_limits = { limit: 300, limit_type: 'RATE_LIMIT_PER_MINUTE' };
    try {
      await page().goto(`${stack.service.baseUrl}/publish?ids=${ids.join(',')}`);
      const row = '#category-quotas tr[data-category-id="17028922"]';
      await expect.poll(attr(page(), row, 'data-left'), POLL).toBe('0');
      await expect.poll(text(page(), `${row} [data-category-name]`), POLL).toBe('家居用品 / 收纳（17028922）');
      expect(await text(page(), row)()).toContain('已用完');
      expect(await text(page(), '#publish-quota [data-operation-limit]')()).toContain('每分钟最多处理 300 件商品');
      await expect.poll(text(page(), '#category-quota-warn'), POLL).toContain('1 个类目的额度已用完');
      page().once('dialog', (dialog) => void dialog.accept());
      await page().click('#bulk-publish');
      await expect.poll(attr(page(), '#bulk-result', 'data-waiting'), POLL).toBe('2');
      await expect.poll(() => page().locator('#bulk-table [data-publish-status="waiting_quota"]').count(), POLL).toBe(2);
      expect(ozon.limits.total.quota_by_category.usage).toBe(40);
      await shot(page(), '63-bulk-category-quota');
    } finally {
      delete ozon.limits.total.quota_by_category;
    }
  });

  it('shows the marketplace’s own errors, explained in Chinese, in the status and the history', async () => {
    const token = await apiToken();
    const id = await readyProduct(stack.service.baseUrl, token, stack.fixtures.url, 'e2e-2007', 'SCARF-E2E-2007');
    await apiJson(stack.service.baseUrl, token, 'PATCH', `/api/products/${id}`, completeAttributes(id));
    ozon.limits.daily_create = { ...ozon.limits.daily_create, limit: -1 };
    ozon.plan = { pendingPolls: 1, outcome: 'failed' };
    await page().goto(`${stack.service.baseUrl}/products/${id}?tab=publish`);
    await page().waitForSelector('#attr-progress[data-complete="true"]');
    await page().click('#publish-one');
    await expect.poll(attr(page(), '#publish-task [data-publish-status]', 'data-publish-status'), { timeout: 30_000, interval: 200 }).toBe('failed');
    await expect.poll(() => page().locator('#publish-history .import-errors li').count(), POLL).toBeGreaterThan(0);
    await page().locator('#publish-history').scrollIntoViewIfNeeded();
    await shot(page(), '19-publish-failed-history');
    ozon.plan = { pendingPolls: 1, outcome: 'imported' };
  });

  it('publishes three colours as one card: the seller picks grey’s colour, switches blue off, sees prices follow the cost', async () => {
    const token = await apiToken();
    const id = await productWithColours(stack.service.baseUrl, token, stack.fixtures.url, 'e2e-2101', 'SCARF-TRIO');
    // Grey starts without a picture (1688 listings often lack one colour's): the seller picks it among the product's pictures.
    type Pictured = { variants: { id: string; image_asset_id: string | null }[] };
    const collected = await apiJson<Pictured>(stack.service.baseUrl, token, 'GET', `/api/products/${id}`);
    const greyPicture = collected.variants[2]!.image_asset_id;
    await apiJson(stack.service.baseUrl, token, 'PATCH', `/api/products/${id}`, {
      variants: collected.variants.map((v, i) => (i === 2 ? { id: v.id, image_asset_id: null } : { id: v.id })),
    });
    await page().goto(`${stack.service.baseUrl}/products/${id}?tab=publish`);
    await page().waitForSelector('#variant-table [data-path="variants/2/aspects/10096"] input');
    const greyPictureChoice = '[data-path="variants/2/image_asset_id"] select';
    expect(await page().inputValue(greyPictureChoice)).toBe('');
    await page().selectOption(greyPictureChoice, { label: '浅灰色（SKU 图 3）' });
    await savedAll(page());
    expect((await apiJson<Pictured>(stack.service.baseUrl, token, 'GET', `/api/products/${id}`)).variants[2]!.image_asset_id).toBe(greyPicture);
    const price = (index: number) => attr(page(), `[data-path="variants/${index}/price"]`, 'data-value');
    const before = await price(0)();
    await page().fill('[data-path="variants/0/cost_cny"] input', '30');
    // The bundled pricing answers before any save: the red scarf now costs more.
    await expect.poll(price(0), POLL).not.toBe(before);
    const typed = await price(0)();
    const greyColour = '[data-path="variants/2/aspects/10096"]';
    // A Chinese colour word finds nothing in the marketplace's Russian dictionary; the list says what does.
    await page().fill(`${greyColour} input`, '红色');
    await expect.poll(text(page(), `${greyColour} .value-options`), POLL).toContain('平台字典是俄文');
    // Grey given red's colour by mistake: refused, and said above the table with the cell marked, not only at the page top.
    await page().fill(`${greyColour} input`, 'крас');
    await page().click(`${greyColour} .value-options li[data-value-id="61573"]`);
    await expect.poll(text(page(), '#variant-problems'), POLL).toContain('「酒红色」（SCARF-TRIO-1）与「浅灰色」（SCARF-TRIO-3）的规格值完全相同');
    await expect.poll(attr(page(), greyColour, 'class'), POLL).toContain('cell-invalid');
    await page().locator('#variants-card').scrollIntoViewIfNeeded();
    await shot(page(), '58-variant-same-colour-refused');
    await page().fill(`${greyColour} input`, 'сер');
    await page().click('[data-path="variants/2/aspects/10096"] .value-options li[data-value-id="61576"]');
    await expect.poll(text(page(), '[data-path="variants/2/aspects/10096"] .value-chips'), POLL).toContain('серый');
    await page().uncheck('[data-path="variants/1/enabled"] input');
    await expect.poll(text(page(), '#variant-summary'), POLL).toContain('启用 2 / 3');
    await savedAll(page());
    expect(await page().isHidden('#variant-problems')).toBe(true);
    await shot(page(), '50-variant-table');
    const saved = await apiJson<{ variants: { price: number; enabled: boolean; aspects: Record<string, { dictionary_value_id: number }[]> }[] }>(
      stack.service.baseUrl,
      token,
      'GET',
      `/api/products/${id}`,
    );
    expect(String(saved.variants[0]!.price)).toBe(typed);
    expect(saved.variants.map((v) => [v.enabled, v.aspects['10096']?.[0]?.dictionary_value_id])).toEqual([
      [true, 61573],
      [false, 61574],
      [true, 61576],
    ]);

    await apiJson(stack.service.baseUrl, token, 'POST', `/api/products/${id}/stage`, { stage: 'ready' });
    await page().reload();
    await page().waitForSelector('#variant-table');
    await page().click('#publish-one');
    await expect.poll(attr(page(), '#publish-task [data-publish-status]', 'data-publish-status'), { timeout: 30_000, interval: 200 }).toBe('imported');
    const task = [...ozon.tasks.values()].at(-1)!;
    expect(task.items.map((item) => item.offer_id)).toEqual(['SCARF-TRIO-1', 'SCARF-TRIO-3']);
    // One task, two cards: the status line names both, not the first colour's alone.
    await expect.poll(text(page(), '#publish-task'), POLL).toMatch(/2 个款式 平台商品 ID \d+、\d+/);
    const models = task.items.map((item) => JSON.stringify((item.attributes as { id: number; values: unknown }[]).find((a) => a.id === 9048)?.values));
    expect(new Set(models).size).toBe(1);
    await expect.poll(text(page(), '[data-variant] .status-imported'), POLL).toContain('已发布');
    await page().locator('#variants-card').scrollIntoViewIfNeeded();
    await shot(page(), '51-variants-published');
  });

  it('warns on the shops screen 14 days before the key expires', async () => {
    ozon.keyExpiresAt = new Date(Date.now() + 9.5 * 86_400_000).toISOString();
    await page().click('#nav-shops');
    await page().click(`${shopRow} [data-action=test]`);
    await expect.poll(attr(page(), `${shopRow} [data-expiry]`, 'data-expiry'), POLL).toBe('soon');
    await expect.poll(text(page(), '#key-warnings'), POLL).toContain('10 天后过期');
    await expect.poll(attr(page(), `${shopRow} .quota`, 'data-create-left'), POLL).toBe('unlimited');
    await shot(page(), '10-shops');
  });

  it('follows a publish started elsewhere after a reload until it ends, the button waiting for it (issue 32 items 2 and 8)', async () => {
    const token = await apiToken();
    const id = await readyProduct(stack.service.baseUrl, token, stack.fixtures.url, 'e2e-3201', 'SCARF-E2E-3201');
    await apiJson(stack.service.baseUrl, token, 'PATCH', `/api/products/${id}`, completeAttributes(id));
    ozon.limits.daily_create = { ...ozon.limits.daily_create, limit: -1 };
    ozon.plan = { pendingPolls: 5, outcome: 'imported' };
    // Sent by the API (another tab, the bulk page): this page's own button never started it.
    await apiJson(stack.service.baseUrl, token, 'POST', `/api/products/${id}/publish`, { shop_id: await shopId() });
    await page().goto(`${stack.service.baseUrl}/products/${id}?tab=publish`);
    await expect.poll(attr(page(), '#publish-task [data-publish-status]', 'data-publish-status'), POLL).toBe('pending');
    expect(await page().isDisabled('#publish-one')).toBe(true);
    await expect.poll(text(page(), '#publish-stage-note'), POLL).toContain('正在等待导入结果');
    await expect.poll(attr(page(), '#publish-task [data-publish-status]', 'data-publish-status'), { timeout: 30_000, interval: 200 }).toBe('imported');
    await expect.poll(() => page().isDisabled('#publish-one'), POLL).toBe(false);
    ozon.plan = { pendingPolls: 1, outcome: 'imported' };
  });

  it('shows the queue in order and in cards; a queued product says when it goes and can be taken out (issue 32 items 7 and 8)', async () => {
    const token = await apiToken();
    const id = await readyProduct(stack.service.baseUrl, token, stack.fixtures.url, 'e2e-3202', 'SCARF-E2E-3202');
    await apiJson(stack.service.baseUrl, token, 'PATCH', `/api/products/${id}`, completeAttributes(id));
    ozon.limits.daily_create = { ...ozon.limits.daily_create, limit: 100, usage: 100 };
    await apiJson(stack.service.baseUrl, token, 'POST', '/api/publish', { shop_id: await shopId(), product_ids: [id] });

    await page().goto(`${stack.service.baseUrl}/products/${id}?tab=publish`);
    await expect.poll(attr(page(), '#publish-task [data-publish-status]', 'data-publish-status'), POLL).toBe('waiting_quota');
    await expect.poll(text(page(), '#publish-waiting-note'), POLL).toMatch(/队列中排第 \d+ 位，前面还有 \d+ 张卡片/);
    expect(await page().isDisabled('#publish-one')).toBe(true);
    await expect.poll(text(page(), '#publish-stage-note'), POLL).toContain('已在发布队列中');

    await page().click('#nav-queue');
    await page().waitForURL(/\/queue$/);
    const row = `#queue-table tr[data-product="${id}"]`;
    await expect.poll(text(page(), `${row} [data-cards]`), POLL).toBe('1 张');
    await expect.poll(text(page(), '#queue-summary'), POLL).toMatch(/共 \d+ 件商品、\d+ 张卡片在等待发送/);
    await shot(page(), '71-publish-queue');
    page().once('dialog', (dialog) => void dialog.accept());
    await page().click(`${row} [data-action=withdraw]`);
    await expect.poll(() => page().locator(row).count(), POLL).toBe(0);
    await expect.poll(text(page(), '#toasts'), POLL).toContain('移出发布队列');

    await page().goto(`${stack.service.baseUrl}/products/${id}?tab=publish`);
    await expect.poll(text(page(), '#publish-history'), POLL).toContain('卖家已把它移出发布队列');
    await expect.poll(() => page().isDisabled('#publish-one'), POLL).toBe(false);
    ozon.limits.daily_create = { ...ozon.limits.daily_create, limit: -1 };
  });
});
