import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOzon, startFakeOzon } from '../../../tests/fakes/ozon.ts';
import { apiJson, apiLogin } from './api.ts';
import { bindShop, NO_BRAND, productWithColours, publishableProduct } from './publish-api.ts';
import { POLL, type Stack, attr, shot, startStack, text } from './stack.ts';

const KEY = 'e2e-ozon-key-3209';
const SCARF_TITLE = '女士冬季羊毛围巾 三色';
const PLAIN_TITLE = '女士冬季加厚保暖羊毛围巾';

/**
 * Issue 32 items 9 and 7 on the page: once the Russian copy replaced a product's name, the title collected on 1688
 * stays under it in the list, the bulk publish page and the publish queue; and the bulk publish page counts the
 * selection in cards (a three-colour product takes three of the daily quota) against what the shop has left.
 */
describe('the collected title beside the Russian name, and the quota counted in cards, in Chromium', () => {
  let stack: Stack;
  let ozon: FakeOzon;
  let token = '';
  let scarf = '';
  let plain = '';
  const page = () => stack.page;
  const base = () => stack.service.baseUrl;

  beforeAll(async () => {
    ozon = await startFakeOzon();
    ozon.addKey('3209001', KEY);
    ozon.plan = { pendingPolls: 0, outcome: 'imported' };
    // Stored images must be public URLs for the marketplace to fetch them; the fake CDN is loopback.
    stack = await startStack({ OZON_API_URL: ozon.url, PUBLIC_BASE_URL: 'https://lws.example.com' });
    token = await apiLogin(base());
    await bindShop(base(), token, '3209001', KEY, '义乌围巾店');
    plain = await publishableProduct(base(), token, stack.fixtures.url, 'e2e-3210', 'SCARF-E2E-3210');
    // Three colours, each named and valued, and the Russian copy applied: the name is Russian now.
    scarf = await productWithColours(base(), token, stack.fixtures.url, 'e2e-3209', 'SCARF-E2E-3209');
    const { variants } = await apiJson<{ variants: { id: string }[] }>(base(), token, 'GET', `/api/products/${scarf}`);
    await apiJson(base(), token, 'PATCH', `/api/products/${scarf}`, {
      attributes: { ...NO_BRAND, '9048': [{ value: 'SCARF-E2E-3209' }] },
      variants: [
        { id: variants[0]!.id, label_ru: 'бордовый', aspects: { '10096': [{ dictionary_value_id: 61573, value: 'красный' }] } },
        { id: variants[1]!.id, label_ru: 'синий', aspects: { '10096': [{ dictionary_value_id: 61574, value: 'синий' }] } },
        { id: variants[2]!.id, label_ru: 'светло-серый', aspects: { '10096': [{ dictionary_value_id: 61576, value: 'серый' }] } },
      ],
      copy: { title_ru: 'Шарф женский шерстяной, три цвета', description_ru: 'Тёплый мягкий шарф из шерсти, 180×30 см, три цвета.' },
    });
    await apiJson(base(), token, 'POST', `/api/products/${scarf}/copy/apply`);
    await apiJson(base(), token, 'POST', `/api/products/${scarf}/stage`, { stage: 'ready' });
    await stack.login();
  });

  afterAll(async () => {
    await stack?.close();
    await ozon?.close();
  });

  it('item 9: the list shows the collected Chinese title under the Russian name', async () => {
    await page().goto(`${base()}/products`);
    const row = `tr[data-product-id="${scarf}"]`;
    await expect.poll(text(page(), `${row} td.name a`), POLL).toBe('Шарф женский шерстяной, три цвета');
    await expect.poll(text(page(), `${row} [data-collected-title]`), POLL).toBe(`采集标题：${SCARF_TITLE}`);
    expect(await text(page(), `tr[data-product-id="${plain}"] [data-collected-title]`)()).toBe(`采集标题：${PLAIN_TITLE}`);
    await shot(page(), '84-list-collected-title');
  });

  it('item 7: the bulk publish page counts the selection in cards against the quota left, and shows each collected title', async () => {
    ozon.limits.daily_create = { ...ozon.limits.daily_create, limit: 100, usage: 97 };
    await page().goto(`${base()}/publish?ids=${scarf},${plain}`);
    await expect.poll(attr(page(), '#publish-quota .quota', 'data-create-left'), POLL).toBe('3');
    const scarfRow = `#bulk-table tr[data-product-id="${scarf}"]`;
    await expect.poll(text(page(), `${scarfRow} [data-collected-title]`), POLL).toBe(`采集标题：${SCARF_TITLE}`);
    expect(await text(page(), `${scarfRow} [data-cards]`)()).toBe('3 张');
    // Two products are four cards: the three left take the scarf's three (newest first), the other waits.
    await expect.poll(attr(page(), '#bulk-summary', 'data-cards'), POLL).toBe('4');
    await expect.poll(text(page(), '#bulk-summary'), POLL).toContain('已选 2 件，共 4 张平台卡片');
    expect(await text(page(), '#bulk-summary')()).toContain('今日新建配额只剩 3 张，1 件（3 张）今日发送，其余 1 件（1 张）会等配额重置后自动发送');
    await shot(page(), '85-bulk-publish-cards');

    // Only the plain one: one card, within the quota.
    await page().uncheck(`${scarfRow} input[type=checkbox]`);
    await expect.poll(text(page(), '#bulk-summary'), POLL).toBe('已选 1 件，共 1 张平台卡片：都在今日新建配额之内（剩 3 张）');
    await page().check(`${scarfRow} input[type=checkbox]`);

    page().once('dialog', (dialog) => void dialog.accept());
    await page().click('#bulk-publish');
    await expect.poll(attr(page(), '#bulk-result', 'data-waiting'), POLL).toBe('1');
    await expect.poll(() => page().locator(`#bulk-table tr[data-product-id="${plain}"] [data-publish-status="waiting_quota"]`).count(), POLL).toBe(1);
  });

  it('item 9: the publish queue names the waiting product by its collected title too', async () => {
    await page().goto(`${base()}/queue`);
    const row = `#queue-table tr[data-product="${plain}"]`;
    await expect.poll(text(page(), `${row} [data-collected-title]`), POLL).toBe(`采集标题：${PLAIN_TITLE}`);
    expect(await text(page(), `${row} a`)()).toBe('Шарф женский зимний SCARF-E2E-3210');
    await shot(page(), '86-queue-collected-title');
  });
});
