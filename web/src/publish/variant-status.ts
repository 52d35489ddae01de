import type { PublishHistory } from '../api/marketplace-types.ts';
import { SETTLING_LABEL, SETTLING_NOTE } from './status-labels.ts';

const STATUS_TEXT: Readonly<Record<string, string>> = {
  draft: '未发布',
  waiting_quota: '等待额度',
  pending: '平台处理中',
  imported: '已发布',
  failed: '失败',
  skipped: '未变化',
};

/**
 * A variant's status cell: its stored status, or 核对中 (with the reason as a tooltip) while its newest publish
 * record is settling — the variant itself only knows `waiting_quota`, the record knows why.
 */
export function showVariantStatus(cell: HTMLElement, status: string, settling: boolean): void {
  const checking = settling && status === 'waiting_quota';
  cell.textContent = checking ? SETTLING_LABEL : (STATUS_TEXT[status] ?? status);
  cell.className = `variant-status status-${status}`;
  if (checking) {
    cell.title = SETTLING_NOTE;
    cell.dataset.settling = 'true';
  } else {
    cell.removeAttribute('title');
    delete cell.dataset.settling;
  }
}

/** The variants whose newest record (history is newest first) is settling. */
export function settlingVariants(items: PublishHistory['items']): Set<string> {
  const newest = new Map<string, boolean>();
  for (const item of items) if (item.variant_id !== null && !newest.has(item.variant_id)) newest.set(item.variant_id, item.settling);
  return new Set([...newest].filter(([, settling]) => settling).map(([id]) => id));
}
