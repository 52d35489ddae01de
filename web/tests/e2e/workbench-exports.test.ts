import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, waitForDownloads } from './api.ts';
import { downloaded } from './browser.ts';
import { POLL, type Stack, attr, shot, startStack, text } from './stack.ts';
import { collectOn } from './workbench-api.ts';

describe('exports on the list in Chromium: Chinese field picker, relative-URL warning, busy buttons', () => {
  let stack: Stack;
  const page = () => stack.page;

  beforeAll(async () => {
    stack = await startStack();
    const token = await apiLogin(stack.service.baseUrl);
    const id = await collectOn(stack.service.baseUrl, token, stack.fixtures.url, '1688', 'exp-1', '竹制餐具套装');
    await waitForDownloads(stack.service.baseUrl, token, id);
    await stack.login();
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('warns that image columns hold relative paths when the service has no public address', async () => {
    await expect.poll(text(page(), '#export-warning'), POLL).toContain('相对路径');
    expect(await page().isVisible('#export-warning')).toBe(true);
  });

  it('names the CSV columns in Chinese in the picker and in the file, the prices in roubles, and exports only the chosen ones', async () => {
    await page().click('#field-picker summary');
    const labels = await page().locator('#field-picker label').allTextContents();
    expect(labels).toContain('货号');
    expect(labels).toContain('售价（₽）');
    expect(labels.join('')).not.toMatch(/offer_id|source_url/u);
    // The description and the attributes are there to tick, unticked (the 23 of the contract are the default).
    expect(await page().isChecked('#field-picker input[data-column=description]')).toBe(false);
    expect(await page().isChecked('#field-picker input[data-column=attributes]')).toBe(false);
    expect(await text(page(), '#field-count')()).toContain('已选 23 / 25 列');
    await page().check('#field-picker input[data-column=description]');
    await shot(page(), '29-exports-field-picker');
    for (const box of await page().locator('#field-picker input[type=checkbox]').all()) {
      const column = await box.getAttribute('data-column');
      if (column !== 'offer_id' && column !== 'price' && column !== 'name' && column !== 'description') await box.uncheck();
    }
    expect(await text(page(), '#field-count')()).toContain('已选 4 / 25 列');
    await page().click('#field-picker summary');
    const [download] = await Promise.all([page().waitForEvent('download'), page().click('#export-stage')]);
    const csv = (await downloaded(download)).toString('utf8');
    // The file's header row says what the picker said (the API's own default stays the spec's keys).
    expect(csv.slice(1).split('\r\n')[0]).toBe('货号,商品名称,售价（₽）,商品描述');
    // The offers export takes the same columns plus each offer's 款式 and 型号 (one row here: the product has no colours).
    const [offers] = await Promise.all([page().waitForEvent('download'), page().click('#export-offers')]);
    expect(offers.suggestedFilename()).toMatch(/^offers-.*\.csv$/);
    const rows = (await downloaded(offers)).toString('utf8').slice(1).trim().split('\r\n');
    expect(rows[0]).toBe('货号,商品名称,售价（₽）,款式,型号名称（9048）,商品描述');
    expect(rows).toHaveLength(2);
  });

  it('shows a button busy while its export streams, and idle again after', async () => {
    await page().route('**/api/export/trial-csv*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    const downloaded = page().waitForEvent('download');
    await page().click('#export-trial');
    await expect.poll(attr(page(), '#export-trial', 'aria-busy'), POLL).toBe('true');
    expect(await page().isDisabled('#export-trial')).toBe(true);
    expect(await text(page(), '#export-trial')()).toBe('正在导出…');
    await downloaded;
    await expect.poll(attr(page(), '#export-trial', 'aria-busy'), POLL).toBeNull();
    expect(await text(page(), '#export-trial')()).toBe('导出试算表');
    expect(await page().isDisabled('#export-trial')).toBe(false);
  });
});
