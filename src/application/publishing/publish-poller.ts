import { type PublishTaskRepository } from '../ports/publish-task-repository.ts';
import { type PollPublishTasks } from './poll-publish-tasks.ts';

export type PublishPoller = {
  /** Begins polling whatever is pending in storage (tasks left by an earlier run included). */
  start(): Promise<void>;
  /** A task was created: make sure its first poll is scheduled. */
  wake(): void;
  /** Stops scheduling and waits for a pass in progress to finish. */
  stop(): Promise<void>;
};

export type PublishPollerDeps = {
  readonly pollPublishTasks: PollPublishTasks;
  readonly publishTasks: PublishTaskRepository;
  readonly onError: (error: unknown) => void;
  /** The longest sleep between looks at storage, so tasks written by another process are not missed for long. */
  readonly maxSleepMs?: number;
};

/**
 * The timer side of publish polling: one timer set to the earliest `next_poll_at` in storage, one pass at a
 * time. State lives in the database, so a restart resumes where the last run stopped.
 */
export function makePublishPoller({ pollPublishTasks, publishTasks, onError, maxSleepMs = 60_000 }: PublishPollerDeps): PublishPoller {
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
        while (!stopped && (await pollPublishTasks()));
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
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await pass;
    },
  };
}
