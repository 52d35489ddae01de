import { type BackgroundWorker, waitAtMost } from '../background-worker.ts';
import { type PublishTaskRepository } from '../ports/publish-task-repository.ts';
import { type PollPublishTasks } from './poll-publish-tasks.ts';

export type PublishPoller = BackgroundWorker & {
  /** Begins polling whatever is pending in storage (tasks left by an earlier run included). */
  start(): Promise<void>;
  /** A task was created: make sure its first poll is scheduled. */
  wake(): void;
  /**
   * Stops scheduling; a pass in progress ends after the task it is polling (waited for up to `stopWaitMs`), and
   * every task claimed and not finished is handed back. A send of waiting records in flight is not: it may have
   * reached the marketplace, so its records keep their send lease and the settle rule looks them up.
   */
  stop(): Promise<void>;
};

export type PublishPollerDeps = {
  readonly pollPublishTasks: PollPublishTasks;
  /** Only `nextPollAt` is read: the market sweep passes its own next look here (market-sweep.ts). */
  readonly publishTasks: Pick<PublishTaskRepository, 'nextPollAt'>;
  readonly onError: (error: unknown) => void;
  /** The longest sleep between looks at storage, so tasks written by another process are not missed for long. */
  readonly maxSleepMs?: number;
  /** How long `stop` waits for the pass in progress before handing its tasks back. */
  readonly stopWaitMs?: number;
};

/**
 * The timer side of publish polling: one timer set to the earliest `next_poll_at` in storage, one pass at a
 * time. State lives in the database, so a restart resumes where the last run stopped.
 */
export function makePublishPoller({ pollPublishTasks, publishTasks, onError, maxSleepMs = 60_000, stopWaitMs = 5_000 }: PublishPollerDeps): PublishPoller {
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Number.POSITIVE_INFINITY;
  let pass: Promise<void> | undefined;

  const schedule = (delayMs: number): void => {
    if (stopped) return;
    const at = Date.now() + Math.max(0, delayMs);
    if (timer && at >= timerAt) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(runPass, Math.max(0, delayMs));
    timer.unref();
  };

  const planNext = async (): Promise<void> => {
    if (stopped) return;
    const next = await publishTasks.nextPollAt();
    // Nothing open: still look again later, another process may write tasks (or die holding some).
    schedule(next === undefined ? maxSleepMs : Math.min(maxSleepMs, Date.parse(next) - Date.now()));
  };

  function runPass(): void {
    timer = undefined;
    timerAt = Number.POSITIVE_INFINITY;
    if (pass || stopped) return; // the running pass plans the next one when it ends
    pass = (async () => {
      try {
        // A full batch may have left more due tasks behind.
        while (!stopped && (await pollPublishTasks(() => stopped)));
      } catch (error) {
        onError(error);
      }
    })().finally(() => {
      pass = undefined;
      planNext().catch(onError);
    });
  }

  return {
    async start() {
      stopped = false;
      await planNext();
    },
    wake() {
      planNext().catch(onError);
    },
    // Tasks handed back elsewhere are due now: a pass finds them (planNext would only reschedule by next_poll_at).
    nudge: () => runPass(),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await waitAtMost(pass, stopWaitMs);
      await pollPublishTasks.handBack().catch(onError);
    },
  };
}
