import { messageOf } from '../api/client.ts';
import type { Asset, CollectedText, SuiteId, SuiteJob, SuitePlan } from '../api/types.ts';
import { announce } from '../lib/announce.ts';
import { type Child, h, mount } from '../lib/dom.ts';
import { download } from '../lib/exports.ts';
import { toast } from '../lib/toast.ts';
import type { EditorContext, Panel } from './context.ts';
import { sourceTitle } from './copy-panel.ts';
import { modelOptions } from '../lib/model-options.ts';
import { planTable, planTotal } from './suite-plan-table.ts';
import { isFinal, pollSuite, progressOf } from './suite-poll.ts';

const STATUS_TEXT: Readonly<Record<string, string>> = { pending: '排队中', running: '生成中', done: '已完成', partial: '部分完成', failed: '失败' };
const suiteKey = (productId: string): string => `lws.suite.${productId}`;
const REFERENCE_GROUPS = new Set(['main', 'sku', 'detail', 'upload']);

/** The stored images a suite may use as references (the server picks at most 2 per image). */
const references = (assets: readonly Asset[]) =>
  assets
    .filter((asset) => asset.status === 'stored' && REFERENCE_GROUPS.has(asset.group_key))
    .slice(0, 50)
    .map((asset) => ({ url: asset.stored_url, group_key: asset.group_key, variant_name: asset.variant_name }));

const variantsOf = (ctx: EditorContext): string[] => [...new Set((ctx.saved().assets ?? []).map((asset) => asset.variant_name).filter((name): name is string => Boolean(name)))];
const textsOf = (ctx: EditorContext): CollectedText[] => (Array.isArray(ctx.saved().raw.texts) ? (ctx.saved().raw.texts as unknown as CollectedText[]).slice(0, 200) : []);

/** Progress, the gallery as images arrive, and the zip once the job is final. */
function jobView(ctx: EditorContext, job: SuiteJob): Child[] {
  const zip = (): Promise<void> => download(ctx.app.api, `/api/suites/${job.id}/zip`, `suite-${job.id}.zip`, { timeoutMs: 120_000 }).catch((error: unknown) => toast(messageOf(error), 'error'));
  const status = STATUS_TEXT[job.status] ?? job.status;
  const percent = Math.round(progressOf(job) * 100);
  announce(`套图${status}：${job.images.length} / ${job.total} 张`);
  return [
    h('p', null, h('strong', { 'data-status': job.status, id: 'suite-status' }, status), ` · ${job.images.length} / ${job.total} 张`, job.error ? h('span', { class: 'form-error' }, ` · ${job.error}`) : null),
    h('div', { class: 'progress', role: 'progressbar', 'aria-label': '套图进度', 'aria-valuenow': percent, 'aria-valuemin': 0, 'aria-valuemax': 100 }, h('div', { style: `width:${percent}%` })),
    h(
      'div',
      { class: 'gallery', id: 'suite-gallery' },
      job.images.map((image) => h('figure', null, image.status === 'ok' ? h('img', { src: image.url, alt: image.name, loading: 'lazy' }) : h('div', { class: 'thumb-empty form-error' }, image.error ?? '失败'), h('figcaption', { title: image.name }, image.name))),
    ),
    isFinal(job.status) && job.images.some((image) => image.status === 'ok')
      ? h('div', { class: 'row-actions' }, h('button', { id: 'suite-zip', onclick: () => void zip() }, '下载 zip'), h('span', { class: 'muted small' }, '生成的图片已加入商品的「AI 生成」图片分组'))
      : null,
  ];
}

