import { ApiError, messageOf } from '../api/client.ts';
import type { CollectedText, CopyResult } from '../api/types.ts';
import { h, mount } from '../lib/dom.ts';
import { missingKeyHint } from '../lib/ai-keys.ts';
import { modelOptions } from '../lib/model-options.ts';
import type { EditorContext } from './context.ts';

/** AI copy can take a while (one corrective retry on the server). */
const COPY_TIMEOUT_MS = 120_000;

/** The collected texts of the product (the extension's `raw.texts`). */
const textsOf = (raw: Record<string, unknown>): CollectedText[] => (Array.isArray(raw.texts) ? (raw.texts as CollectedText[]) : []);

/** The collected Chinese title: the `title` text, else the current name. */
export function sourceTitle(raw: Record<string, unknown>, name: string): string {
  return (
    textsOf(raw)
      .find((text) => text.kind === 'title' && text.content.trim())
      ?.content.trim() ?? name
  );
}

/**
 * The left half of the copy step: the collected Chinese title, keywords, requirements and the text model, and the
 * button that has the server write the Russian copy into the product's `copy` draft.
 */
export function copyGenerator(ctx: EditorContext): HTMLElement {
  const product = ctx.saved();
  const title = h('input', { id: 'copy-source-title', value: sourceTitle(product.raw, product.name) });
  const keywords = h('input', { id: 'copy-keywords', placeholder: '用逗号分隔，如：шарф, зима' });
  const requirements = h('textarea', { id: 'copy-requirements', rows: 2, placeholder: '可选：必须包含的信息或语气' });
  const model = h('select', { id: 'copy-model' });
  const status = h('div', { 'aria-live': 'polite' });
  const generate = h('button', { class: 'primary', id: 'copy-generate', onclick: () => void run() }, '生成俄文文案');

  const noKey = h('p', { class: 'notice', id: 'copy-no-model', hidden: true });
  /** Without a text model the button is off and says which key to set, before anyone clicks. */
  const sayMissing = (hint: string): void => {
    generate.disabled = true;
    noKey.hidden = false;
    noKey.textContent = `${hint}也可以直接在右侧手写俄文文案，再点「应用」。`;
  };
  void ctx.app.reference.models().then(
    (models) => {
      mount(model, modelOptions(models, 'text'));
      const hint = missingKeyHint(models, 'text');
      if (hint) sayMissing(hint);
    },
    () => mount(model, h('option', { value: '' }, '默认模型')),
  );

  async function run(): Promise<void> {
    generate.disabled = true;
    mount(status, h('p', { class: 'muted' }, '正在生成，通常需要 10–30 秒…'));
    try {
      await ctx.flush();
      const current = ctx.saved();
      const variants = [...new Set((current.assets ?? []).map((asset) => asset.variant_name).filter((name): name is string => Boolean(name)))];
      await ctx.app.api.json<CopyResult>('/api/ai/copy', {
        method: 'POST',
        timeoutMs: COPY_TIMEOUT_MS,
        json: {
          product_id: ctx.id,
          title: title.value.trim() || current.name || '商品',
          texts: textsOf(current.raw).slice(0, 200),
          sku_variants: variants.slice(0, 100),
          keywords: keywords.value
            .split(/[,，]/)
            .map((word) => word.trim())
            .filter(Boolean)
            .slice(0, 50),
          model: model.value || null,
          requirements: requirements.value.trim() || null,
        },
      });
      await ctx.refresh();
      mount(status, h('p', { class: 'server-price ok' }, '已生成并保存到文案草稿，检查后点「应用」写入商品。'));
    } catch (error) {
      mount(status, h('p', { class: 'form-error' }, messageOf(error)));
      // The server's own word (its key name) when the catalog changed under the page.
      if (error instanceof ApiError && error.code === 'AI_NOT_CONFIGURED') {
        sayMissing(`${messageOf(error)}。`);
        return;
      }
    }
    generate.disabled = false;
  }

  return h(
    'section',
    { class: 'card' },
    h('h2', null, '根据采集信息生成'),
    h('div', { class: 'field' }, h('label', { for: 'copy-source-title' }, '中文标题'), title),
    h('div', { class: 'field' }, h('label', { for: 'copy-keywords' }, '关键词'), keywords),
    h('div', { class: 'field' }, h('label', { for: 'copy-requirements' }, '要求'), requirements),
    h('div', { class: 'field' }, h('label', { for: 'copy-model' }, '文本模型'), model),
    h('div', { class: 'row-actions' }, generate),
    noKey,
    status,
  );
}
