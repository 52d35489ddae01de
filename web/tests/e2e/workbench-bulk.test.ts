import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OneKeyVendor, startOneKeyVendor } from '../../../tests/fakes/one-key-vendor.ts';
import { apiJson, apiLogin, waitForDownloads } from './api.ts';
import { POLL, type Stack, attr, shot, startStack, text } from './stack.ts';
import { collectOn, createManual } from './workbench-api.ts';

const COPY = { title_ru: 'Детская термокружка 350 мл', description_ru: 'Термокружка из нержавеющей стали.', tags: ['термокружка'], text_zh: '儿童保温杯' };
const PLAN = {
  summary: '白底加卖点',
  items: [
    { kind: 'white_bg', title: '白底', detail: '', prompt_hint: '', count: 1, variant_name: null },
    { kind: 'selling_points', title: '卖点', detail: '', prompt_hint: '', count: 2, variant_name: null },
  ],
};

describe('bulk work on the list in Chromium: ranges, all matching, per-product results, job progress, AI with only an Ark key', () => {
  let stack: Stack;
  let ark: OneKeyVendor;
  let token = '';
  let collected = '';
  let readyable = '';
  const manual: string[] = [];
  const page = () => stack.page;
  const bulkCount = () => page().textContent('#bulk-count');
  const box = (index: number) => page().locator('#product-table tbody tr[data-product-id] input[type=checkbox]').nth(index);
  const checkedCount = () => page().locator('#product-table tbody input[type=checkbox]:checked').count();

  beforeAll(async () => {
    // This seller's only AI key is Ark's, with the models called by endpoint id (DOUBAO_MODEL, SEEDREAM_MODEL).
    ark = await startOneKeyVendor('ark', { DOUBAO_MODEL: 'ep-20251125-copy', SEEDREAM_MODEL: 'ep-20251125-image' });
    stack = await startStack(ark.env);
    const base = stack.service.baseUrl;
    token = await apiLogin(base);
    collected = await collectOn(base, token, stack.fixtures.url, '1688', 'bulk-1', '儿童保温杯');
    await waitForDownloads(base, token, collected);
    readyable = await collectOn(base, token, stack.fixtures.url, '1688', 'bulk-2', '儿童保温杯 大号');
    await waitForDownloads(base, token, readyable);
    await apiJson(base, token, 'PATCH', `/api/products/${readyable}`, {
      name: 'Термокружка детская',
      description: 'Термокружка из нержавеющей стали, 350 мл, держит тепло 6 часов.',
      offer_id: 'BULK-READY-1',
      depth: 80,
      width: 80,
      height: 200,
      pricing: { cost_cny: 20, weight_g: 300 },
    });
    for (let n = 1; n <= 21; n += 1) manual.push(await createManual(base, token, `Товар ${String(n).padStart(2, '0')}`));
    await stack.login();
    page().on('dialog', (dialog) => void dialog.accept());
  });

  afterAll(async () => {
    await stack?.close();
    await ark?.close();
  });

  it('ticks a range with shift-click and shows the bulk bar', async () => {
    await expect.poll(() => page().locator('#product-table tbody tr[data-product-id]').count(), POLL).toBe(20);
    await box(1).click();
    await box(4).click({ modifiers: ['Shift'] });
    await expect.poll(bulkCount, POLL).toBe('4');
    expect(await checkedCount()).toBe(4);
    expect(await box(0).isChecked()).toBe(false);
    await box(2).click({ modifiers: ['Shift'] });
    await expect.poll(bulkCount, POLL).toBe('1');
    expect(await box(1).isChecked()).toBe(true);
    await page().click('#bulk-clear');
    await expect.poll(() => page().isHidden('#bulk-bar'), POLL).toBe(true);
  });

  it('selects every matching product beyond the page and keeps ticks across pages', async () => {
    await page().check('#select-page');
    await expect.poll(text(page(), '#select-banner'), POLL).toContain('选择全部 23 件');
    await page().click('#select-matching');
    await expect.poll(bulkCount, POLL).toBe('23');
    await page().click('.pager button:last-child');
    await expect.poll(checkedCount, POLL).toBe(3);
    await page().click('#bulk-clear');
    await page().click('.pager button:first-of-type');
  });

  it('moves several products to 待上架 and shows each one’s result', async () => {
    const ids = [readyable, manual[0] ?? '', manual[1] ?? ''];
    await page().goto(`${stack.service.baseUrl}/products?sort=created_at`);
    await page().waitForSelector(`tr[data-product-id="${readyable}"]`);
    for (const id of ids) await page().check(`tr[data-product-id="${id}"] input[type=checkbox]`);
    await expect.poll(bulkCount, POLL).toBe('3');
    await page().click('#bulk-ready');
    await page().waitForSelector('#bulk-results');
    await expect.poll(text(page(), '#bulk-results h2'), POLL).toContain('成功 1 件，失败 2 件');
    expect(await page().getAttribute(`#bulk-results li[data-product-id="${readyable}"]`, 'data-ok')).toBe('true');
    const refusal = (await page().textContent(`#bulk-results li[data-product-id="${manual[0]}"]`)) ?? '';
    expect(refusal).toMatch(/[\u4e00-\u9fff]/u);
    await expect.poll(attr(page(), '[data-stage="ready"] .tab-count', 'data-count'), POLL).toBe('1');
    // Which checks failed, not only how many, each a link to the product's field (issue 32 item 4).
    const problems = `#bulk-results li[data-product-id="${manual[0]}"] .bulk-problems li`;
    expect(await page().locator(problems).count()).toBeGreaterThan(1);
    expect(await page().textContent(`${problems}[data-path="/offer_id"]`)).toBe('货号 offer_id 不能为空');
    await shot(page(), '22-bulk-result');
    await page().click(`${problems}[data-path="/offer_id"] a`);
    await page().waitForURL(new RegExp(`/products/${manual[0]}`));
    await expect.poll(() => page().evaluate(() => document.activeElement?.id), POLL).toBe('f-offer_id');
    await page().goto(`${stack.service.baseUrl}/products?sort=created_at`);
    await page().waitForSelector(`tr[data-product-id="${readyable}"]`);
  });

  it('says which chosen products the bulk publish page leaves out, and why (issue 32 item 6)', async () => {
    for (const id of [readyable, collected]) await page().check(`tr[data-product-id="${id}"] input[type=checkbox]`);
    await page().click('#publish-selected');
    await page().waitForURL(/\/publish\?ids=/);
    await expect.poll(attr(page(), '#bulk-skipped [data-skipped]', 'data-skipped'), POLL).toBe('1');
    await expect.poll(text(page(), `#bulk-skipped li[data-product-id="${collected}"]`), POLL).toContain('（已采集）');
    await expect.poll(text(page(), '#bulk-summary'), POLL).toContain('已选 1 件');
    await shot(page(), '72-bulk-publish-skipped');
    await page().goto(`${stack.service.baseUrl}/products?sort=created_at`);
    await page().waitForSelector(`tr[data-product-id="${readyable}"]`);
  });

  it('reprices in bulk and refuses a markup out of range with a Chinese message', async () => {
    // Nothing typed: the policy's defaults; a product without cost or weight is counted as not priced (issue 32 item 5).
    await page().check(`tr[data-product-id="${collected}"] input[type=checkbox]`);
    await page().check(`tr[data-product-id="${manual[4]}"] input[type=checkbox]`);
    await page().click('#bulk-pricing');
    await page().click('#bulk-pricing-apply');
    await expect.poll(text(page(), '#bulk-results h2'), POLL).toContain('批量定价：成功 1 件，失败 1 件');
    await expect.poll(text(page(), `#bulk-results li[data-product-id="${manual[4]}"] .bulk-problems`), POLL).toContain('缺少重量（克），无法定价');
    await page().check(`tr[data-product-id="${collected}"] input[type=checkbox]`);
    await page().click('#bulk-pricing');
    await page().fill('#bulk-markup', '5000');
    await page().click('#bulk-pricing-apply');
    await expect.poll(text(page(), '#bulk-error'), POLL).toContain('加价率');
    await page().fill('#bulk-markup', '40');
    await page().click('#bulk-pricing-apply');
    await expect.poll(text(page(), '#bulk-results h2'), POLL).toContain('批量定价：成功 1 件，失败 0 件');
    const stored = await apiJson<{ pricing: { markup_percent?: number } }>(stack.service.baseUrl, token, 'GET', `/api/products/${collected}`);
    expect(stored.pricing.markup_percent).toBe(40);
  });

  it('writes Russian copy in bulk with 豆包, the one text model offered, called by its endpoint id', async () => {
    await page().check(`tr[data-product-id="${collected}"] input[type=checkbox]`);
    await page().click('#bulk-copy');
    const options = () =>
      page()
        .locator('#bulk-model option')
        .evaluateAll((items) => items.map((item) => [(item as HTMLOptionElement).value, item.textContent]));
    await expect.poll(options, POLL).toEqual([['ep-20251125-copy', '豆包（ep-20251125-copy）']]);
    ark.chat.script.push({ kind: 'answer', value: COPY });
    await page().click('#bulk-ai-start');
    await expect.poll(attr(page(), '#job-status', 'data-status'), { timeout: 60_000, interval: 200 }).toBe('done');
    await expect.poll(attr(page(), `#job-items li[data-product-id="${collected}"]`, 'data-status'), POLL).toBe('done');
    const product = await apiJson<{ copy: { title_ru?: string; model?: string } }>(stack.service.baseUrl, token, 'GET', `/api/products/${collected}`);
    expect(product.copy).toMatchObject({ title_ru: COPY.title_ru, model: 'ep-20251125-copy' });
    expect(ark.chat.bodies().at(-1)?.model).toBe('ep-20251125-copy');
  });

  it('queues an AI suite for a product (planned by 豆包) and follows the job until it is done', async () => {
    ark.chat.script.push({ kind: 'answer', value: PLAN });
    await page().check(`tr[data-product-id="${collected}"] input[type=checkbox]`);
    await page().click('#bulk-suite');
    await expect.poll(() => page().locator('#bulk-model option').count(), POLL).toBeGreaterThan(0);
    expect(
      await page()
        .locator('#bulk-model option')
        .evaluateAll((items) => items.map((item) => (item as HTMLOptionElement).value)),
    ).toEqual(['ep-20251125-image', 'template']);
    await page().selectOption('#bulk-model', 'template');
    await page().click('#bulk-ai-start');
    // The copy job's finished view stays until this job's first answer replaces it: wait for the suite's item.
    await expect.poll(text(page(), `#job-items li[data-product-id="${collected}"]`), { timeout: 60_000, interval: 200 }).toContain('套图生成中');
    await expect.poll(attr(page(), '#job-status', 'data-status'), { timeout: 60_000, interval: 200 }).toBe('done');
    expect(ark.chat.script).toHaveLength(0);
    expect(ark.chat.bodies().at(-1)?.messages.at(-1)?.content).toContain('Plan the marketplace image suite');
    await shot(page(), '23-bulk-job-progress');
  });

  it('archives, restores and deletes in bulk', async () => {
    await page().check(`tr[data-product-id="${manual[2]}"] input[type=checkbox]`);
    await page().check(`tr[data-product-id="${manual[3]}"] input[type=checkbox]`);
    await page().click('#bulk-archive');
    await expect.poll(text(page(), '#bulk-results h2'), POLL).toContain('归档：成功 2 件');
    await expect.poll(attr(page(), '[data-stage="archived"] .tab-count', 'data-count'), POLL).toBe('2');
    await page().click('[data-stage="archived"]');
    await page().check(`tr[data-product-id="${manual[2]}"] input[type=checkbox]`);
    await page().click('#bulk-restore');
    await expect.poll(text(page(), '#bulk-results h2'), POLL).toContain('恢复：成功 1 件');
    await page().check(`tr[data-product-id="${manual[3]}"] input[type=checkbox]`);
    await page().click('#bulk-delete');
    await expect.poll(text(page(), '#bulk-results h2'), POLL).toContain('永久删除：成功 1 件');
    await expect.poll(attr(page(), '[data-stage="archived"] .tab-count', 'data-count'), POLL).toBe('0');
  });

  it('says before an edit that a 待上架 product goes back to 编辑中, and says so when it did (issue 32 item 11)', async () => {
    await page().goto(`${stack.service.baseUrl}/products/${readyable}`);
    await expect.poll(text(page(), '.editor-title .stage'), POLL).toBe('待上架');
    await expect.poll(text(page(), '#ready-edit-notice'), POLL).toContain('会让它退回「编辑中」');
    await shot(page(), '74-ready-edit-notice');
    await page().fill('#f-name', 'Термокружка детская 350 мл');
    await expect.poll(text(page(), '.editor-title .stage'), { timeout: 15_000, interval: 200 }).toBe('编辑中');
    await expect.poll(text(page(), '#toasts'), POLL).toContain('商品已退回「编辑中」');
    expect(await page().locator('#ready-edit-notice').count()).toBe(0);
  });
});
