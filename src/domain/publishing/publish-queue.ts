import { type PublishTask } from './publish-task.ts';

/**
 * The publish queue (issue 32 item 7): what waits to be sent — beyond the daily quota, after a 429, or looked up after
 * an unanswered send — grouped by product in the order it goes, counted in cards (a product with three enabled
 * colours is three cards, three of the quota).
 */
export type QueueEntry = {
  readonly position: number;
  readonly product_id: string;
  readonly shop_id: string;
  /** Records (one per card) of this product waiting. */
  readonly cards: number;
  /** Cards of the products before it in the queue. */
  readonly cards_before: number;
  /** When the first of its cards is due to go (the sender's next look after a quota reset or a 429). */
  readonly goes_at: string | null;
  /** A send went out unanswered: it is being looked up on the marketplace, not sent again. */
  readonly settling: boolean;
  /** Whether the seller can take it out now (not due within the send lease, nothing sent unanswered). */
  readonly removable: boolean;
};

/** The queue's records grouped by product (and shop), in the order `records` go; `notDueBefore` decides what can still be taken out. */
export function queueEntries(records: readonly PublishTask[], notDueBefore: string): QueueEntry[] {
  const groups = new Map<string, PublishTask[]>();
  for (const record of records) {
    const key = `${record.product_id}\u0000${record.shop_id}`;
    groups.set(key, [...(groups.get(key) ?? []), record]);
  }
  let before = 0;
  return [...groups.values()].map((group, index) => {
    const first = group[0]!;
    const settling = group.some((record) => record.send_started_at !== null);
    const goesAt = group.map((record) => record.next_poll_at).filter((at): at is string => at !== null)[0] ?? null;
    const entry: QueueEntry = {
      position: index + 1,
      product_id: first.product_id,
      shop_id: first.shop_id,
      cards: group.length,
      cards_before: before,
      goes_at: goesAt,
      settling,
      removable: !settling && group.every((record) => record.next_poll_at !== null && record.next_poll_at > notDueBefore),
    };
    before += group.length;
    return entry;
  });
}

/** `2026-11-28 03:00 UTC`: a time in a Chinese sentence the server writes (the page shows its own local times). */
const utcMinute = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/**
 * Why a product with open records cannot be published again (issue 32 item 8): sent and awaiting the marketplace's
 * result, or queued and going by itself (with when) — not the same thing, and not the same advice.
 */
export function openPublishRefusal(open: readonly PublishTask[]): { readonly code: string; readonly message: string } {
  const waiting = open.filter((record) => record.status === 'waiting_quota');
  if (waiting.length === 0 || waiting.length < open.length)
    return { code: 'PUBLISH_IN_PROGRESS', message: '该商品已发送到平台，正在等待平台的导入结果，结果出来后才能再次发布' };
  if (waiting.some((record) => record.send_started_at !== null))
    return { code: 'PUBLISH_SETTLING', message: '该商品上次发送后没有收到平台回复，服务正在向平台核对，核对后不会重复发送；请等核对结束' };
  const goesAt = waiting
    .map((record) => record.next_poll_at)
    .filter((at): at is string => at !== null)
    .sort()[0];
  return {
    code: 'PUBLISH_QUEUED',
    message: `该商品已在发布队列中等待配额${goesAt ? `，预计 ${utcMinute(goesAt)} 自动发送` : ''}，不用再点发布；要取消请在「发布队列」里移出`,
  };
}
