import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOzon, startFakeOzon } from '../../../tests/fakes/ozon.ts';
import { apiJson, apiLogin } from './api.ts';
import { MARKET_SWEEP_QUICK, bindShop, publishableProduct } from './publish-api.ts';
import { POLL, type Stack, focusedField, shot, startStack, text } from './stack.ts';

const CLIENT_ID = '2650033';
const KEY = 'e2e-ozon-key-real-margin';

type Offer = { real_margin_percent: number | null; price_index: string | null; content_rating: number | null };

/**
 * The real margin, the price index and the content rating as a seller sees them (issue 33): the margin floor on the
 * shops screen, the list's real margin beside the planned one with the index in words, sorted and filtered, the
 * rating's advice linked to the attribute form, and the real margin on the pricing tab.
 */
describe('real margin, price index and content rating in Chromium', () => {
  let stack: Stack;
  let ozon: FakeOzon;
  let token = '';
  let shopId = '';
  const ids: string[] = [];
  const page = () => stack.page;
  const base = () => stack.service.baseUrl;
  const offerOf = (id: string) => async () => (await apiJson<{ offers: Offer[] }>(base(), token, 'GET', `/api/products/${id}/market`)).offers[0] ?? null;

  beforeAll(async () => {
    ozon = await startFakeOzon();
    ozon.addKey(CLIENT_ID, KEY);
    ozon.plan = { pendingPolls: 0, outcome: 'imported' };
    stack = await startStack({ OZON_API_URL: ozon.url, PUBLIC_BASE_URL: 'https://lws.example.com', ...MARKET_SWEEP_QUICK });
    token = await apiLogin(base());
    shopId = await bindShop(base(), token, CLIENT_ID, KEY);
    for (const [item, offerId] of [
      ['e2e-3301', 'SCARF-COMM'],
      ['e2e-3302', 'SCARF-RED'],
    ] as const) {
      const id = await publishableProduct(base(), token, stack.fixtures.url, item, offerId);
      ozon.moderation.stock.set(offerId, 20);
      await apiJson(base(), token, 'POST', `/api/products/${id}/publish`, { shop_id: shopId });
      ids.push(id);
    }
    ozon.priceBook.set('SCARF-COMM', { sales_percent_fbs: 25 });
    ozon.priceBook.set('SCARF-RED', { color_index: 'RED' });
    await stack.login();
  });
  afterAll(async () => {
    await stack?.close();
    await ozon?.close();
  });

  it('sets the margin floor on the shops screen, refusing 100 % in Chinese', async () => {
    await expect.poll(async () => (await offerOf(ids[1]!)())?.price_index ?? null, POLL).toBe('RED');
    await page().click('#nav-shops');
    await page().waitForURL(/\/shops$/);
    const cell = `tr[data-shop-id="${shopId}"] [data-min-margin]`;
    await page().fill(`${cell} input`, '100');
    await page().click(`${cell} [data-action="save-min-margin"]`);
    await expect.poll(text(page(), `${cell} .form-error`), POLL).toMatch(/[\u4e00-\u9fff]/);
    await page().fill(`${cell} input`, '15');
    await page().click(`${cell} [data-action="save-min-margin"]`);
    await expect
      .poll(async () => (await apiJson<{ min_margin_percent: number | null }>(base(), token, 'GET', `/api/shops/${shopId}`)).min_margin_percent, POLL)
      .toBe(15);
    await shot(page(), '76-shop-min-margin');
  });

  it('lists the real margin beside the planned one and the index in words, sorted by margin and filtered by index', async () => {
    const [commission, red] = ids as [string, string];
    await page().goto(`${base()}/products?sort=real_margin`);
    const row = (id: string) => `tr[data-product-id="${id}"]`;
    await expect
      .poll(
        () =>
          page()
            .locator(`${row(commission)} .below-floor`)
            .count(),
        { ...POLL, timeout: 30_000 },
      )
      .toBe(1);
    await page().reload();
    await page().waitForSelector(`${row(commission)} .below-floor`);
    expect(await page().locator('tbody tr[data-product-id]').first().getAttribute('data-product-id')).toBe(commission);
    expect(await text(page(), `${row(commission)} .watch`)()).toMatch(/实际 [\d.]+%（计划 [\d.]+%）低于最低利润率/);
    expect(await text(page(), `${row(red)} .price-index`)()).toBe('价格偏高');
    await shot(page(), '77-list-real-margin');
    await page().selectOption('#filter-index', 'RED');
    await page().waitForURL(/index=RED/);
    await expect.poll(() => page().locator('tbody tr[data-product-id]').count(), POLL).toBe(1);
    expect(await page().locator(row(red)).count()).toBe(1);
  });

  it('shows the content rating with the attributes that raise it, each a link to its field', async () => {
    const [commission] = ids as [string];
    await page().goto(`${base()}/products/${commission}?tab=publish`);
    await page().waitForSelector('#market-card .content-rating .rating-advice');
    expect(await text(page(), '#market-card .content-rating')()).toContain('62.5 分');
    await page().locator('#market-card').scrollIntoViewIfNeeded();
    await shot(page(), '78-product-rating');
    await page().click('#market-card .rating-advice button[data-attribute-id="85"]');
    await expect.poll(focusedField(page()), POLL).toBe('attributes/85');
  });

  it('shows the real margin beside the planned one on the pricing tab', async () => {
    const [commission] = ids as [string];
    await page().goto(`${base()}/products/${commission}?tab=pricing`);
    await expect.poll(text(page(), '#real-margin'), POLL).toMatch(/实际利润率（平台佣金 25%）实际 [\d.]+%（计划 [\d.]+%）/);
    await shot(page(), '79-pricing-real-margin');
  });
});
