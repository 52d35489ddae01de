import { type AssetRepository } from '../ports/asset-repository.ts';
import { type QueueDownloads } from './queue-downloads.ts';

/** More unfinished downloads than this at start-up is not a real workload; the rest wait for the next start. */
export const RESUME_LIMIT = 100_000;

export type ResumeDownloads = () => Promise<number>;

/** At start-up: re-queues every asset left `pending` or `downloading` (a crash or restart loses no download). */
export function makeResumeDownloads({ assets, queueDownloads }: { assets: AssetRepository; queueDownloads: QueueDownloads }): ResumeDownloads {
  return async () => {
    const unfinished = await assets.listByStatus(['pending', 'downloading'], RESUME_LIMIT);
    queueDownloads(unfinished.map((asset) => asset.asset_id));
    return unfinished.length;
  };
}
