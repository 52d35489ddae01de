import { type BackgroundWorker, waitAtMost } from './background-worker.ts';

/** A worker's sending side as its timer drives it: one pass over due work, and the hand-back of what it still holds. */
export type LeasedSender = {
  /** Claims and does due work; `claimed` counts what it took (0 = nothing was free). */
  runOnce(): Promise<{ readonly claimed: number }>;
  /** Frees every lease this process still holds (at a stop). */
  handBack(): Promise<void>;
};

/**
 * The timer side of a leased sender (robot messages, stock sends): one pass at a time, then a sleep until the first due
 * item (at most `idleMs`, so work another instance queued or left is not missed for long). A pass that found due work
 * but could claim none (another instance holds it) sleeps `idleMs` rather than spinning. `stop` waits for the pass in
 * progress up to `stopWaitMs`, then hands the sender's leases back.
 */
export function makeLeaseTimer({
  sender,
  nextDue,
  idleMs,
  stopWaitMs,
  onError,
}: {
  readonly sender: LeasedSender;
  /** The earliest time work is due (ISO), or null when none waits. */
  readonly nextDue: () => Promise<string | null>;
  readonly idleMs: number;
  readonly stopWaitMs: number;
  readonly onError: (error: unknown) => void;
}): BackgroundWorker {
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> | undefined;
  let again = false;

  const plan = async (claimedNone: boolean): Promise<void> => {
    if (stopped) return;
    const next = await nextDue();
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
      await waitAtMost(pass, stopWaitMs);
      await sender.handBack().catch(onError);
    },
  };
}
