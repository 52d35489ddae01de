import { type PublishTask } from '../../domain/publishing/publish-task.ts';
import { type Actor } from '../../domain/accounts/actor.ts';
import { type AuditLog } from '../ports/audit-log.ts';

/**
 * What was sent to the marketplace, one audit entry per send (a task of up to 100 products, or one shop's price
 * update): the audit action `publish_sent` (docs/decisions.md, Accounts), naming the first five offers and the count of the rest.
 */
export async function auditPublishSent(auditLog: AuditLog, records: readonly PublishTask[], actor?: Actor): Promise<void> {
  const sends = new Map<string, PublishTask[]>();
  for (const record of records.filter((candidate) => candidate.task_id !== null || candidate.operation === 'prices')) {
    const key = record.task_id ?? `prices:${record.shop_id}`;
    sends.set(key, [...(sends.get(key) ?? []), record]);
  }
  for (const [key, sent] of sends) {
    const offers = sent
      .slice(0, 5)
      .map((record) => record.offer_id)
      .join(', ');
    const more = sent.length > 5 ? ` 等 ${sent.length} 个商品` : '';
    const what = sent[0]!.task_id ? `task ${key}` : 'prices';
    await auditLog.record({ action: 'publish_sent', target: `${offers}${more} → shop ${sent[0]!.shop_id} (${what})`, actor: actor?.name, ip: actor?.ip });
  }
}

/**
 * Sends whose answer was lost (a crash, a timeout) and whose cards the background sender then found on the
 * marketplace: they went out, so each gets its one `publish_sent` entry now. Records of one send share its start.
 */
export async function auditArrivedSends(auditLog: AuditLog, records: readonly PublishTask[]): Promise<void> {
  const sends = new Map<string, PublishTask[]>();
  for (const record of records) {
    const key = `${record.shop_id}@${record.send_started_at ?? ''}`;
    sends.set(key, [...(sends.get(key) ?? []), record]);
  }
  for (const sent of sends.values()) {
    const offers = sent
      .slice(0, 5)
      .map((record) => record.offer_id)
      .join(', ');
    const more = sent.length > 5 ? ` 等 ${sent.length} 个商品` : '';
    await auditLog.record({ action: 'publish_sent', target: `${offers}${more} → shop ${sent[0]!.shop_id} (answer lost, card found)` });
  }
}

/** The background sender's `onSent`: its own sends, and lost sends found later, each one entry. */
export const auditBackgroundSends =
  (auditLog: AuditLog) =>
  async ({ sent, arrived }: { readonly sent: readonly PublishTask[]; readonly arrived: readonly PublishTask[] }): Promise<void> => {
    await auditPublishSent(auditLog, sent);
    await auditArrivedSends(auditLog, arrived);
  };
