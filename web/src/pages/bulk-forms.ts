import { TIER_CHOICES } from '../../../src/domain/pricing/pricing.ts';
import type { App } from '../app.ts';
import { pricingParams } from '../lib/bulk.ts';
import { h, mount } from '../lib/dom.ts';
import { missingKeyHint } from '../lib/ai-keys.ts';
import { modelOptions } from '../lib/model-options.ts';
import { TIER_LABELS, label } from '../lib/labels.ts';

const input = (id: string, placeholder: string): HTMLInputElement => h('input', { id, type: 'text', inputMode: 'decimal', placeholder, autocomplete: 'off' });

/** Bulk pricing: only the filled-in inputs change; each product keeps its own cost and weight. */
export function pricingForm(submit: (params: Record<string, unknown>) => Promise<void>, cancel: () => void): HTMLElement {
  const markup = input('bulk-markup', '加价率 %，如 30');
  const reserve = input('bulk-reserve', '预留折扣 %，如 50');
  const fx = input('bulk-fx', '汇率 ₽/¥，留空用当前汇率');
  const tier = h(
    'select',
    { id: 'bulk-tier' },
    h('option', { value: '' }, '物流档位不变'),
    TIER_CHOICES.map((choice) => h('option', { value: choice }, label(TIER_LABELS, choice))),
  );
  const problem = h('span', { class: 'form-error', id: 'bulk-form-error' });
  const go = (): void => {
    const { params, problem: text } = pricingParams({ markup: markup.value, reserve: reserve.value, tier: tier.value, fx: fx.value });
    problem.textContent = text ?? '';
    if (!text) void submit(params);
  };
  return h(
    'div',
    { class: 'inline-form' },
    h('label', null, '加价率', markup),
    h('label', null, '预留折扣', reserve),
    h('label', null, '物流档位', tier),
    h('label', null, '汇率', fx),
    h('button', { class: 'primary', id: 'bulk-pricing-apply', onclick: go }, '重新定价'),
    h('button', { class: 'link', onclick: cancel }, '取消'),
    h('span', { class: 'muted small' }, '都留空：按定价策略的默认值重新计算'),
    problem,
  );
}

/** Copy or suite for many products: pick the model; the work is queued and its progress shown. */
export function aiForm(app: App, action: 'copy' | 'suite', submit: (params: Record<string, unknown>) => Promise<void>, cancel: () => void): HTMLElement {
  const kind = action === 'copy' ? 'text' : 'image';
  const model = h('select', { id: 'bulk-model' }, h('option', { value: '' }, '正在读取模型…'));
  const start = h('button', { class: 'primary', id: 'bulk-ai-start', onclick: () => void submit(model.value ? { model: model.value } : {}) }, '加入队列');
  const hint = h(
    'span',
    { class: 'muted small', id: 'bulk-ai-hint' },
    action === 'copy' ? '为每件商品生成俄文名称和描述（需要确认后再应用）' : '为每件商品按采集信息规划并生成一套图片',
  );
  void app.reference.models().then(
    (models) => {
      mount(model, modelOptions(models, kind));
      // Copy needs a text key, said before the click; a suite always has the offline template.
      const missing = action === 'copy' ? missingKeyHint(models, 'text') : null;
      if (missing) {
        start.disabled = true;
        hint.className = 'notice small';
        hint.textContent = missing;
      }
    },
    () => mount(model, h('option', { value: '' }, '默认模型')),
  );
  return h(
    'div',
    { class: 'inline-form' },
    h('label', null, action === 'copy' ? '文本模型' : '图像模型', model),
    start,
    h('button', { class: 'link', onclick: cancel }, '取消'),
    hint,
  );
}

/** Bulk sale stock: one quantity for every selected product (each variant of it), sent again where it is on a warehouse. */
export function stockForm(submit: (params: Record<string, unknown>) => Promise<void>, cancel: () => void): HTMLElement {
  const stock = h('input', { id: 'bulk-stock-value', type: 'text', inputMode: 'numeric', placeholder: '如 20', autocomplete: 'off' });
  const problem = h('span', { class: 'form-error', id: 'bulk-stock-error' });
  const go = (): void => {
    const text = stock.value.trim();
    problem.textContent = text === '' || !Number.isFinite(Number(text)) ? '请输入库存数量' : '';
    // A number as typed: the server refuses a negative or fractional one in Chinese.
    if (!problem.textContent) void submit({ stock: Number(text) });
  };
  return h(
    'div',
    { class: 'inline-form' },
    h('label', null, '销售库存', stock),
    h('button', { class: 'primary', id: 'bulk-stock-apply', onclick: go }, '设置库存'),
    h('button', { class: 'link', onclick: cancel }, '取消'),
    h('span', { class: 'muted small' }, '每件商品（有款式时每个款式）的销售库存；已在平台仓库的会重新发送'),
    problem,
  );
}
