import type { PublishOperation, PublishStatus } from '../api/marketplace-types.ts';
import { h } from '../lib/dom.ts';

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

export const publishBadge = (status: PublishStatus): HTMLElement =>
  h('span', { class: `badge ${CLASSES[status] ?? ''}`, 'data-publish-status': status }, PUBLISH_STATUS_LABELS[status] ?? status);

/** What a publish of an already published product sends (DECISIONS §9.1). */
export const OPERATION_LABELS: Readonly<Record<PublishOperation, string>> = { import: '创建或整体更新', pictures: '只更新图片', prices: '只更新价格' };
