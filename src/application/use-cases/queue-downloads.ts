import { type DownloadWorker } from '../download-worker.ts';

/** Tells the download worker that new pending assets exist; returns at once. The rows themselves are the queue. */
export type QueueDownloads = (assetIds: readonly string[]) => void;

export function makeQueueDownloads({ downloadWorker }: { downloadWorker: Pick<DownloadWorker, 'nudge'> }): QueueDownloads {
  return (assetIds) => {
    if (assetIds.length > 0) downloadWorker.nudge();
  };
}
