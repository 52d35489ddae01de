import { conflict, notFound } from '../../domain/errors.ts';
import { type SuiteJob, isFinal } from '../../domain/suite-job.ts';
import { type ObjectStore } from '../ports/object-store.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { type SuiteJobStore } from '../ports/suite-jobs.ts';
import { loadProduct } from '../product-access.ts';
import { type ArchiveEntry } from './export-images.ts';

const suiteNotFound = () => notFound('SUITE_NOT_FOUND', '套图任务不存在');
/** Earlier suites a product lists (each up to 15 images; a product rarely has more than a few). */
export const PRODUCT_SUITES_LIMIT = 50;

/** GET /suites/{id}: the job as it stands (stored, so it answers after a restart too); unknown → 404. */
export function makeGetSuite(deps: { suiteJobs: SuiteJobStore }) {
  return async (id: string): Promise<SuiteJob> => {
    const job = await deps.suiteJobs.get(id);
    if (!job) throw suiteNotFound();
    return job;
  };
}

/** GET /products/{id}/suites: the product's suite jobs, newest first (§9.3); unknown product → 404. */
export function makeListProductSuites(deps: { suiteJobs: SuiteJobStore; products: ProductRepository }) {
  return async (productId: string): Promise<SuiteJob[]> => {
    await loadProduct(deps.products, productId);
    return deps.suiteJobs.listByProduct(productId, PRODUCT_SUITES_LIMIT);
  };
}

export type SuiteArchiveEntry = { readonly name: string; read(): Promise<Uint8Array | undefined> };
export type SuiteArchive = { readonly fileName: string; readonly entries: SuiteArchiveEntry[]; readonly errors: string[] };

/**
 * GET /suites/{id}/zip: the finished images named from the plan titles, plus the failures as text lines.
 * Before the job is final → 409; unknown → 404.
 */
export function makeSuiteArchive(deps: { suiteJobs: SuiteJobStore; objectStore: ObjectStore }) {
  return async (id: string): Promise<SuiteArchive> => {
    const job = await deps.suiteJobs.get(id);
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