/** The suite step: plan (editable), model and watermark, generate, progress every 3 s, gallery and zip. */
export const suitePanel: Panel = (ctx, host) => {
  let stopPolling: (() => void) | null = null;
  const requirements = h('textarea', { rows: 2, id: 'suite-requirements', placeholder: '可选：强制要求，例如“必须有尺寸图”' });
  const planStatus = h('div', { 'aria-live': 'polite' });
  const total = h('span', { class: 'muted', id: 'suite-total' });
  const model = h('select', { id: 'suite-model' });
  const wmEnabled = h('input', { type: 'checkbox', id: 'wm-enabled' });
  const wmText = h('input', { id: 'wm-text', placeholder: '水印文字（店铺名）', maxLength: 50 });
  const wmOpacity = h('input', { type: 'range', min: 0, max: 100, value: '40', id: 'wm-opacity' });
  const generateButton = h('button', { class: 'primary', id: 'suite-generate', disabled: true, onclick: () => void generate() }, '开始生成套图');
  const job = h('div', { id: 'suite-job' });
  const table = planTable(
    () => variantsOf(ctx),
    (items) => {
      const sum = planTotal(items);
      total.textContent = `共 ${sum} 张${sum < 8 || sum > 15 ? '（建议 8–15 张）' : ''}`;
      generateButton.disabled = sum === 0;
    },
  );
  void ctx.app.reference.models().then(
    (models) => mount(model, modelOptions(models, 'image')),
    () => mount(model, h('option', { value: '' }, '默认模型')),
  );

  async function plan(): Promise<void> {
    mount(planStatus, h('p', { class: 'muted' }, '正在规划…'));
    const assets = ctx.saved().assets ?? [];
    const count = (group: string): number => assets.filter((asset) => asset.group_key === group).length;
    try {
      const answer = await ctx.app.api.json<SuitePlan>('/api/suite/plan', {
        method: 'POST',
        timeoutMs: 120_000,
        json: {
          product_id: ctx.id,
          title: sourceTitle(ctx.saved().raw, ctx.saved().name),
          texts: textsOf(ctx),
          sku_variants: variantsOf(ctx),
          image_stats: { main: count('main'), sku: count('sku'), detail: count('detail') },
          platform: 'ozon',
          requirements: requirements.value.trim() || null,
        },
      });
      table.setItems(answer.items);
      mount(planStatus, h('p', null, answer.summary), answer.warnings.map((warning) => h('p', { class: 'notice' }, warning)), h('p', { class: 'muted small', id: 'suite-planner' }, answer.planner === 'rules' ? '未配置文本模型，使用内置规则规划。' : `由文本模型 ${answer.model ?? ''} 规划。`));
    } catch (error) {
      mount(planStatus, h('p', { class: 'form-error' }, messageOf(error)));
    }
  }

  function follow(suiteId: string): void {
    stopPolling?.();
    localStorage.setItem(suiteKey(ctx.id), suiteId);
    stopPolling = pollSuite({
      fetchJob: () => ctx.app.api.json<SuiteJob>(`/api/suites/${suiteId}`),
      onJob: (current) => {
        mount(job, jobView(ctx, current));
        if (isFinal(current.status)) void ctx.refresh().catch(() => undefined);
      },
      onGone: () => {
        localStorage.removeItem(suiteKey(ctx.id));
        mount(job, h('p', { class: 'notice', id: 'suite-gone' }, '任务已失效：服务重启后未完成的套图任务不会保留，请重新生成。'));
      },
      onError: (error) => mount(job, h('p', { class: 'form-error' }, `${messageOf(error)}（继续重试）`)),
    });
  }

  async function generate(): Promise<void> {
    const items = table.items().filter((item) => item.count > 0);
    if (items.length === 0) return;
    generateButton.disabled = true;
    try {
      await ctx.flush();
      // The spec omits `watermark` when it is disabled.
      const watermark = wmEnabled.checked && wmText.value.trim() ? { watermark: { enabled: true, type: 'text', text: wmText.value.trim(), opacity: Number(wmOpacity.value) } } : {};
      const { suite_id } = await ctx.app.api.json<SuiteId>('/api/suite/generate', {
        method: 'POST',
        json: { product_id: ctx.id, texts: textsOf(ctx), images: references(ctx.saved().assets ?? []), style_set: 0, plan: items, platform: 'ozon', model: model.value || null, ...watermark, requirements: requirements.value.trim() || null },
      });
      mount(job, h('p', { class: 'muted' }, '已提交，正在排队…'));
      follow(suite_id);
    } catch (error) {
      toast(messageOf(error), 'error');
    } finally {
      generateButton.disabled = planTotal(table.items()) === 0;
    }
  }

  const remembered = localStorage.getItem(suiteKey(ctx.id));
  if (remembered) follow(remembered);
  const planCard = h(
    'section',
    { class: 'card' },
    h('div', { class: 'toolbar' }, h('h2', { style: 'margin:0' }, '套图方案'), h('div', { class: 'spacer' }), total, h('button', { id: 'suite-plan', onclick: () => void plan() }, '生成方案'), h('button', { onclick: () => table.add() }, '添加一项')),
    h('div', { class: 'field' }, h('label', { for: 'suite-requirements' }, '要求'), requirements),
    planStatus,
    table.element,
  );
  const generateCard = h(
    'section',
    { class: 'card' },
    h('h2', null, '生成'),
    h(
      'div',
      { class: 'grid-3' },
      h('div', { class: 'field' }, h('label', { for: 'suite-model' }, '图像模型'), model),
      h('div', { class: 'field' }, h('label', { for: 'wm-text' }, '水印文字'), h('div', { class: 'with-unit' }, h('label', { class: 'check-label' }, wmEnabled, '启用'), wmText)),
      h('div', { class: 'field' }, h('label', { for: 'wm-opacity' }, '水印不透明度'), wmOpacity),
    ),
    h('div', { class: 'row-actions' }, generateButton, h('span', { class: 'muted small' }, '所有套图任务在服务端排队逐张生成，每 3 秒刷新进度')),
    job,
  );
  mount(host, h('div', { class: 'stack' }, planCard, generateCard));
  return () => stopPolling?.();
};
