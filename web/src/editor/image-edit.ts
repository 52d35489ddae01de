import { ApiError, NetworkError, messageOf } from '../api/client.ts';
import type { Asset, EditedImage } from '../api/types.ts';
import { h, mount } from '../lib/dom.ts';
import { missingKeyHint } from '../lib/ai-keys.ts';
import { modelOptions } from '../lib/model-options.ts';
import type { Modal } from '../lib/modal.ts';
import type { EditorContext } from './context.ts';

/** The single-image edit takes 5 s to 5 min; the page waits longer than the server's own limit. */
export const IMAGE_EDIT_TIMEOUT_MS = 180_000;

/** Whether a failed edit is worth simply retrying (a slow model), as opposed to fixing the request. */
export const isRetryableEditFailure = (error: unknown): boolean =>
  (error instanceof NetworkError && error.timedOut) || (error instanceof ApiError && (error.status === 504 || error.status === 502 || error.status === 429));

/** Opens the edit form for one image in the modal `dialog`; `done` runs after a result was added to the assets. */
export function imageEditDialog(ctx: EditorContext, dialog: Modal, asset: Asset, done: () => void): void {
  const prompt = h('textarea', { rows: 3, id: 'edit-prompt', placeholder: '例如：把背景换成纯白色；去掉图片上的中文水印；在右上角加俄文“Новинка”' });
  const model = h('select', { id: 'edit-model' });
  const status = h('div', { class: 'edit-status', 'aria-live': 'polite' });
  const start = h('button', { class: 'primary', id: 'edit-start', onclick: () => void run() }, '开始修图');
  void ctx.app.reference.models().then(
    (models) => {
      // Only models that follow a prompt can edit; the template composes cards and would change nothing.
      const capable = models.filter((entry) => entry.kind !== 'image' || entry.capabilities.follows_prompt);
      const usable = capable.some((entry) => entry.kind === 'image' && entry.configured);
      mount(model, usable ? modelOptions(capable, 'image') : h('option', { value: '', disabled: true, selected: true }, '未配置可按文字修图的 AI 图片模型'));
      start.disabled = !usable;
      if (!usable)
        mount(
          status,
          h(
            'p',
            { class: 'notice', id: 'edit-unavailable' },
            `内置模板不能按文字要求修图。${missingKeyHint(models, 'image-prompt') ?? ''}只加俄文文字可用套图的卖点图。`,
          ),
        );
    },
    () => mount(model, h('option', { value: '' }, '默认模型')),
  );

  async function run(): Promise<void> {
    if (!prompt.value.trim()) {
      mount(status, h('p', { class: 'form-error' }, '请先写下要怎么修改这张图'));
      return;
    }
    start.disabled = true;
    const started = Date.now();
    const tick = (): void =>
      mount(status, h('p', { class: 'muted' }, `AI 正在处理，已等待 ${Math.round((Date.now() - started) / 1000)} 秒（通常 5 秒到 5 分钟，请勿关闭页面）…`));
    tick();
    const ticker = setInterval(tick, 1_000);
    try {
      const result = await ctx.app.api.json<EditedImage>('/api/suite/image-edit', {
        method: 'POST',
        json: { product_id: ctx.id, image_url: asset.stored_url || asset.source_url, prompt: prompt.value.trim(), model: model.value || null, append: true },
        timeoutMs: IMAGE_EDIT_TIMEOUT_MS,
      });
      mount(
        status,
        h('p', { class: 'server-price ok' }, '修图完成，结果已加入「AI 生成」分组。'),
        h('img', { src: result.url, alt: '修图结果', class: 'edit-result' }),
      );
      done();
    } catch (error) {
      const hint = isRetryableEditFailure(error) ? '模型响应太慢或暂时不可用，稍后点「重试」即可；这不是你的操作问题。' : '';
      mount(status, h('p', { class: 'form-error' }, messageOf(error)), hint ? h('p', { class: 'notice' }, hint) : null);
      start.textContent = '重试';
    } finally {
      clearInterval(ticker);
      start.disabled = false;
    }
  }

  dialog.open(
    h(
      'section',
      { class: 'card' },
      h(
        'div',
        { class: 'toolbar' },
        h('h2', { style: 'margin:0' }, 'AI 修图'),
        h('div', { class: 'spacer' }),
        h('button', { class: 'link', onclick: () => dialog.close() }, '关闭'),
      ),
      h(
        'div',
        { class: 'columns' },
        h('img', { src: asset.stored_url, alt: asset.group_name, class: 'edit-source' }),
        h(
          'div',
          null,
          h('div', { class: 'field' }, h('label', { for: 'edit-prompt' }, '修改要求'), prompt),
          h('div', { class: 'field' }, h('label', { for: 'edit-model' }, '图像模型'), model),
          h('div', { class: 'row-actions' }, start),
          status,
        ),
      ),
    ),
  );
}
