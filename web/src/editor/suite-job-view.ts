import { messageOf } from '../api/client.ts';
import type { SuiteJob } from '../api/types.ts';
import { announce } from '../lib/announce.ts';
import { type Child, h } from '../lib/dom.ts';
import { download } from '../lib/exports.ts';
import { toast } from '../lib/toast.ts';
import type { EditorContext } from './context.ts';
import { SUITE_STATUS_TEXT } from './suite-history.ts';
import { isFinal, progressOf } from './suite-poll.ts';

/** Progress, the gallery as images arrive, and the zip once the job is final. */
export function jobView(ctx: EditorContext, job: SuiteJob): Child[] {
  const zip = (): Promise<void> =>
    download(ctx.app.api, `/api/suites/${job.id}/zip`, `suite-${job.id}.zip`, { timeoutMs: 120_000 }).catch((error: unknown) =>
      toast(messageOf(error), 'error'),
    );
  const status = SUITE_STATUS_TEXT[job.status] ?? job.status;
  const percent = Math.round(progressOf(job) * 100);
  announce(`套图${status}：${job.images.length} / ${job.total} 张`);
  return [
    h(
      'p',
      null,
      h('strong', { 'data-status': job.status, id: 'suite-status' }, status),
      ` · ${job.images.length} / ${job.total} 张`,
      job.error ? h('span', { class: 'form-error' }, ` · ${job.error}`) : null,
    ),
    h(
      'div',
      { class: 'progress', role: 'progressbar', 'aria-label': '套图进度', 'aria-valuenow': percent, 'aria-valuemin': 0, 'aria-valuemax': 100 },
      h('div', { style: `width:${percent}%` }),
    ),
    h(
      'div',
      { class: 'gallery', id: 'suite-gallery' },
      job.images.map((image) =>
        h(
          'figure',
          null,
          image.status === 'ok'
            ? h('img', { src: image.url, alt: image.name, loading: 'lazy' })
            : h('div', { class: 'thumb-empty form-error' }, image.error ?? '失败'),
          h('figcaption', { title: image.name }, image.name),
        ),
      ),
    ),
    isFinal(job.status) && job.images.some((image) => image.status === 'ok')
      ? h(
          'div',
          { class: 'row-actions' },
          h('button', { id: 'suite-zip', onclick: () => void zip() }, '下载 zip'),
          h('span', { class: 'muted small' }, '生成的图片已加入商品的「AI 生成」图片分组'),
        )
      : null,
  ];
}
