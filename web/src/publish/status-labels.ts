import type { PublishOperation, PublishStatus } from '../api/marketplace-types.ts';
import { h } from '../lib/dom.ts';
import { formatTime } from '../lib/format.ts';

export const PUBLISH_STATUS_LABELS: Readonly<Record<PublishStatus, string>> = {
  pending: '等待平台结果',
  waiting_quota: '等待配额',
  imported: '已发布',
  failed: '失败',
  skipped: '已跳过',
};
const CLASSES: Readonly<Record<PublishStatus, string>> = {
  pending: 'badge-warn',
  waiting_quota: 'badge-warn',
  imported: 'badge-ok',
  failed: 'badge-error',
  skipped: 'badge-warn',
};

/** Still moving: the page keeps polling these. */
export const isOpenStatus = (status: PublishStatus): boolean => status === 'pending' || status === 'waiting_quota';

/**
 * A `waiting_quota` record whose last send went out unanswered (the API's `settling`): the service is looking its
 * card up on the marketplace, not waiting for quota. Not a status of its own: the record's status stays the contract's.
 */
export const SETTLING_LABEL = '核对中';
export const SETTLING_NOTE = '上次发送未收到回复，正在向 Ozon 核对是否已创建，核对后不会重复发送';

/** The status badge; a settling record reads 核对中 (its status still in `data-publish-status`) with the reason as its tooltip. */
export const publishBadge = (status: PublishStatus, settling = false): HTMLElement =>
  settling && status === 'waiting_quota'
    ? h('span', { class: 'badge badge-warn', 'data-publish-status': status, 'data-settling': 'true', title: SETTLING_NOTE }, SETTLING_LABEL)
    : h('span', { class: `badge ${CLASSES[status] ?? ''}`, 'data-publish-status': status }, PUBLISH_STATUS_LABELS[status] ?? status);

/** The line under a settling record's status, with when the service looks next when known. */
export const settlingNote = (nextAt: string | null = null): HTMLElement =>
  h('div', { class: 'muted small settling-note' }, nextAt ? `${SETTLING_NOTE}（下次核对 ${formatTime(nextAt)}）` : SETTLING_NOTE);

/** What a publish of an already published product sends (docs/decisions.md, Publishing). */
export const OPERATION_LABELS: Readonly<Record<PublishOperation, string>> = {
  import: '创建或整体更新',
  pictures: '只更新图片',
  prices: '只更新价格',
  copy: '跟卖（按 SKU 复制卡片）',
};
