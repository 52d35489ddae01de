import { conflict } from '../../domain/common/errors.ts';
import { isFinal } from '../../domain/ai/suite-job.ts';
import { type ObjectStore } from '../ports/object-store.ts';
import { type SuiteJobStore } from '../ports/suite-jobs.ts';
import { type ArchiveEntry } from './export-images.ts';
import { suiteNotFound } from './get-suite.ts';

export type SuiteArchiveEntry = { readonly name: string; read(): Promise<Uint8Array | undefined> };
export type SuiteArchive = { readonly fileName: string; readonly entries: SuiteArchiveEntry[]; readonly errors: string[] };

export type GetSuiteArchiveDeps = { readonly suiteJobs: SuiteJobStore; readonly objectStore: ObjectStore };
export type GetSuiteArchive = (suiteId: string) => Promise<SuiteArchive>;

/**
 * GET /suites/{id}/zip: the finished images named from the plan titles, plus the failures as text lines.
 * Before the job is final → 409; unknown → 404.
 */
export function makeGetSuiteArchive(deps: GetSuiteArchiveDeps): GetSuiteArchive {
  return async (suiteId) => {
    const job = await deps.suiteJobs.get(suiteId);
    if (!job) throw suiteNotFound();
    if (!isFinal(job.status)) throw conflict('SUITE_NOT_FINISHED', `套图还在生成中（${job.images.length}/${job.total}），完成后再下载`);
    const entries = job.images
      .filter((image) => image.status === 'ok')
      .map((image) => ({ name: image.name, read: () => deps.objectStore.get(`suites/${job.id}/${image.name}`) }));
    const errors = job.images.filter((image) => image.status === 'failed').map((image) => `${image.name}: ${image.error ?? '失败'}`);
    return { fileName: `suite-${job.id.slice(0, 8)}.zip`, entries, errors };
  };
}

/** The archive's files in plan order, then `_errors.txt` listing what failed or has gone missing since. */
export async function* suiteArchiveEntries(archive: SuiteArchive): AsyncIterable<ArchiveEntry> {
  const errors = [...archive.errors];
  for (const entry of archive.entries) {
    const bytes = await entry.read();
    if (bytes) yield { path: entry.name, bytes };
    else errors.push(`${entry.name}: 文件已不存在`);
  }
  if (errors.length > 0) yield { path: '_errors.txt', bytes: new TextEncoder().encode(`${errors.join('\r\n')}\r\n`) };
}
