import { type WebhookStore } from '../ports/webhook-store.ts';
import { type BackgroundWorker } from '../background-worker.ts';
import { type WebhookSender } from './webhook-sender.ts';

/** The robot messages' worker (a BackgroundWorker): `nudge` when messages were queued, `stop` hands its webhooks back. */
export type WebhookSenderTimer = BackgroundWorker;

/**
 * The timer side of robot messages: one pass at a time, then a sleep until the first due message (at most
 * `idleMs`, so messages another instance queued or left are not missed for long). A pass that found due messages
 * but could claim none (another instance holds them) sleeps `idleMs` rather than spinning.
 */
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
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> | undefined;
  let again = false;

  const plan = async (claimedNone: boolean): Promise<void> => {
    if (stopped) return;
    const next = await webhooks.nextDue();
    const wait = next === null ? idleMs : Date.parse(next) - Date.now();
    const delay = wait <= 0 && claimedNone ? idleMs : Math.min(idleMs, Math.max(0, wait));
    clearTimeout(timer);
    timer = setTimeout(run, delay);
    timer.unref();
  };

  function run(): void {
    timer = undefined;
    if (stopped) return;
    if (pass) {
      again = true;
      return;
    }
    let claimedNone = true;
    pass = (async () => {
      try {
        for (;;) {
          again = false;
          const { claimed } = await sender.runOnce();
          if (claimed > 0) claimedNone = false;
          if (stopped || (claimed === 0 && !again)) break;
        }
      } catch (error) {
        onError(error);
      }
    })().finally(() => {
      pass = undefined;
      plan(claimedNone).catch(onError);
    });
  }

  return {
    async start() {
      if (!stopped) return;
      stopped = false;
      await plan(false);
    },
    nudge() {
      if (stopped) return;
      clearTimeout(timer);
      run();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([pass, new Promise<void>((resolve) => (wait = setTimeout(resolve, stopWaitMs)))]);
      clearTimeout(wait);
      await sender.handBack().catch(onError);
    },
  };
}
