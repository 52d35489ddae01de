import { messageOf } from '../api/client.ts';
import type { App } from '../app.ts';
import { type BulkResult, JOB_STATUS_LABELS, type Job, jobIdOf, jobProgress, summarize } from '../lib/bulk.ts';
import { announce } from '../lib/announce.ts';
import { h, mount } from '../lib/dom.ts';
import { navLink } from './layout.ts';
import { fieldTarget } from '../publish/field-targets.ts';

/** Jobs are read this often while they run. */
const JOB_POLL_MS = 1_500;

type Names = ReadonlyMap<string, string>;

const nameOf = (app: App, names: Names, id: string, tab: 'pricing' | 'suite' = 'pricing'): HTMLElement =>
  navLink(app, names.get(id) || id.slice(0, 8), { name: 'product', id, tab });

/** What failed for one product, each check a link that opens the product at its field (issue 32 item 4). */
const problemLinks = (app: App, result: BulkResult): HTMLElement | null =>
  result.errors && result.errors.length > 0
    ? h(
        'ul',
        { class: 'bulk-problems' },
        result.errors.map((problem) =>
          h(
            'li',
            { 'data-path': problem.path },
            navLink(app, problem.message, { name: 'product', id: result.product_id, tab: fieldTarget(problem.path).tab, field: problem.path }),
          ),
        ),
      )
    : null;

/** One line per product: ✓ or ✗ with the server's Chinese reason and, when the server named them, the checks that failed. */
function resultList(app: App, names: Names, results: readonly BulkResult[]): HTMLElement {
  return h(
    'ul',
    { class: 'bulk-list' },
    results.map((result) =>
      h(
        'li',
        { class: result.ok ? 'ok' : 'failed', 'data-product-id': result.product_id, 'data-ok': String(result.ok) },
        h('span', { class: 'mark' }, result.ok ? '✓' : '✗'),
        nameOf(app, names, result.product_id),
        result.ok ? (result.job_id ? h('span', { class: 'muted' }, '已排队') : null) : h('span', { class: 'reason' }, result.detail ?? result.code ?? '失败'),
        result.ok ? null : problemLinks(app, result),
      ),
    ),
  );
}

function jobView(app: App, names: Names, job: Job): HTMLElement[] {
  const percent = Math.round(jobProgress(job) * 100);
  const status = `后台任务${JOB_STATUS_LABELS[job.status]}：共 ${job.total} 件，完成 ${job.done} 件，失败 ${job.failed} 件`;
  announce(status);
  return [
    h('p', { id: 'job-status', 'data-status': job.status }, status),
    h(
      'div',
      { class: 'progress', role: 'progressbar', 'aria-label': '后台任务进度', 'aria-valuenow': percent, 'aria-valuemin': 0, 'aria-valuemax': 100 },
      h('div', { style: `width:${percent}%` }),
    ),
    h(
      'ul',
      { class: 'bulk-list', id: 'job-items' },
      job.items.map((item) => {
        const id = item.product_id ?? '';
        const state = item.status === 'done' ? '✓' : item.status === 'failed' ? '✗' : '…';
        return h(
          'li',
          { class: item.status === 'failed' ? 'failed' : item.status === 'done' ? 'ok' : 'pending', 'data-product-id': id, 'data-status': item.status },
          h('span', { class: 'mark' }, state),
          nameOf(app, names, id, job.kind === 'suite' ? 'suite' : 'pricing'),
          item.status === 'failed'
            ? h('span', { class: 'reason' }, item.error ?? '失败')
            : item.status === 'pending'
              ? h('span', { class: 'muted' }, '等待中')
              : item.suite_id
                ? h('span', { class: 'muted' }, '套图生成中，可在商品的「AI 套图」查看')
                : null,
        );
      }),
    ),
  ];
}

/**
 * Shows one bulk answer in `host`: how many succeeded and failed, each product's result, and for copy and suite
 * the queued job's progress, polled until it is done. Returns the stop function for the polling.
 */
export function showBulkResults(app: App, host: HTMLElement, title: string, results: readonly BulkResult[], names: Names, onJobDone: () => void): () => void {
  const { ok, failed, ordered } = summarize(results);
  const jobHost = h('div', { class: 'job', id: 'bulk-job' });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const close = h(
    'button',
    {
      class: 'link',
      onclick: () => {
        stop();
        mount(host);
      },
    },
    '关闭',
  );
  mount(
    host,
    h(
      'section',
      { class: 'card bulk-results', id: 'bulk-results' },
      h('div', { class: 'toolbar' }, h('h2', { style: 'margin:0' }, `${title}：成功 ${ok} 件，失败 ${failed} 件`), h('div', { class: 'spacer' }), close),
      jobHost,
      jobIdOf(results) && failed === 0 ? null : resultList(app, names, ordered),
    ),
  );
  const jobId = jobIdOf(results);
  const stop = (): void => {
    stopped = true;
    clearTimeout(timer);
  };
  const poll = async (): Promise<void> => {
    if (!jobId || stopped) return;
    try {
      const job = await app.api.json<Job>(`/api/jobs/${jobId}`);
      if (stopped) return;
      mount(jobHost, jobView(app, names, job));
      if (job.status === 'done') return onJobDone();
    } catch (error) {
      mount(jobHost, h('p', { class: 'form-error' }, `无法读取任务进度：${messageOf(error)}（稍后重试）`));
    }
    timer = setTimeout(() => void poll(), JOB_POLL_MS);
  };
  if (jobId) {
    mount(jobHost, h('p', { class: 'muted' }, '任务已排队，正在读取进度…'));
    void poll();
  }
  return stop;
}
