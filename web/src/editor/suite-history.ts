import { messageOf } from '../api/client.ts';
import type { SuiteJob } from '../api/types.ts';
import { h, mount } from '../lib/dom.ts';
import { formatTime } from '../lib/format.ts';

export const SUITE_STATUS_TEXT: Readonly<Record<string, string>> = {
  pending: '排队中',
  running: '生成中',
  done: '已完成',
  partial: '部分完成',
  failed: '失败',
};
/** Thumbnails shown per earlier suite; the whole gallery opens with 查看. */
const PREVIEW_IMAGES = 4;

export type SuiteHistory = {
  readonly element: HTMLElement;
  /** Reads the product's suites again (newest first) and marks `shown` as the one open below; answers them. */
  reload(shown?: string): Promise<SuiteJob[]>;
};

/**
 * The product's earlier suites (GET /api/products/{id}/suites): they are stored on the server, so they
 * are listed after a reload instead of being forgotten; each opens in the job view with 查看.
 */
export function suiteHistory(fetchSuites: () => Promise<{ items: SuiteJob[] }>, open: (job: SuiteJob) => void): SuiteHistory {
  const list = h('div', { id: 'suite-history-list', 'aria-live': 'polite' });
  const element = h('section', { class: 'card', id: 'suite-history' }, h('h2', null, '历史套图'), list);
  let shownId: string | undefined;

  const row = (job: SuiteJob) =>
    h(
      'li',
      { 'data-suite-id': job.id, 'aria-current': job.id === shownId ? 'true' : undefined, class: 'suite-history-row' },
      h('span', { class: 'muted small' }, formatTime(job.created_at)),
      h('strong', { 'data-status': job.status }, SUITE_STATUS_TEXT[job.status] ?? job.status),
      h('span', null, `${job.images.filter((image) => image.status === 'ok').length} / ${job.total} 张`),
      h(
        'span',
        { class: 'suite-history-thumbs' },
        job.images
          .filter((image) => image.status === 'ok')
          .slice(0, PREVIEW_IMAGES)
          .map((image) => h('img', { src: image.url, alt: image.name, loading: 'lazy' })),
      ),
      h('button', { class: 'suite-open', disabled: job.id === shownId, onclick: () => open(job) }, job.id === shownId ? '正在查看' : '查看'),
    );

  return {
    element,
    async reload(shown) {
      if (shown !== undefined) shownId = shown;
      try {
        const { items } = await fetchSuites();
        mount(
          list,
          items.length === 0
            ? h('p', { class: 'muted', id: 'suite-history-empty' }, '这个商品还没有生成过套图。')
            : h('ul', { class: 'suite-history' }, items.map(row)),
        );
        return items;
      } catch (error) {
        mount(list, h('p', { class: 'form-error' }, messageOf(error)));
        return [];
      }
    },
  };
}
