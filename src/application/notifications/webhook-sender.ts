import { type Clock } from '../ports/clock.ts';
import { type GroupRobot } from '../ports/group-robot.ts';
import { type Ids } from '../ports/ids.ts';
import { type Delivery, type WebhookStore } from '../ports/webhook-store.ts';
import { isDomainError } from '../../domain/common/errors.ts';
import { type RobotTarget, type Webhook, retryDelay } from '../../domain/notifications/webhook.ts';

/** The vendors' limit (WeCom, DingTalk): 20 messages a minute per robot. */
export const ROBOT_PER_MINUTE = 20;
const MINUTE_MS = 60_000;
/** Webhooks one pass takes at once. */
const WEBHOOKS_PER_PASS = 8;

export type WebhookSenderDeps = {
  readonly webhooks: WebhookStore;
  readonly robot: GroupRobot;
  readonly targetOf: (webhook: Webhook) => RobotTarget;
  readonly clock: Clock;
  readonly ids: Ids;
  /** WEBHOOK_RETRY_FIRST, WEBHOOK_RETRY_MAX, WEBHOOK_RETRY_FOR, WEBHOOK_LEASE. */
  readonly retry: { readonly firstMs: number; readonly maxMs: number; readonly forMs: number };
  readonly leaseMs: number;
  readonly onError?: (event: { readonly webhookId: string; readonly error: string }) => void;
};

export type WebhookSender = {
  /** One pass: claims due webhooks and sends their waiting messages in order; answers how many went out. */
  runOnce(): Promise<{ readonly claimed: number; readonly sent: number }>;
  /** Frees every webhook a pass in progress holds (a graceful stop): another instance may take them at once. */
  handBack(): Promise<void>;
};

const describe = (error: unknown): string => (isDomainError(error) ? error.detail : error instanceof Error ? error.message : String(error));

/**
 * Durable robot messages (docs/decisions.md, Notifications): a webhook is claimed whole with a lease, its messages
 * go in queue order, a failure keeps the rest waiting behind it and is retried with a doubling back-off until
 * WEBHOOK_RETRY_FOR after it was queued, then given up (the next ones go on). A message is marked sent right after
 * the robot took it, while the lease holds: another sender takes the webhook only once it lapsed.
 */
export function makeWebhookSender({ webhooks, robot, targetOf, clock, ids, retry, leaseMs, onError }: WebhookSenderDeps): WebhookSender {
  const at = (ms: number): string => new Date(ms).toISOString();

  /** Sends what is due on one claimed webhook; answers how many went out. */
  const drain = async (webhook: Webhook, holder: string, claimedAt: number): Promise<number> => {
    let sent = 0;
    let target: RobotTarget;
    try {
      target = targetOf(webhook);
    } catch (error) {
      // Unreadable (SECRET_KEY changed): nothing can go out; look again after the longest wait.
      onError?.({ webhookId: webhook.id, error: describe(error) });
      const [head] = await webhooks.waiting(webhook.id, 1);
      if (head) await webhooks.settle(head, holder, { status: 'postponed', nextAt: at(clock.now().getTime() + retry.maxMs) });
      return 0;
    }
    const queue = await webhooks.waiting(webhook.id, ROBOT_PER_MINUTE);
    for (const delivery of queue) {
      const now = clock.now().getTime();
      // Half the lease for sending leaves the other half for marking: no one else takes the webhook meanwhile.
      if (now - claimedAt > leaseMs / 2) break;
      if ((await webhooks.sentSince(webhook.id, at(now - MINUTE_MS))) >= ROBOT_PER_MINUTE) {
        await webhooks.settle(delivery, holder, { status: 'postponed', nextAt: at(now + MINUTE_MS / 4) });
        break;
      }
      if (!(await sendOne(delivery, target, holder))) break;
      sent += 1;
    }
    return sent;
  };

  /** Answers whether the message went out (false: it waits, and so do the ones behind it). */
  const sendOne = async (delivery: Delivery, target: RobotTarget, holder: string): Promise<boolean> => {
    let failure: string;
    try {
      const answer = await robot.send(target, delivery.text);
      if (answer.ok) {
        await webhooks.settle(delivery, holder, { status: 'sent', at: clock.now().toISOString() });
        return true;
      }
      failure = `${answer.words}${answer.code === null ? ` (HTTP ${answer.status ?? '?'})` : ` (错误码 ${answer.code})`}`;
    } catch (error) {
      failure = describe(error);
    }
    const now = clock.now().getTime();
    onError?.({ webhookId: delivery.webhook_id, error: failure });
    if (now - Date.parse(delivery.created_at) >= retry.forMs) {
      // Given up after a day: the next messages go on.
      await webhooks.settle(delivery, holder, { status: 'failed', at: at(now), error: failure });
      return true;
    }
    await webhooks.settle(delivery, holder, {
      status: 'waiting',
      nextAt: at(now + retryDelay(delivery.attempts + 1, retry.firstMs, retry.maxMs)),
      error: failure,
    });
    return false;
  };

  /** Holder → the webhooks its pass claimed and has not freed yet. */
  const held = new Map<string, Set<string>>();

  return {
    async runOnce() {
      const claimedAt = clock.now().getTime();
      const holder = ids.uuid();
      const claimed = await webhooks.claimDue(at(claimedAt), at(claimedAt + leaseMs), holder, WEBHOOKS_PER_PASS);
      const mine = new Set(claimed.map((webhook) => webhook.id));
      held.set(holder, mine);
      // Webhooks are independent: one slow robot must not hold the others up.
      const counts = await Promise.all(
        claimed.map(async (webhook) => {
          try {
            return await drain(webhook, holder, claimedAt);
          } finally {
            mine.delete(webhook.id);
            await webhooks.release(webhook.id, holder);
          }
        }),
      ).finally(() => held.delete(holder));
      return { claimed: claimed.length, sent: counts.reduce((sum, count) => sum + count, 0) };
    },
    async handBack() {
      const releases = [...held].flatMap(([holder, webhookIds]) => [...webhookIds].map((id) => webhooks.release(id, holder)));
      await Promise.all(releases);
    },
  };
}
