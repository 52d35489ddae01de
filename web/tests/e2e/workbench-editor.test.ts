import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, waitForDownloads } from './api.ts';
import { POLL, type Stack, attr, shot, startStack, text } from './stack.ts';
import { collectOn } from './workbench-api.ts';

describe('the editor speaks to a seller in Chromium: marked fields, legal moves, pre-filled values, sources, archive', () => {
  let stack: Stack;
  let productId = '';
  const page = () => stack.page;
  const open = async () => {
    await page().goto(`${stack.service.baseUrl}/products/${productId}`);
    await page().waitForSelector('#save-state [data-status]');
  };

  beforeAll(async () => {
    stack = await startStack();
    const base = stack.service.baseUrl;
    const token = await apiLogin(base);
    productId = await collectOn(base, token, stack.fixtures.url, '1688', 'ed-1', '儿童保温杯 350ml');
    await collectOn(base, token, stack.fixtures.url, 'taobao', 'ed-2', '儿童保温杯 淘宝款', false, productId);
    await waitForDownloads(base, token, productId);
    await stack.login();
    page().on('dialog', (dialog) => void dialog.accept());
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('marks cost and weight filled in from the collected texts, until the seller changes them', async () => {
    await open();
    expect(await page().inputValue('#f-pricing-cost_cny')).toBe('18.5');
    expect(await page().inputValue('#f-weight_g')).toBe('320');
    expect(await page().isVisible('#f-pricing-cost_cny-prefilled')).toBe(true);
    expect(await page().isVisible('#f-weight_g-prefilled')).toBe(true);
    await page().fill('#f-pricing-cost_cny', '19');
    await expect.poll(() => page().isVisible('#f-pricing-cost_cny-prefilled'), POLL).toBe(false);
    expect(await page().isVisible('#f-weight_g-prefilled')).toBe(true);
  });

  it('shows every source and the collected texts under Chinese names, with the parameter pairs', async () => {
    const sources = await page().locator('#collected-sources li').evaluateAll((items) => items.map((item) => item.getAttribute('data-platform')));
    expect(sources.sort()).toEqual(['1688', 'taobao']);
    expect(await text(page(), '#collected-texts')()).toContain('价格');
    expect(await text(page(), '#collected-texts')()).not.toContain('selling_point');
    expect(await text(page(), '#collected-pairs')()).toContain('材质');
  });

  it('offers only legal moves: a collected product lists what blocks 待上架 instead of a dead-end button', async () => {
    expect(await text(page(), '.editor-title .stage')()).toBe('已采集');
    expect(await page().isDisabled('#stage-ready')).toBe(true);
    expect(await page().locator('#stage-editing').count()).toBe(0);
    await expect.poll(text(page(), '#ready-checks'), POLL).toContain('才能标记为待上架');
    await page().click('#ready-checks li[data-path="/offer_id"] button');
    expect(await page().evaluate(() => document.activeElement?.id)).toBe('f-offer_id');
  });

  it('marks the field the server refused with its Chinese message (a markup of 5000 %)', async () => {
    await page().fill('#f-pricing-markup_percent', '5000');
    await page().locator('#f-name').focus();
    await expect.poll(attr(page(), '#save-state [data-status]', 'data-status'), POLL).toBe('invalid');
    await expect.poll(text(page(), '#f-pricing-markup_percent-message'), POLL).toContain('加价率');
    expect(await page().getAttribute('#f-pricing-markup_percent', 'aria-invalid')).toBe('true');
    expect(await text(page(), '#save-state')()).not.toMatch(/must|\/pricing/u);
    await page().evaluate(() => window.scrollTo(0, 0));
    await shot(page(), '24-editor-422-marked-field');
    await page().fill('#f-pricing-markup_percent', '40');
    await expect.poll(attr(page(), '#save-state [data-status]', 'data-status'), POLL).toBe('saved');
    expect(await page().getAttribute('#f-pricing-markup_percent', 'aria-invalid')).toBe('false');
  });

  it('shows an archived product read-only with a restore button', async () => {
    await page().click('#stage-archive');
    await expect.poll(text(page(), '.editor-title .stage'), POLL).toBe('已归档');
    expect(await page().isVisible('#archived-notice')).toBe(true);
    expect(await page().isDisabled('#f-name')).toBe(true);
    expect(await page().isDisabled('#f-pricing-cost_cny')).toBe(true);
    await shot(page(), '25-editor-archived-read-only');
    await page().click('#stage-restore');
    await expect.poll(text(page(), '.editor-title .stage'), POLL).toBe('编辑中');
    expect(await page().isDisabled('#f-name')).toBe(false);
    expect(await page().isVisible('#archived-notice')).toBe(false);
  });
});
