import { messageOf } from '../api/client.ts';
import type { AiModel } from '../api/types.ts';
import { missingKeyHint } from '../lib/ai-keys.ts';
import { h, mount } from '../lib/dom.ts';
import type { EditorContext } from './context.ts';

/** How often the page asks for the translation job's progress. */
const POLL_MS = 2_000;
/** At most this many images per request (docs/decisions.md, AI). */
export const MAX_TRANSLATE = 50;

type JobView = { status: string; total: number; done: number; failed: number; items: { asset_id: string; status: string; error: string | null }[] };

/**
 * 翻译图中文字: the images ticked on the images tab go to POST /api/image/translate with a model that can rewrite
 * text in images; the job's progress is shown until it is done, then `done` reloads the images (the results
 * appear in the 图片翻译 group, the sources stay).
 */
export function imageTranslateBar(ctx: EditorContext, selected: () => string[], done: () => void): HTMLElement {
  const model = h('select', { id: 'translate-model', 'aria-label': '翻译用的图片模型' });
  const status = h(
    'span',
    { class: 'muted small', id: 'translate-status', 'aria-live': 'polite' },
    '勾选下方图片的「选」，再点翻译图中文字；结果放在「图片翻译」分组，原图保留。',
  );
  const bar = h('div', { style: 'width:0%' });
  const progress = h('div', { class: 'progress', id: 'translate-progress', hidden: true }, bar);
  const show = (done: number, total: number): void => {
    progress.hidden = false;
    bar.style.width = `${total ? Math.round((done / total) * 100) : 0}%`;
  };
  const button: HTMLButtonElement = h('button', { id: 'translate-start', onclick: () => void start() }, '翻译图中文字');
  void ctx.app.reference.models().then((models: readonly AiModel[]) => {
    const capable = models.filter((entry) => entry.kind === 'image' && entry.capabilities.edits_text && entry.configured);
    mount(
      model,
      capable.length
        ? capable.map((entry) => h('option', { value: entry.id, selected: entry.default }, entry.label))
        : h('option', { value: '' }, '未配置可翻译图中文字的模型'),
    );
    button.disabled = capable.length === 0;
    const missing = missingKeyHint(models, 'image-text');
    if (missing) {
      button.title = missing;
      status.textContent = missing;
    }
  });

  async function poll(id: string): Promise<void> {
    try {
      const job = await ctx.app.api.json<JobView>(`/api/jobs/${id}`);
      status.textContent = `翻译中：已完成 ${job.done} / ${job.total}${job.failed ? `，失败 ${job.failed}` : ''}`;
      show(job.done + job.failed, job.total);
      if (job.status !== 'done') {
        setTimeout(() => void poll(id), POLL_MS);
        return;
      }
      const firstError = job.items.find((item) => item.error)?.error;
      progress.hidden = true;
      status.textContent = `翻译完成：成功 ${job.done} 张${job.failed ? `，失败 ${job.failed} 张（${firstError ?? ''}）` : ''}，结果在「图片翻译」分组`;
      button.disabled = false;
      done();
    } catch (error) {
      status.textContent = messageOf(error);
      button.disabled = false;
    }
  }

  async function start(): Promise<void> {
    const assetIds = selected();
    if (assetIds.length === 0 || assetIds.length > MAX_TRANSLATE) {
      status.textContent = assetIds.length === 0 ? '请先勾选要翻译的图片' : `一次最多翻译 ${MAX_TRANSLATE} 张`;
      return;
    }
    button.disabled = true;
    status.textContent = `正在提交 ${assetIds.length} 张图片…`;
    show(0, assetIds.length);
    try {
      const { job_id } = await ctx.app.api.json<{ job_id: string }>('/api/image/translate', {
        method: 'POST',
        json: { product_id: ctx.id, asset_ids: assetIds, model: model.value || null },
      });
      void poll(job_id);
    } catch (error) {
      progress.hidden = true;
      status.textContent = messageOf(error);
      button.disabled = false;
    }
  }

  return h(
    'div',
    { class: 'translate-bar', id: 'translate-bar' },
    h('div', { class: 'row-actions' }, h('label', { for: 'translate-model', class: 'small' }, '图中文字翻译'), model, button, status),
    progress,
  );
}
