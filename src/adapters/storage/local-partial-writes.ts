import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { LEGACY_PARTIAL_NAME, PARTIAL_DIR } from './local-object-store.ts';

/** Unfinished files whose last write is older than `before`: a crash's leftovers, never a write still going on. */
async function staleOnes(files: readonly string[], before: Date): Promise<string[]> {
  const stale: string[] = [];
  for (const file of files) {
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile() && info.mtimeMs < before.getTime()) stale.push(file);
  }
  return stale;
}

/**
 * Removes what crashed writes of the local store left (docs/decisions.md, Images and uploads): the files under
 * PARTIAL_DIR, and the `<key>.<pid>.<ms>.tmp` files earlier versions wrote beside the target, when their last write
 * is older than `before` (the start of this process: the local store has one process, and a write of this one is
 * newer). Real media never matches: keys end in their format's extension. Answers how many files went.
 */
export async function removeStalePartialWrites(root: string, before: Date): Promise<number> {
  const names = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  const candidates = names.filter((name) => path.dirname(name) === PARTIAL_DIR || LEGACY_PARTIAL_NAME.test(path.basename(name)));
  const stale = await staleOnes(
    candidates.map((name) => path.join(root, name)),
    before,
  );
  for (const file of stale) await rm(file, { force: true });
  return stale.length;
}

/** The start-up sweep, run beside the service (a large media tree takes a while to walk); `settled` is awaited at stop. */
export type PartialWriteSweep = { start(before: Date): void; settled(): Promise<void> };

export function makePartialWriteSweep(root: string, report: (removed: number, error?: unknown) => void): PartialWriteSweep {
  let running: Promise<void> = Promise.resolve();
  return {
    start(before) {
      running = removeStalePartialWrites(root, before).then(
        (removed) => report(removed),
        (error: unknown) => report(0, error),
      );
    },
    settled: () => running,
  };
}
