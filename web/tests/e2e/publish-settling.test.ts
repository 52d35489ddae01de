import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOzon, startFakeOzon } from '../../../tests/fakes/ozon.ts';
import { apiJson, apiLogin } from './api.ts';
import { NO_BRAND, productWithColours, publishableProduct } from './publish-api.ts';
import { POLL, type Stack, attr, shot, startStack, text } from './stack.ts';

const CLIENT_ID = '2650002';
const KEY = 'e2e-ozon-key-settle';
const NOTE = '上次发送未收到回复，正在向 Ozon 核对是否已创建，核对后不会重复发送';

/**
 * Issue 20: a card whose import went out but whose answer was lost is looked up on the marketplace before any
 * resend; the page says so (核对中 and why) instead of 等待配额, which made sellers think the quota had run out.
 */
describe('a publish whose answer was lost shows 核对中, not 等待配额', () => {
  let stack: Stack;
  let ozon: FakeOzon;
  let token: string;
  const page = () => stack.page;
  const ready = (item: string, offerId: string): Promise<string> => publishableProduct(stack.service.baseUrl, token, stack.fixtures.url, item, offerId);

  beforeAll(async () => {
    ozon = await startFakeOzon();
    ozon.addKey(CLIENT_ID, KEY);
    // Every import makes its cards and the connection is cut before the answer; the cards stay "being made", so
    // the service's lookups (on the poll back-off) keep the records settling for the whole file.
    ozon.importHold = () => 'cut';
    ozon.plan = { pendingPolls: 1_000, outcome: 'imported' };
    stack = await startStack({ OZON_API_URL: ozon.url, PUBLIC_BASE_URL: 'https://lws.example.com' });
    await stack.login();
    token = await apiLogin(stack.service.baseUrl);
    const shop = await apiJson<{ id: string }>(stack.service.baseUrl, token, 'POST', '/api/shops', {
      name: 'Ozon 主店',
      client_id: CLIENT_ID,
      api_key: KEY,
      currency_code: 'RUB',
    });
    await apiJson(stack.service.baseUrl, token, 'POST', `/api/shops/${shop.id}/test`);
  });

  afterAll(async () => {
    await stack?.close();
    await ozon?.close();
  });

  it('on the publish tab: the answer and the history say 核对中 with the reason', async () => {
    const id = await ready('e2e-3001', 'SCARF-SETTLE-1');
    await page().goto(`${stack.service.baseUrl}/products/${id}?tab=publish`);
    await page().waitForSelector('#attr-progress[data-complete="true"]');
    await page().click('#publish-one');
    await expect.poll(attr(page(), '#publish-task [data-publish-status]', 'data-settling'), POLL).toBe('true');
    await expect.poll(text(page(), '#publish-task [data-publish-status]'), POLL).toBe('核对中');
    expect(await page().getAttribute('#publish-task [data-publish-status]', 'title')).toBe(NOTE);
    await expect.poll(text(page(), '#publish-task .settling-note'), POLL).toContain(NOTE);
    await expect.poll(text(page(), '#publish-history tbody [data-settling]'), POLL).toBe('核对中');
    await expect.poll(text(page(), '#publish-history tbody'), POLL).toContain(NOTE);
    expect(await text(page(), '#publish-history tbody')()).toContain('已发送，未收到回复');
    expect(await text(page(), '#publish-task')()).not.toContain('等待配额');
    await page().locator('#publish-task').scrollIntoViewIfNeeded();
    await shot(page(), '56-publish-settling');
  });

  it('in a bulk publish: the one sent unanswered says 核对中, the one over the quota still 等待配额', async () => {
    const ids = [await ready('e2e-3002', 'SCARF-SETTLE-2'), await ready('e2e-3003', 'SCARF-SETTLE-3')];
    ozon.limits.daily_create = { ...ozon.limits.daily_create, limit: 100, usage: 99 };
    await page().goto(`${stack.service.baseUrl}/publish?ids=${ids.join(',')}`);
    await expect.poll(attr(page(), '#publish-quota .quota', 'data-create-left'), POLL).toBe('1');
    page().once('dialog', (dialog) => void dialog.accept());
    await page().click('#bulk-publish');
    await expect.poll(attr(page(), '#bulk-result', 'data-settling'), POLL).toBe('1');
    expect(await attr(page(), '#bulk-result', 'data-waiting')()).toBe('2');
    await expect.poll(text(page(), '#bulk-result'), POLL).toContain('正在向 Ozon 核对');
    await expect.poll(() => page().locator('#bulk-table [data-settling="true"]').count(), POLL).toBe(1);
    const settlingRow = page().locator('#bulk-table tr', { has: page().locator('[data-settling="true"]') });
    expect(await settlingRow.locator('.settling-note').textContent()).toBe(NOTE);
    const quotaBadges = page().locator('#bulk-table [data-publish-status="waiting_quota"]:not([data-settling])');
    await expect.poll(() => quotaBadges.count(), POLL).toBe(1);
    expect(await quotaBadges.textContent()).toBe('等待配额');
    await shot(page(), '57-bulk-settling');
  });

  it('in the variant table: each colour sent unanswered says 核对中', async () => {
    ozon.limits.daily_create = { ...ozon.limits.daily_create, limit: -1 };
    const id = await productWithColours(stack.service.baseUrl, token, stack.fixtures.url, 'e2e-3101', 'SCARF-SETTLE-TRIO');
    const product = await apiJson<{ variants: { id: string }[] }>(stack.service.baseUrl, token, 'GET', `/api/products/${id}`);
    await apiJson(stack.service.baseUrl, token, 'PATCH', `/api/products/${id}`, {
      attributes: { ...NO_BRAND, '9048': [{ value: 'SCARF-SETTLE-TRIO' }] },
      variants: product.variants.map((variant, index) =>
        index === 2 ? { id: variant.id, aspects: { '10096': [{ dictionary_value_id: 61576, value: 'серый' }] } } : { id: variant.id },
      ),
    });
    await apiJson(stack.service.baseUrl, token, 'POST', `/api/products/${id}/stage`, { stage: 'ready' });
    await page().goto(`${stack.service.baseUrl}/products/${id}?tab=publish`);
    await page().waitForSelector('#variant-table');
    await page().click('#publish-one');
    await expect.poll(() => page().locator('#variant-table [data-settling="true"]').count(), POLL).toBe(3);
    expect(await page().locator('#variant-table [data-settling="true"]').allTextContents()).toEqual(['核对中', '核对中', '核对中']);
    expect(await page().getAttribute('#variant-table [data-settling="true"] >> nth=0', 'title')).toBe(NOTE);
  });
});
