import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOzon, startFakeOzon } from '../../../tests/fakes/ozon.ts';
import { apiJson, apiLogin } from './api.ts';
import { bindShop } from './publish-api.ts';
import { POLL, type Stack, attr, shot, startStack, text } from './stack.ts';

const KEY = '3f1b2c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';
const SKUS = [1459384731, 1459384732, 1459384733];

/**
 * Follow-selling as a seller sees it (issue 34): copies in the list (mode column and filter, the marketplace's price
 * beside ours), the mode switch, the supply page and the price warning in the editor, and a refused copy switched to
 * a full card in one click on the bulk publish screen.
 */
describe('follow-selling in Chromium', () => {
  let stack: Stack;
  let ozon: FakeOzon;
  let token = '';
  const ids: string[] = [];
  const page = () => stack.page;
  const base = () => stack.service.baseUrl;

  beforeAll(async () => {
    ozon = await startFakeOzon();
    ozon.addKey('123456', KEY);
    ozon.plan = { pendingPolls: 0, outcome: 'imported' };
    stack = await startStack({ OZON_API_URL: ozon.url });
    token = await apiLogin(base());
    await bindShop(base(), token, '123456', KEY, '跟卖店');
    for (const [index, sku] of SKUS.entries()) {
      const source = { platform: 'ozon', itemId: String(sku), url: `https://www.ozon.ru/product/kruzhka-${sku}/`, collectedAt: Date.now() };
      // The first page's price is below ours: the editor warns.
      const price = index === 0 ? '399 ₽' : '1\u2009299\u00a0₽';
      const texts = [
        { kind: 'title', content: `Кружка керамическая ${index + 1}` },
        { kind: 'price', content: price },
      ];
      const made = await apiJson<{ product_id: string }>(base(), token, 'POST', '/api/materials', { product: { id: null }, source, texts, images: [] });
      ids.push(made.product_id);
      await apiJson(base(), token, 'PATCH', `/api/products/${made.product_id}`, {
        offer_id: `MUG-E2E-${index + 1}`,
        pricing: { cost_cny: 18.5, weight_g: 320, markup_percent: 40 },
      });
      await apiJson(base(), token, 'POST', `/api/products/${made.product_id}/stage`, { stage: 'ready' });
    }
    // The supply of the first: its 1688 page.
    await apiJson(base(), token, 'POST', '/api/materials', {
      product: { id: ids[0] },
      source: { platform: '1688', itemId: '6001', url: 'https://detail.1688.com/offer/6001.html', collectedAt: Date.now() },
      texts: [{ kind: 'price', content: '¥18.50' }],
      images: [],
    });
    await stack.login();
  });
  afterAll(async () => {
    await stack?.close();
    await ozon?.close();
  });

  it('lists copies with their mode and the marketplace price beside ours, filtered by mode', async () => {
    await page().goto(`${base()}/?mode=copy`);
    await expect.poll(() => page().locator('#product-table tbody tr[data-product-id]').count(), POLL).toBe(3);
    expect(await page().inputValue('#filter-mode')).toBe('copy');
    expect(await text(page(), `tr[data-product-id="${ids[1]}"] td.mode`)()).toBe('跟卖');
    expect(await text(page(), `tr[data-product-id="${ids[1]}"] .market-price`)()).toContain('平台');
    await page().selectOption('#filter-mode', 'create');
    await expect.poll(() => page().locator('#product-table tbody tr[data-product-id]').count(), POLL).toBe(0);
    await page().selectOption('#filter-mode', 'copy');
    await expect.poll(() => page().locator('#product-table tbody tr[data-product-id]').count(), POLL).toBe(3);
    await shot(page(), '80-list-follow-selling');
  });

  it('shows the mode, the supply page and the marketplace price (ours higher: a warning) in the editor', async () => {
    await page().goto(`${base()}/products/${ids[0]}`);
    await page().waitForSelector('#f-publish_mode');
    expect(await page().inputValue('#f-publish_mode')).toBe('copy');
    await expect.poll(text(page(), '#market-price'), POLL).toMatch(/平台页面售价.*399.*更高/);
    expect(await text(page(), '#collected-sources li[data-platform="1688"]')()).toContain('货源');
    await shot(page(), '81-editor-follow-selling');
  });

  it('offers a refused copy a one-click switch to a full card on the bulk screen', async () => {
    ozon.copies.refused.add(SKUS[2]!);
    await page().goto(`${base()}/publish?ids=${ids.join(',')}`);
    await expect.poll(text(page(), '#bulk-summary'), POLL).toContain('已选 3 件');
    page().once('dialog', (dialog) => void dialog.accept());
    await page().click('#bulk-publish');
    await expect.poll(attr(page(), '#bulk-result', 'data-refused'), POLL).toBe('1');
    expect(ozon.copies.requests).toHaveLength(1);
    const refusedRow = `#bulk-table tr[data-product-id="${ids[2]}"]`;
    await expect.poll(text(page(), `${refusedRow} .copy-refusal`), POLL).toContain('不允许跟卖');
    await shot(page(), '82-bulk-copy-refused');
    await page().click(`${refusedRow} .copy-switch`);
    await expect.poll(async () => (await apiJson<{ publish_mode: string }>(base(), token, 'GET', `/api/products/${ids[2]}`)).publish_mode, POLL).toBe('create');
    await expect.poll(text(page(), refusedRow), POLL).toContain('已改为创建新卡片');
  });
});
