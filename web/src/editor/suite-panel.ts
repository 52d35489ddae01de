import { messageOf } from '../api/client.ts';
import type { Asset, SuiteId, SuiteJob } from '../api/types.ts';
import { h, mount } from '../lib/dom.ts';
import { toast } from '../lib/toast.ts';
import type { Panel } from './context.ts';
import { modelOptions } from '../lib/model-options.ts';
import { suitePlanCard, textsOf } from './suite-plan-card.ts';
import { planTotal } from './suite-plan-table.ts';
import { suiteHistory } from './suite-history.ts';
import { jobView } from './suite-job-view.ts';
import { isFinal, pollSuite } from './suite-poll.ts';

const REFERENCE_GROUPS = new Set(['main', 'sku', 'detail', 'upload']);

/** The stored images a suite may use as references (the server picks at most 2 per image). */
const references = (assets: readonly Asset[]) =>
  assets
    .filter((asset) => asset.status === 'stored' && REFERENCE_GROUPS.has(asset.group_key))
    .slice(0, 50)
    .map((asset) => ({ url: asset.stored_url, group_key: asset.group_key, variant_name: asset.variant_name }));

/** The suite step: plan (editable), model and watermark, generate, progress every 3 s, gallery and zip, earlier suites. */
export const suitePanel: Panel = (ctx, host) => {
  let stopPolling: (() => void) | null = null;
  const model = h('select', { id: 'suite-model' });
  const wmEnabled = h('input', { type: 'checkbox', id: 'wm-enabled' });
  const wmText = h('input', { id: 'wm-text', placeholder: '水印文字（店铺名）', maxLength: 50 });
  const wmOpacity = h('input', { type: 'range', min: 0, max: 100, value: '40', id: 'wm-opacity' });
  const generateButton = h('button', { class: 'primary', id: 'suite-generate', disabled: true, onclick: () => void generate() }, '开始生成套图');
  const job = h('div', { id: 'suite-job' });
  const history = suiteHistory(
    () => ctx.app.api.json<{ items: SuiteJob[] }>(`/api/products/${ctx.id}/suites`),
    (chosen) => follow(chosen.id),
  );
  const plan = suitePlanCard(ctx, (images) => {
    generateButton.disabled = images === 0;
  });
  void ctx.app.reference.models().then(
    (models) => mount(model, modelOptions(models, 'image')),
    () => mount(model, h('option', { value: '' }, '默认模型')),
  );

  /** Shows the suite below the plan, polling it every 3 s until it is final. */
  function follow(suiteId: string): void {
    stopPolling?.();
    job.dataset.suiteId = suiteId;
    void history.reload(suiteId);
    let wasFinal = true;
    stopPolling = pollSuite({
      fetchJob: () => ctx.app.api.json<SuiteJob>(`/api/suites/${suiteId}`),
      onJob: (current) => {
        mount(job, jobView(ctx, current));
        if (!isFinal(current.status)) wasFinal = false;
        else if (!wasFinal) {
          // It finished while shown: its images joined the product, and the list shows its new state.
          void ctx.refresh().catch(() => undefined);
          void history.reload();
        }
      },
      onGone: () => mount(job, h('p', { class: 'notice', id: 'suite-gone' }, '该套图任务已不存在，请重新生成。')),
      onError: (error) => mount(job, h('p', { class: 'form-error' }, `${messageOf(error)}（继续重试）`)),
    });
  }

  async function generate(): Promise<void> {
    const items = plan.items().filter((item) => item.count > 0);
    if (items.length === 0) return;
    generateButton.disabled = true;
    try {
      await ctx.flush();
      // The spec omits `watermark` when it is disabled.
      const watermark =
        wmEnabled.checked && wmText.value.trim()
          ? { watermark: { enabled: true, type: 'text', text: wmText.value.trim(), opacity: Number(wmOpacity.value) } }
          : {};
      const { suite_id } = await ctx.app.api.json<SuiteId>('/api/suite/generate', {
        method: 'POST',
        json: {
          product_id: ctx.id,
          texts: textsOf(ctx),
          images: references(ctx.saved().assets ?? []),
          style_set: 0,
          plan: items,
          platform: 'ozon',
          model: model.value || null,
          ...watermark,
          requirements: plan.requirements(),
        },
      });
      mount(job, h('p', { class: 'muted' }, '已提交，正在排队…'));
      follow(suite_id);
    } catch (error) {
      toast(messageOf(error), 'error');
    } finally {
      generateButton.disabled = planTotal(plan.items()) === 0;
    }
  }

  // The newest suite opens below (followed while it is still being made); the earlier ones are listed.
  void history.reload().then((suites) => {
    if (suites[0] && job.dataset.suiteId === undefined) follow(suites[0].id);
  });
  const generateCard = h(
    'section',
    { class: 'card' },
    h('h2', null, '生成'),
    h(
      'div',
      { class: 'grid-3' },
      h('div', { class: 'field' }, h('label', { for: 'suite-model' }, '图像模型'), model),
      h(
        'div',
        { class: 'field' },
        h('label', { for: 'wm-text' }, '水印文字'),
        h('div', { class: 'with-unit' }, h('label', { class: 'check-label' }, wmEnabled, '启用'), wmText),
      ),
      h('div', { class: 'field' }, h('label', { for: 'wm-opacity' }, '水印不透明度'), wmOpacity),
    ),
    h('div', { class: 'row-actions' }, generateButton, h('span', { class: 'muted small' }, '所有套图任务在服务端排队逐张生成，每 3 秒刷新进度')),
    job,
  );
  mount(host, h('div', { class: 'stack' }, plan.element, generateCard, history.element));
  return () => stopPolling?.();
};
