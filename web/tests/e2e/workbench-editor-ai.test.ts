import { describe, expect, it } from 'vitest';
import { apiJson } from './api.ts';
import { useEditorStack } from './editor-stack.ts';
import { POLL, shot, text, value } from './stack.ts';

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

describe('the editor with DeepSeek as the only AI key, in Chromium: Russian copy and the suite plan', () => {
  const e = useEditorStack();

  it('writes Russian copy with DeepSeek, the one text model the picker offers, and applies it', async () => {
    await e.stack.page.goto(`${e.stack.service.baseUrl}/products/${e.productId}?tab=copy`);
    const options = () =>
      e.stack.page.locator('#copy-model option').evaluateAll((items) => items.map((item) => [(item as HTMLOptionElement).value, item.textContent]));
    await expect.poll(options, POLL).toEqual([['deepseek-chat', 'DeepSeek（deepseek-chat）']]);
    e.deepseek.script.push({ kind: 'answer', value: COPY });
    await e.stack.page.fill('#copy-keywords', 'термокружка, детская');
    await e.stack.page.click('#copy-generate');
    await expect.poll(value(e.stack.page, '#f-copy-title_ru'), POLL).toBe(COPY.title_ru);
    expect(await value(e.stack.page, '#f-copy-description_ru')()).toBe(COPY.description_ru);
    expect(await text(e.stack.page, '#copy-text-zh')()).toContain(COPY.text_zh);
    expect(await text(e.stack.page, '#copy-hashtags')()).toContain('#термокружка #детская');
    const sent = e.deepseek.bodies().at(-1)!;
    expect(sent.model).toBe('deepseek-chat');
    const prompt = sent.messages.map((message) => message.content).join('\n');
    expect(prompt).toContain('儿童保温杯');
    expect(prompt).toContain('термокружка');
    await shot(e.stack.page, '36-copy-deepseek-only');
    await e.stack.page.click('#copy-apply');
    await expect.poll(text(e.stack.page, '.product-title'), POLL).toBe(COPY.title_ru);
    const product = await apiJson<{ name: string; description: string }>(e.stack.service.baseUrl, e.token, 'GET', `/api/products/${e.productId}`);
    expect(product).toMatchObject({ name: COPY.title_ru, description: COPY.description_ru });
  });

  it('plans the suite with DeepSeek; the image picker offers only what is configured (the template)', async () => {
    await e.stack.page.goto(`${e.stack.service.baseUrl}/products/${e.productId}?tab=suite`);
    e.deepseek.script.push({ kind: 'answer', value: PLAN });
    await e.stack.page.fill('#suite-requirements', '必须有尺寸图');
    await e.stack.page.click('#suite-plan');
    await expect.poll(() => e.stack.page.locator('#suite-plan-table tbody tr').count(), POLL).toBe(PLAN.items.length);
    expect(await text(e.stack.page, '#suite-planner')()).toContain('deepseek-chat');
    expect(await text(e.stack.page, '#suite-total')()).toContain('共 5 张');
    expect(
      e.deepseek
        .bodies()
        .at(-1)!
        .messages.map((message) => message.content)
        .join('\n'),
    ).toContain('必须有尺寸图');
    const imageModels = await e.stack.page.locator('#suite-model option').evaluateAll((items) => items.map((item) => (item as HTMLOptionElement).value));
    expect(imageModels).toEqual(['template']);
    await shot(e.stack.page, '37-model-picker');
  });
});
