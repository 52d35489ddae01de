import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOzon, startFakeOzon } from '../../../tests/fakes/ozon.ts';
import { apiJson, apiLogin } from './api.ts';
import { MARKET_SWEEP_QUICK, bindShop, publishableProduct } from './publish-api.ts';
import { POLL, type Stack, focusedField, shot, startStack, text } from './stack.ts';

const CLIENT_ID = '2650031';
const KEY = 'e2e-ozon-key-moderation';

/**
 * Moderation followed to the end and archive on the marketplace, as a seller sees them (issue 31): the list's 平台状态
 * column and filter with counts, a declined card's errors on the product screen linked to their fields, archive on the
 * marketplace from the product and from the bulk bar, and the shop's range usage falling after it.
 */
describe('moderation and archive on the marketplace in Chromium', () => {
  let stack: Stack;
  let ozon: FakeOzon;
  let token = '';
  let shopId = '';
  const page = () => stack.page;
  const base = () => stack.service.baseUrl;
  const published = async (item: string, offerId: string): Promise<string> => {
    const id = await publishableProduct(base(), token, stack.fixtures.url, item, offerId);
    await apiJson(base(), token, 'POST', `/api/products/${id}/publish`, { shop_id: shopId });
    return id;
  };
  const stateOf = (id: string) => async () => (await apiJson<{ market_state: string | null }>(base(), token, 'GET', `/api/products/${id}/market`)).market_state;

  beforeAll(async () => {
    ozon = await startFakeOzon();
    ozon.addKey(CLIENT_ID, KEY);
    ozon.plan = { pendingPolls: 0, outcome: 'imported' };
    stack = await startStack({ OZON_API_URL: ozon.url, PUBLIC_BASE_URL: 'https://lws.example.com', ...MARKET_SWEEP_QUICK });
    token = await apiLogin(base());
    shopId = await bindShop(base(), token, CLIENT_ID, KEY);
    await stack.login();
  });
  afterAll(async () => {
    await stack?.close();
    await ozon?.close();
  });

  it('shows a card declined after its import on the list and beside its field on the product screen', async () => {
    const onSale = await published('e2e-3201', 'SCARF-SALE');
    ozon.moderation.stock.set('SCARF-SALE', 20);
    const declined = await published('e2e-3202', 'SCARF-DECL');
    await expect.poll(stateOf(onSale), POLL).toBe('on_sale');
    ozon.moderation.declineAfter('SCARF-DECL', 0);
    await expect.poll(stateOf(declined), POLL).toBe('declined');

    await page().goto(`${base()}/products?market=declined`);
    await page().waitForSelector(`tr[data-product-id="${declined}"]`);
    expect(await text(page(), `tr[data-product-id="${declined}"] .market`)()).toBe('审核未通过');
    expect(await page().locator(`tr[data-product-id="${onSale}"]`).count()).toBe(0);
    await expect.poll(text(page(), '#filter-market option[value="declined"]'), POLL).toBe('审核未通过（1）');
    expect(await text(page(), '#filter-market option[value="on_sale"]')()).toBe('在售（1）');
    await shot(page(), '72-list-market-state');

    await page().goto(`${base()}/products/${declined}?tab=publish`);
    await page().waitForSelector('#market-card .market-errors li');
    expect(await text(page(), '#market-card .market-declined')()).toBe('审核未通过');
    expect(await text(page(), '#market-card .market-errors li')()).toContain('属性值超出允许范围');
    await page().locator('#market-card').scrollIntoViewIfNeeded();
    await shot(page(), '73-product-market-declined');
    // The error's link takes the seller to the attribute it names (85, the brand).
    await page().click('#market-card .market-errors li button.link');
    await expect.poll(focusedField(page()), POLL).toBe('attributes/85');
  });

  it('archives on the marketplace from the product and from the bulk bar; the shop’s range usage falls', async () => {
    const one = await published('e2e-3203', 'SCARF-ARCH1');
    const two = await published('e2e-3204', 'SCARF-ARCH2');
    const three = await published('e2e-3205', 'SCARF-ARCH3');
    for (const id of [one, two, three]) await expect.poll(stateOf(id), POLL).toBe('no_stock');
    const usage = async () => (await apiJson<{ total: { usage: number } }>(base(), token, 'GET', `/api/shops/${shopId}/limits`)).total.usage;
    const before = await usage();

    await page().goto(`${base()}/products/${one}?tab=publish`);
    await page().click('#market-archive');
    await expect.poll(text(page(), '#market-card .market-state'), POLL).toBe('平台已归档');
    expect(await page().locator('#market-unarchive').isVisible()).toBe(true);
    await shot(page(), '74-product-market-archived');

    await page().goto(`${base()}/products`);
    for (const id of [two, three]) await page().check(`tr[data-product-id="${id}"] input[type=checkbox]`);
    page().once('dialog', (dialog) => void dialog.accept());
    await page().click('#bulk-market-archive');
    // The bulk job archives them one by one, in no promised order.
    for (const id of [two, three]) await expect.poll(stateOf(id), POLL).toBe('archived');
    expect(await usage()).toBe(before - 3);
    // The service's own stage is untouched.
    expect((await apiJson<{ stage: string }>(base(), token, 'GET', `/api/products/${two}`)).stage).toBe('published');
    await page().click('#nav-shops');
    await page().waitForURL(/\/shops$/);
    await shot(page(), '75-shops-range-after-archive');
  });
});
