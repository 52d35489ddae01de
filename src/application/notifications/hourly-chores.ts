import { type Clock } from '../ports/clock.ts';
import { type NotificationStore } from '../ports/notification-store.ts';
import { type WebhookStore } from '../ports/webhook-store.ts';
import { type ShopWatch } from './watch-shops.ts';

/** Read notifications whose state ended are kept this long, then removed: the inbox must not grow for ever. */
export const KEEP_READ_MS = 90 * 86_400_000;
/** Robot messages sent or given up are kept this long (the webhook's last sending, the per-minute count). */
export const KEEP_DELIVERED_MS = 7 * 86_400_000;

export type HourlyChores = {
  /** Runs the chores now and then every `everyMs` until `stop`. */
  start(everyMs: number): Promise<void>;
  stop(): void;
  /** One round (tests). */
  runOnce(): Promise<void>;
};

/**
 * What the notifications feature does now and then, on every instance (each chore is idempotent, so two
 * instances doing it at once need no lease): every shop's key expiry looked at as days pass without a test, and
 * old read notifications and delivered robot messages removed.
 */
export function makeHourlyChores(deps: {
  readonly shopWatch: ShopWatch;
  readonly notifications: NotificationStore;
  readonly webhooks: WebhookStore;
  readonly clock: Clock;
  readonly onError: (error: unknown) => void;
}): HourlyChores {
  const { shopWatch, notifications, webhooks, clock, onError } = deps;
  let timer: NodeJS.Timeout | undefined;
  const runOnce = async (): Promise<void> => {
    const now = clock.now().getTime();
    await shopWatch.sweepKeys().catch(onError);
    await notifications.prune(new Date(now - KEEP_READ_MS).toISOString()).catch(onError);
    await webhooks.prune(new Date(now - KEEP_DELIVERED_MS).toISOString()).catch(onError);
  };
  return {
    runOnce,
    async start(everyMs) {
      await runOnce();
      clearInterval(timer);
      timer = setInterval(() => void runOnce(), everyMs).unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
