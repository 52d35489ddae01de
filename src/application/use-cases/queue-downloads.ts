import { type JobQueue } from '../ports/job-queue.ts';
import { type DownloadAsset } from './download-asset.ts';

/** Hands assets to the background download queue; returns at once. */
export type QueueDownloads = (assetIds: readonly string[]) => void;

export function makeQueueDownloads({ jobQueue, downloadAsset }: { jobQueue: JobQueue; downloadAsset: DownloadAsset }): QueueDownloads {
  return (assetIds) => {
    for (const assetId of assetIds) jobQueue.add(`download:${assetId}`, () => downloadAsset(assetId));
  };
}
