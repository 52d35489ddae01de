import { waitAtMost } from './background-worker.ts';
import { type AssetRepository } from './ports/asset-repository.ts';
import { type Clock } from './ports/clock.ts';
import { type DownloadAsset } from './use-cases/download-asset.ts';

export type DownloadWorkerDeps = {
  readonly assets: Pick<AssetRepository, 'claimDownloads' | 'renewClaims' | 'releaseClaims'>;
  readonly downloadAsset: DownloadAsset;
  readonly clock: Clock;
  /** Downloads running at once in this process (DOWNLOAD_CONCURRENCY); also the most it holds claimed. */
  readonly concurrency: number;
  /** How long a claim holds without a heartbeat; a process that died frees its claims after this. */
  readonly leaseMs: number;
  /** How often an idle worker looks for work it was not told about (another process's intake, lapsed claims). */
  readonly pollMs: number;
  /** How long `stop` waits for running downloads before freeing their claims. */
  readonly stopWaitMs: number;
  readonly onError: (error: unknown) => void;
};

export type DownloadWorker = {
  start(): void;
  /** New pending assets exist: claim now rather than at the next poll. */
  nudge(): void;
  /** Resolves once a look at the database found nothing to claim and nothing is running here. */
  onIdle(): Promise<void>;
  /** Downloads running here now. */
  running(): number;
  /** Stops claiming, waits a little for running downloads and frees the claims of those still running. */
  stop(): Promise<void>;
};

/**
 * Source-image downloads taken from the database a few at a time (docs/decisions.md, Background work): the pending rows are the queue,
 * so memory holds at most `concurrency` downloads whatever the backlog, and a restart or a second process needs no
 * re-queue: whatever no live claim holds is simply claimed next. Claims are renewed while their download runs.
 */
export function makeDownloadWorker(deps: DownloadWorkerDeps): DownloadWorker {
  let stopped = true;
  const active = new Map<string, Promise<void>>();
  let filling: Promise<void> | undefined;
  let again = false;
  let foundNothing = false;
  let idleWaiters: (() => void)[] = [];
  const timers: NodeJS.Timeout[] = [];
  const leaseUntil = (): string => new Date(deps.clock.now().getTime() + deps.leaseMs).toISOString();

  const settleIdle = (): void => {
    if (stopped || (!filling && active.size === 0 && foundNothing && !again)) idleWaiters.splice(0).forEach((resolve) => resolve());
  };

  // At most one claim per turn of the event loop, however many downloads ended in it: a refused private address
  // ends without I/O, and when every ended download asked for its own claim, each turn ran four times the downloads
  // of the one before (4, 16, 64 …) until the server stopped answering.
  let scheduled = false;
  const schedule = (): void => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      kick();
    });
  };

  const run = (assetId: string): void => {
    const download = deps
      .downloadAsset(assetId)
      .catch(deps.onError)
      .then(() => deps.assets.releaseClaims([assetId]))
      .catch(deps.onError)
      .finally(() => {
        active.delete(assetId);
        schedule();
      });
    active.set(assetId, download);
  };

  /** One claim for the free slots; the slots freed while it ran are claimed next turn. */
  async function fill(): Promise<void> {
    const free = deps.concurrency - active.size;
    if (stopped || free <= 0) return;
    const claimed = await deps.assets.claimDownloads(free, deps.clock.now().toISOString(), leaseUntil());
    if (stopped) {
      await deps.assets.releaseClaims(claimed);
      return;
    }
    for (const assetId of claimed) run(assetId);
    foundNothing = claimed.length === 0 && active.size === 0;
  }

  function kick(): void {
    if (stopped) return settleIdle();
    if (filling) {
      again = true;
      return;
    }
    again = false;
    foundNothing = false;
    filling = fill()
      .catch(deps.onError)
      .finally(() => {
        filling = undefined;
        if (again) schedule();
        else settleIdle();
      });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      const poll = setInterval(kick, deps.pollMs);
      const heartbeat = setInterval(
        () => {
          if (active.size > 0) deps.assets.renewClaims([...active.keys()], leaseUntil()).catch(deps.onError);
        },
        Math.max(10, Math.floor(deps.leaseMs / 3)),
      );
      for (const timer of [poll, heartbeat]) timer.unref();
      timers.push(poll, heartbeat);
      kick();
    },
    nudge: kick,
    onIdle() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        kick();
      });
    },
    running: () => active.size,
    async stop() {
      stopped = true;
      timers.splice(0).forEach(clearInterval);
      await filling;
      await waitAtMost(Promise.all(active.values()), deps.stopWaitMs);
      // Still running: freed now, so the next start (or another process) takes them without waiting for the lease.
      await deps.assets.releaseClaims([...active.keys()]).catch(deps.onError);
      idleWaiters.splice(0).forEach((resolve) => resolve());
      idleWaiters = [];
    },
  };
}
