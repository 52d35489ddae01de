import { ApiError, messageOf } from '../api/client.ts';
import type { CollectedText, CopyResult } from '../api/types.ts';
import { h, mount } from '../lib/dom.ts';
import { hasChinese } from '../lib/format.ts';
import { toast } from '../lib/toast.ts';
import type { Panel } from './context.ts';
import { field } from './fields.ts';
import { modelOptions } from '../lib/model-options.ts';

/** Any one of these keys gives the service a text model (DECISIONS §9.4). */
const TEXT_KEYS = 'DEEPSEEK_API_KEY、DASHSCOPE_API_KEY（通义千问）、ARK_API_KEY（豆包）、OPENAI_API_KEY、ANTHROPIC_API_KEY';

/** AI copy can take a while (one corrective retry on the server). */
const COPY_TIMEOUT_MS = 120_000;

const textsOf = (raw: Record<string, unknown>): CollectedText[] => (Array.isArray(raw.texts) ? (raw.texts as CollectedText[]) : []);

/** The collected Chinese title: the `title` text, else the current name. */
export function sourceTitle(raw: Record<string, unknown>, name: string): string {
  return textsOf(raw).find((text) => text.kind === 'title' && text.content.trim())?.content.trim() ?? name;
}

const russianOnly = (value: string): string | null => (hasChinese(value) ? '含有中文字符，市场会拒绝' : null);

/**
 * The copy step: generate Russian title, description and tags from the collected Chinese texts, edit them
 * (saved into `copy` by the autosave), then apply them to the product's name and description.
 */
export const copyPanel: Panel = (ctx, host) => {
  const product = ctx.saved();
  const title = h('input', { id: 'copy-source-title', value: sourceTitle(product.raw, product.name) });
  const keywords = h('input', { id: 'copy-keywords', placeholder: '用逗号分隔，如：шарф, зима' });
  const requirements = h('textarea', { id: 'copy-requirements', rows: 2, placeholder: '可选：必须包含的信息或语气' });
  const model = h('select', { id: 'copy-model' });
  const status = h('div', { 'aria-live': 'polite' });
  const generate = h('button', { class: 'primary', id: 'copy-generate', onclick: () => void run() }, '生成俄文文案');
  const apply = h('button', { id: 'copy-apply', onclick: () => void applyCopy() }, '应用到商品名称和描述');
  const tags = h('div', { class: 'tags' });
  const chinese = h('p', { class: 'muted', id: 'copy-text-zh' });
  const hashtags = h('p', { class: 'muted', id: 'copy-hashtags' });

  void ctx.app.reference.models().then(
    (models) => mount(model, modelOptions(models, 'text')),
    () => mount(model, h('option', { value: '' }, '默认模型')),
  );

  const renderResult = (): void => {
    const copy = ctx.preview().copy;
    const list = Array.isArray(copy.tags) ? (copy.tags as string[]) : [];
    mount(tags, list.map((tag) => h('span', null, tag)));
    chinese.textContent = typeof copy.text_zh === 'string' && copy.text_zh ? `中文对照：${copy.text_zh}` : '';
    hashtags.textContent = typeof copy.hashtags === 'string' && copy.hashtags ? `平台标签（#Хештеги，应用后写入属性 23171）：${copy.hashtags}` : '';
    apply.disabled = !(typeof copy.title_ru === 'string' && copy.title_ru);
  };
  ctx.subscribe(renderResult);

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
          keywords: keywords.value.split(/[,，]/).map((word) => word.trim()).filter(Boolean).slice(0, 50),
          model: model.value || null,
          requirements: requirements.value.trim() || null,
        },
      });
      await ctx.refresh();
      mount(status, h('p', { class: 'server-price ok' }, '已生成并保存到文案草稿，检查后点「应用」写入商品。'));
    } catch (error) {
      const notConfigured = error instanceof ApiError && error.code === 'AI_NOT_CONFIGURED';
      mount(status, h('p', { class: 'form-error' }, messageOf(error)), notConfigured ? h('p', { class: 'notice', id: 'copy-no-model' }, `服务未配置文本模型：在服务器设置 ${TEXT_KEYS} 任一密钥后重启即可。也可以直接在右侧手写俄文文案，再点「应用」。`) : null);
    } finally {
      generate.disabled = false;
    }
  }

  async function applyCopy(): Promise<void> {
    apply.disabled = true;
    try {
      await ctx.flush();
      await ctx.app.api.json<unknown>(`/api/products/${ctx.id}/copy/apply`, { method: 'POST', headers: { 'if-match': String(ctx.saved().version) } });
      await ctx.refresh();
      toast('已写入商品名称和描述');
    } catch (error) {
      toast(messageOf(error), 'error');
    } finally {
      renderResult();
    }
  }

  mount(
    host,
    h(
      'div',
      { class: 'copy-grid' },
      h(
        'section',
        { class: 'card' },
        h('h2', null, '根据采集信息生成'),
        h('div', { class: 'field' }, h('label', { for: 'copy-source-title' }, '中文标题'), title),
        h('div', { class: 'field' }, h('label', { for: 'copy-keywords' }, '关键词'), keywords),
        h('div', { class: 'field' }, h('label', { for: 'copy-requirements' }, '要求'), requirements),
        h('div', { class: 'field' }, h('label', { for: 'copy-model' }, '文本模型'), model),
        h('div', { class: 'row-actions' }, generate),
        status,
      ),
      h(
        'section',
        { class: 'card' },
        h('h2', null, '俄文文案（可修改，自动保存）'),
        field(ctx, { field: 'title_ru', group: 'copy', label: '俄文标题', warn: russianOnly, lang: 'ru' }),
        field(ctx, { field: 'description_ru', group: 'copy', label: '俄文描述', kind: 'textarea', warn: russianOnly, lang: 'ru' }),
        tags,
        hashtags,
        chinese,
        h('div', { class: 'row-actions' }, apply, h('span', { class: 'muted small' }, '应用后商品名称和描述会被替换')),
      ),
    ),
  );
  renderResult();
};
