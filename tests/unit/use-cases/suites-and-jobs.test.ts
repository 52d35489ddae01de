import { describe, expect, it } from 'vitest';
import { makeGetJob } from '../../../src/application/use-cases/get-job.ts';
import { makeGetSuiteArchive, suiteArchiveEntries } from '../../../src/application/use-cases/get-suite-archive.ts';
import { makeGetSuite } from '../../../src/application/use-cases/get-suite.ts';
import { makeListProductSuites, PRODUCT_SUITES_LIMIT } from '../../../src/application/use-cases/list-product-suites.ts';
import { appendImage, type SuiteImage, type SuiteJob } from '../../../src/domain/ai/suite-job.ts';
import { makeInMemoryJobStore } from '../../in-memory/in-memory-job-store.ts';
import { makeInMemorySuiteJobStore } from '../../in-memory/in-memory-suite-job-store.ts';
import { suiteJob, suiteWork } from '../../contract/suite-job-store.contract.ts';
import { catalogKit } from './catalog-kit.ts';

const text = (bytes: Uint8Array | undefined) => (bytes ? new TextDecoder().decode(bytes) : undefined);

describe('suites', () => {
  it('shows a stored suite, lists a product’s suites newest first, and 404s unknown ids', async () => {
    const kit = catalogKit();
    const suiteJobs = makeInMemorySuiteJobStore();
    const product = await kit.given();
    for (const n of [1, 2]) await suiteJobs.create(suiteJob(n, product.id), suiteWork, kit.clock.iso());
    expect(await makeGetSuite({ suiteJobs })('suite-2')).toEqual(suiteJob(2, product.id));
    await expect(makeGetSuite({ suiteJobs })('suite-9')).rejects.toMatchObject({ code: 'SUITE_NOT_FOUND' });
    const list = makeListProductSuites({ suiteJobs, products: kit.products });
    expect((await list(product.id)).map((job) => job.id)).toEqual(['suite-2', 'suite-1']);
    await expect(list(kit.ids.nth(99))).rejects.toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    expect(PRODUCT_SUITES_LIMIT).toBe(50);
  });

  it('archives a finished suite’s images by name, listing failures and files gone since; refuses an unfinished one (409)', async () => {
    const kit = catalogKit();
    const suiteJobs = makeInMemorySuiteJobStore();
    const image = (name: string, status: 'ok' | 'failed'): SuiteImage => ({
      type_id: 'title',
      name,
      url: `/media/suites/suite-1/${name}`,
      status,
      error: status === 'failed' ? '超时' : null,
    });
    let job: SuiteJob = { ...suiteJob(1), total: 3 };
    await suiteJobs.create(job, suiteWork, kit.clock.iso());
    job = appendImage(job, image('01-a.jpg', 'ok'), kit.clock.iso());
    await suiteJobs.save(job);
    const getArchive = makeGetSuiteArchive({ suiteJobs, objectStore: kit.objectStore });
    await expect(getArchive('suite-1')).rejects.toMatchObject({ code: 'SUITE_NOT_FINISHED' });
    for (const next of [image('02-b.jpg', 'failed'), image('03-c.jpg', 'ok')]) job = appendImage(job, next, kit.clock.iso());
    await suiteJobs.save(job);
    await kit.objectStore.put('suites/suite-1/01-a.jpg', new TextEncoder().encode('A'), 'image/jpeg');
    const archive = await getArchive('suite-1');
    expect(archive.fileName).toBe('suite-suite-1.zip');
    const entries: [string, string | undefined][] = [];
    for await (const entry of suiteArchiveEntries(archive)) entries.push([entry.path, text(entry.bytes)]);
    expect(entries).toEqual([
      ['01-a.jpg', 'A'],
      ['_errors.txt', '02-b.jpg: 超时\r\n03-c.jpg: 文件已不存在\r\n'],
    ]);
    await expect(getArchive('suite-9')).rejects.toMatchObject({ code: 'SUITE_NOT_FOUND' });
  });
});

describe('get job', () => {
  it('shows progress and each item with its subject and result side by side, without the params', async () => {
    const jobs = makeInMemoryJobStore();
    await jobs.create(
      { id: 'j1', kind: 'copy', params: { model: 'secret-ish' }, subjects: [{ product_id: 'a' }, { product_id: 'b' }] },
      '2026-11-25T10:00:00.000Z',
    );
    await jobs.finishItem('j1', 0, { result: { model: 'deepseek' } }, '2026-11-25T10:01:00.000Z');
    await jobs.finishItem('j1', 1, { error: 'AI 超时' }, '2026-11-25T10:02:00.000Z');
    const view = await makeGetJob({ jobs })('j1');
    expect(view).toMatchObject({ id: 'j1', kind: 'copy', total: 2, done: 1, failed: 1 });
    expect(view).not.toHaveProperty('params');
    expect(view.items).toEqual([
      { product_id: 'a', model: 'deepseek', status: 'done', error: null },
      { product_id: 'b', status: 'failed', error: 'AI 超时' },
    ]);
    await expect(makeGetJob({ jobs })('j9')).rejects.toMatchObject({ code: 'JOB_NOT_FOUND' });
  });
});
