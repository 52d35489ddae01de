import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, waitForDownloads } from './api.ts';
import { POLL, type Stack, attr, shot, startStack, text } from './stack.ts';
import { bulk, collectOn, createManual } from './workbench-api.ts';

describe('the workbench list in Chromium: thumbnails, tab counts, filters, sort, empty states', () => {
  let stack: Stack;
  let token = '';
  const ids = { scarf: '', cup: '', manual: '' };
  const page = () => stack.page;
  const rows = () => page().locator('#product-table tbody tr[data-product-id]');
  const rowIds = () => rows().evaluateAll((list) => list.map((row) => row.getAttribute('data-product-id')));

  beforeAll(async () => {
    stack = await startStack();
    const base = stack.service.baseUrl;
    token = await apiLogin(base);
    ids.scarf = await collectOn(base, token, stack.fixtures.url, '1688', 'list-1', '羊毛围巾 A款', true);
    ids.cup = await collectOn(base, token, stack.fixtures.url, 'taobao', 'list-2', '陶瓷杯 B款');
    ids.manual = await createManual(base, token, 'Ручной товар');
    await waitForDownloads(base, token, ids.scarf);
    await waitForDownloads(base, token, ids.cup);
    await stack.login();
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('shows thumbnails and a count on every stage tab', async () => {
    await expect.poll(() => rows().count(), POLL).toBe(3);
    await expect.poll(() => page().locator(`tr[data-product-id="${ids.scarf}"] img.list-thumb`).count(), POLL).toBe(1);
    expect(await page().locator(`tr[data-product-id="${ids.manual}"] .no-thumb`).count()).toBe(1);
    const thumbLoaded = await page()
      .locator(`tr[data-product-id="${ids.scarf}"] img.list-thumb`)
      .evaluate((img) => (img as HTMLImageElement).naturalWidth > 0);
    expect(thumbLoaded).toBe(true);
    expect(await page().getAttribute('[data-stage="all"] .tab-count', 'data-count')).toBe('3');
    expect(await page().getAttribute('[data-stage="collected"] .tab-count', 'data-count')).toBe('2');
    expect(await page().getAttribute('[data-stage="archived"] .tab-count', 'data-count')).toBe('0');
    expect(await text(page(), `tr[data-product-id="${ids.manual}"]`)()).toContain('手工创建');
    await shot(page(), '20-list-thumbnails');
  });

  it('filters by platform and by failed images, and the counts follow the filter', async () => {
    await page().selectOption('#filter-platform', 'taobao');
    await page().waitForURL(/platform=taobao/);
    await expect.poll(rowIds, POLL).toEqual([ids.cup]);
    await expect.poll(attr(page(), '[data-stage="all"] .tab-count', 'data-count'), POLL).toBe('1');
    await page().selectOption('#filter-platform', 'manual');
    await expect.poll(rowIds, POLL).toEqual([ids.manual]);
    await page().selectOption('#filter-platform', '');
    await page().check('#filter-failed');
    await page().waitForURL(/failed=1/);
    await expect.poll(rowIds, POLL).toEqual([ids.scarf]);
    await page().uncheck('#filter-failed');
    await expect.poll(() => rows().count(), POLL).toBe(3);
  });

  it('filters by update date and says so when nothing matches', async () => {
    await page().fill('#filter-from', '2099-01-01');
    await page().waitForURL(/from=2099-01-01/);
    await expect.poll(text(page(), '#empty-state'), POLL).toContain('没有符合搜索或筛选条件的商品');
    await page().click('#filter-clear');
    await expect.poll(() => rows().count(), POLL).toBe(3);
    const today = new Date().toISOString().slice(0, 10);
    await page().fill('#filter-to', today);
    await expect.poll(() => rows().count(), POLL).toBe(3);
    await page().click('#filter-clear');
  });

  it('sorts by name and by creation', async () => {
    await page().selectOption('#sort', 'name');
    await page().waitForURL(/sort=name/);
    await expect.poll(rowIds, POLL).toHaveLength(3);
    const names = await rows().locator('td.name').allTextContents();
    expect(names).toEqual([...names].sort());
    await page().selectOption('#sort', 'created_at');
    await expect.poll(rowIds, POLL).toEqual([ids.scarf, ids.cup, ids.manual]);
    await page().selectOption('#sort', '-created_at');
    await expect.poll(rowIds, POLL).toEqual([ids.manual, ids.cup, ids.scarf]);
    await page().reload();
    await expect.poll(rowIds, POLL).toEqual([ids.manual, ids.cup, ids.scarf]);
    expect(await page().inputValue('#sort')).toBe('-created_at');
  });

  it('says what to do on each empty tab; the archive does not send the seller to the extension', async () => {
    await page().click('[data-stage="archived"]');
    await expect.poll(text(page(), '#empty-state'), POLL).toContain('归档');
    const archiveText = (await text(page(), '#empty-state')()) ?? '';
    expect(archiveText).not.toContain('扩展');
    expect(archiveText).not.toContain('采集');
    await page().click('[data-stage="ready"]');
    await expect.poll(text(page(), '#empty-state'), POLL).toContain('标记为待上架');
    await page().click('[data-stage="published"]');
    await expect.poll(text(page(), '#empty-state'), POLL).toContain('发布');
    await shot(page(), '21-list-empty-tab');
    await bulk(stack.service.baseUrl, token, [ids.manual], 'archive');
    await page().click('[data-stage="archived"]');
    await expect.poll(rowIds, POLL).toEqual([ids.manual]);
    await expect.poll(attr(page(), '[data-stage="archived"] .tab-count', 'data-count'), POLL).toBe('1');
    expect(await page().getAttribute('[data-stage="all"] .tab-count', 'data-count')).toBe('2');
  });
});
