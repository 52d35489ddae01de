import { setImmediate as nextTurn } from 'node:timers/promises';
import { isDomainError } from '../domain/common/errors.ts';
import { type JsonObject } from '../domain/common/json.ts';
import { type Clock } from './ports/clock.ts';
import { type JobStore } from './ports/job-store.ts';
import { type BackgroundWorker, waitAtMost } from './background-worker.ts';

/** Works one item of a job of its kind: answers the item's result, or throws (a Chinese detail is kept). */
export type JobHandler = (subject: JsonObject, params: JsonObject) => Promise<JsonObject>;

export type JobWorkerDeps = {
  readonly jobs: JobStore;
  readonly clock: Clock;
  readonly handlers: Readonly<Record<string, JobHandler>>;
  /** This process's name on leases. */
  readonly owner: string;
  readonly leaseMs: number;
  /** How often an idle worker looks for work (another process's jobs, lapsed leases). */
  readonly pollMs: number;
  /** How long `stop` waits for the item in flight before handing the job back (the item may then run again elsewhere). */
  readonly stopWaitMs: number;
  readonly onError: (error: unknown) => void;
};

export type JobWorker = BackgroundWorker;

const failureText = (error: unknown): string => (isDomainError(error) ? error.detail : '处理失败');

/**
 * One job at a time, item by item, renewing the lease after each: work survives a restart (the items not done
 * stay pending and the lease lapses) and two processes on one database never work the same job at once.
 */
export function makeJobWorker(deps: JobWorkerDeps): JobWorker {
  let stopped = true;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const leaseUntil = () => new Date(deps.clock.now().getTime() + deps.leaseMs).toISOString();

  async function work(): Promise<void> {
    while (!stopped) {
      const job = await deps.jobs.claim(deps.owner, deps.clock.now().toISOString(), leaseUntil());
      if (!job) return;
      const handler = deps.handlers[job.kind];
      for (let item = await deps.jobs.nextItem(job.id); item && !stopped; item = await deps.jobs.nextItem(job.id)) {
        const outcome = handler
          ? await handler(item.subject, job.params).then(
              (result) => ({ result }),
              (error: unknown) => ({ error: failureText(error) }),
            )
          : { error: '不支持的任务类型' };
        await deps.jobs.finishItem(job.id, item.seq, outcome, deps.clock.now().toISOString());
        if (!(await deps.jobs.renew(job.id, deps.owner, leaseUntil()))) break; // taken over: its new owner goes on
        // An item that fails without I/O (a product deleted since) resolves in microtasks only: without a turn of
        // the event loop between items, a job of thousands would hold every request until it ended.
        await nextTurn();
      }
      if (!stopped && !(await deps.jobs.nextItem(job.id))) await deps.jobs.complete(job.id, deps.clock.now().toISOString());
    }
  }

  // A nudge while working may come after the last claim looked: it runs the loop once more.
  let again = false;
  const kick = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = work()
      .catch(deps.onError)
      .finally(() => {
        running = undefined;
        if (again) kick();
      });
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(kick, deps.pollMs);
      timer.unref();
      kick();
    },
    nudge: kick,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await waitAtMost(running, deps.stopWaitMs);
      // The job (its items not done) goes to another instance now; an item still in flight here may run again there.
      await deps.jobs.release(deps.owner).catch(deps.onError);
    },
  };
}
