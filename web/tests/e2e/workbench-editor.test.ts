import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatFake, startChatFake } from '../../../tests/fakes/chat-completions.ts';
import { apiJson, apiLogin, waitForDownloads } from './api.ts';
import { POLL, type Stack, attr, shot, startStack, text, value } from './stack.ts';
import { collectOn } from './workbench-api.ts';

const COPY = {
  title_ru: 'Детская термокружка 350 мл с трубочкой',
  description_ru: 'Термокружка из нержавеющей стали держит тепло до 6 часов.\n\nКрышка с трубочкой не протекает.',
  tags: ['термокружка', 'детская'],
  text_zh: '儿童保温杯 350ml，不锈钢，保温 6 小时',
};
const PLAN = {
  summary: '白底图、卖点和尺寸图',
  items: [
    { kind: 'white_bg', title: '白底主图', detail: '', prompt_hint: '', count: 1, variant_name: null },
    { kind: 'selling_points', title: '保温卖点', detail: '保温 6 小时', prompt_hint: '', count: 3, variant_name: null },
    { kind: 'size_chart', title: '尺寸图', detail: '350ml', prompt_hint: '', count: 1, variant_name: null },
  ],
};

describe('the editor speaks to a seller in Chromium: marked fields, legal moves, pre-filled values, sources, archive, DeepSeek copy', () => {
  let stack: Stack;
  let deepseek: ChatFake;
  let token = '';
  let productId = '';
  const page = () => stack.page;
  const open = async () => {
    await page().goto(`${stack.service.baseUrl}/products/${productId}`);
    await page().waitForSelector('#save-state [data-status]');
  };

  beforeAll(async () => {
    // The only AI key of this seller is DeepSeek's (issue 17): copy and plans must work with it alone.
    deepseek = await startChatFake('deepseek');
    stack = await startStack(deepseek.env());
    const base = stack.service.baseUrl;
    token = await apiLogin(base);
    productId = await collectOn(base, token, stack.fixtures.url, '1688', 'ed-1', '儿童保温杯 350ml');
    await collectOn(base, token, stack.fixtures.url, 'taobao', 'ed-2', '儿童保温杯 淘宝款', false, productId);
    await waitForDownloads(base, token, productId);
    await stack.login();
    page().on('dialog', (dialog) => void dialog.accept());
  });

  afterAll(async () => {
    await stack?.close();
    await deepseek?.close();
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

  it('writes Russian copy with DeepSeek, the one text model the picker offers, and applies it', async () => {
    await page().goto(`${stack.service.baseUrl}/products/${productId}?tab=copy`);
    const options = () => page().locator('#copy-model option').evaluateAll((items) => items.map((item) => [(item as HTMLOptionElement).value, item.textContent]));
    await expect.poll(options, POLL).toEqual([['deepseek-chat', 'DeepSeek（deepseek-chat）']]);
    deepseek.script.push({ kind: 'answer', value: COPY });
    await page().fill('#copy-keywords', 'термокружка, детская');
    await page().click('#copy-generate');
    await expect.poll(value(page(), '#f-copy-title_ru'), POLL).toBe(COPY.title_ru);
    expect(await value(page(), '#f-copy-description_ru')()).toBe(COPY.description_ru);
    expect(await text(page(), '#copy-text-zh')()).toContain(COPY.text_zh);
    expect(await text(page(), '#copy-hashtags')()).toContain('#термокружка #детская');
    const sent = deepseek.bodies().at(-1)!;
    expect(sent.model).toBe('deepseek-chat');
    const prompt = sent.messages.map((message) => message.content).join('\n');
    expect(prompt).toContain('儿童保温杯');
    expect(prompt).toContain('термокружка');
    await shot(page(), '36-copy-deepseek-only');
    await page().click('#copy-apply');
    await expect.poll(text(page(), '.product-title'), POLL).toBe(COPY.title_ru);
    const product = await apiJson<{ name: string; description: string }>(stack.service.baseUrl, token, 'GET', `/api/products/${productId}`);
    expect(product).toMatchObject({ name: COPY.title_ru, description: COPY.description_ru });
  });

  it('plans the suite with DeepSeek; the image picker offers only what is configured (the template)', async () => {
    await page().goto(`${stack.service.baseUrl}/products/${productId}?tab=suite`);
    deepseek.script.push({ kind: 'answer', value: PLAN });
    await page().fill('#suite-requirements', '必须有尺寸图');
    await page().click('#suite-plan');
    await expect.poll(() => page().locator('#suite-plan-table tbody tr').count(), POLL).toBe(PLAN.items.length);
    expect(await text(page(), '#suite-planner')()).toContain('deepseek-chat');
    expect(await text(page(), '#suite-total')()).toContain('共 5 张');
    expect(deepseek.bodies().at(-1)!.messages.map((message) => message.content).join('\n')).toContain('必须有尺寸图');
    const imageModels = await page().locator('#suite-model option').evaluateAll((items) => items.map((item) => (item as HTMLOptionElement).value));
    expect(imageModels).toEqual(['template']);
    await shot(page(), '37-model-picker');
  });
});
