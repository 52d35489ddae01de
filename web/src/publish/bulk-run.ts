import type { BulkPublishReply, PublishTaskView } from '../api/marketplace-types.ts';
import type { App } from '../app.ts';
import { h } from '../lib/dom.ts';
import { formatTime } from '../lib/format.ts';
import { navLink } from '../pages/layout.ts';
import type { BulkTable } from './bulk-table.ts';
import { isOpenStatus } from './status-labels.ts';
import { watchTask } from './task-watch.ts';
import { copySwitchFor } from './copy-refusal.ts';

/** One line on what happened to the selection. */
export function replySummary(reply: BulkPublishReply): HTMLElement {
  const sent = reply.tasks.reduce((sum, task) => sum + task.product_ids.length, 0);
  const overQuota = reply.waiting.length - reply.settling.length;
  return h(
    'p',
    {
      class: 'bulk-summary-line',
      id: 'bulk-result',
      'data-sent': sent,
      'data-waiting': reply.waiting.length,
      'data-settling': reply.settling.length,
      'data-refused': reply.refused.length,
    },
    `已提交 ${sent} 件（${reply.tasks.length} 个平台任务）`,
    overQuota > 0 ? `，${overQuota} 件超出配额（今日或所在类目），排队后自动发送` : '',
    reply.settling.length > 0 ? `，${reply.settling.length} 件发送后未收到平台回复，正在向 Ozon 核对，不会重复发送` : '',
    reply.refused.length > 0 ? `，${reply.refused.length} 件未通过检查未发送（见表格）` : '',
    '。状态会自动刷新。',
  );
}

/** The queued products' badges get when each goes and its place (issue 32 item 7: 等待配额 had no time). */
async function showWhenQueued(app: App, reply: BulkPublishReply, table: BulkTable): Promise<void> {
  try {
    const queue = await app.api.json<{ items: { product_id: string; goes_at: string | null; cards: number; cards_before: number }[] }>('/api/publish/queue');
    for (const item of queue.items) {
      if (!reply.waiting.includes(item.product_id) || reply.settling.includes(item.product_id)) continue;
      const note = h(
        'div',
        { class: 'muted small queue-note' },
        `预计 ${formatTime(item.goes_at)} 发送（${item.cards} 张卡片，前面还有 ${item.cards_before} 张）`,
        ' ',
        navLink(app, '发布队列', { name: 'queue' }),
      );
      table.setStatus(item.product_id, 'waiting_quota', [], false, note);
    }
  } catch {
    // An older service without the queue: the badge alone, as before.
  }
}

/**
 * Shows the answer of a bulk publish in the table and follows every task until the marketplace's result is
 * final; `onAllFinal` runs once nothing is open any more. Returns the stop function.
 */
export function followReply(app: App, reply: BulkPublishReply, table: BulkTable, onAllFinal: () => void): () => void {
  for (const refused of reply.refused) {
    // A copy the marketplace refused can go as a full card instead: switched here, finished in the editor.
    const done = (): void =>
      table.setRefused(refused.product_id, [{ path: 'publish_mode', message: '已改为创建新卡片：请在编辑页补齐类目、属性和图片后重新发布' }]);
    table.setRefused(refused.product_id, refused.errors, copySwitchFor(app, refused.product_id, [refused.code], done));
  }
  for (const id of reply.waiting) table.setStatus(id, 'waiting_quota', [], reply.settling.includes(id));
  if (reply.waiting.length > 0) void showWhenQueued(app, reply, table);
  table.deselect([...reply.waiting, ...reply.tasks.flatMap((task) => task.product_ids)]);
  const open = new Set(reply.tasks.map((task) => task.task_id));
  if (open.size === 0) onAllFinal();
  const stops = reply.tasks.map(({ task_id, product_ids }) => {
    for (const id of product_ids) table.setStatus(id, 'pending');
    return watchTask(app, task_id, (task: PublishTaskView) => {
      const items = task.items;
      if (items.length > 0) for (const item of items) table.setStatus(item.product_id, item.status, item.errors, item.settling);
      else for (const id of product_ids) table.setStatus(id, task.status, task.errors, task.settling);
      const stillOpen = isOpenStatus(task.status) || items.some((item) => isOpenStatus(item.status));
      if (!stillOpen && open.delete(task_id) && open.size === 0) onAllFinal();
    });
  });
  return () => stops.forEach((stop) => stop());
}
