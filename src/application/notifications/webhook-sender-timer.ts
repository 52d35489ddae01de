import { type WebhookStore } from '../ports/webhook-store.ts';
import { type BackgroundWorker } from '../background-worker.ts';
import { makeLeaseTimer } from '../lease-timer.ts';
import { type WebhookSender } from './webhook-sender.ts';

/** The robot messages' worker (a BackgroundWorker): `nudge` when messages were queued, `stop` hands its webhooks back. */
export type WebhookSenderTimer = BackgroundWorker;

/** Robot messages on the shared leased-sender timer (lease-timer.ts): a sleep until the first due message, at most `idleMs`. */
export function makeWebhookSenderTimer({
  sender,
  webhooks,
  idleMs,
  stopWaitMs,
  onError,
}: {
  readonly sender: WebhookSender;
  readonly webhooks: WebhookStore;
  readonly idleMs: number;
  /** How long `stop` waits for the pass in progress before handing its webhooks back. */
  readonly stopWaitMs: number;
  readonly onError: (error: unknown) => void;
}): WebhookSenderTimer {
  return makeLeaseTimer({ sender, nextDue: () => webhooks.nextDue(), idleMs, stopWaitMs, onError });
}
