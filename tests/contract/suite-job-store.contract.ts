import { expect, it as base } from 'vitest';
import { type SuiteJobStore, type SuiteWork } from '../../src/application/ports/suite-jobs.ts';
import { appendImage, type SuiteJob } from '../../src/domain/ai/suite-job.ts';

/** Two stores on one fresh database (two connection pools, as two processes). */
export type SuiteStores = { readonly store: SuiteJobStore; readonly other: SuiteJobStore };
export type SuiteStoresAdapter = { readonly name: string; open(): Promise<SuiteStores & { dispose(): Promise<void> }> };

export const suiteStoresTest = (adapter: SuiteStoresAdapter) =>
  base.extend<{ stores: SuiteStores }>({
    stores: async ({ task: _task }, use) => {
      const opened = await adapter.open();
      try {
        await use(opened);
      } finally {
        await opened.dispose();
      }
    },
  });

const at = (second: number): string => new Date(Date.UTC(2026, 10, 25, 12, 0, second)).toISOString();
export const suiteJob = (n: number, productId = 'p1'): SuiteJob => ({
  id: `suite-${n}`,
  product_id: productId,
  status: 'pending',
  style_set: 0,
  platform: 'ozon',
  lang: 'ru',
  ratio: '3:4',
  provider: 'template',
  total: 2,
  images: [],
  error: null,
  created_at: at(n),
  updated_at: at(n),
});
export const suiteWork: SuiteWork = {
  model: null,
  jobs: [{ position: 0, copy: 1, item: { kind: 'title', title: 'Новинка', detail: '', prompt_hint: '', count: 1, variant_name: null } }],
  names: ['01-Новинка.jpg'],
  references: [{ url: '/media/p/main.jpg', group_key: 'main', variant_name: null }],
  style_prompt: null,
  requirements: '尺寸',
  source: {
    title_ru: 'Полка',
    tags: [],
    texts: [{ kind: 'title', content: '置物架' }],
    dimensions: { depth: 1, width: 2, height: 3, unit: 'cm' },
    weight: { value: 300, unit: 'g' },
  },
  watermark: { enabled: true, type: 'text', text: 'MyShop', opacity: 50 },
};

/** What every SuiteJobStore guarantees: jobs with their work, progress, a product's list, and leases over claims. */
export function testSuiteJobStoreContract(it: ReturnType<typeof suiteStoresTest>): void {
  it("stores jobs with their work, saves progress and lists a product's jobs newest first", async ({ stores: { store } }) => {
    await store.create(suiteJob(1), suiteWork, at(100));
    await store.create(suiteJob(2), suiteWork, at(100));
    await store.create(suiteJob(3, 'p2'), suiteWork, at(100));
    expect(await store.get('suite-1')).toEqual(suiteJob(1));
    expect(await store.work('suite-1')).toEqual(suiteWork);
    expect(await store.get('nope')).toBeUndefined();
    expect(await store.work('nope')).toBeUndefined();
    const next = appendImage(
      suiteJob(1),
      { type_id: 'title', name: '01-Новинка.jpg', url: '/media/suites/suite-1/01-Новинка.jpg', status: 'ok', error: null },
      at(50),
    );
    await store.save(next);
    expect(await store.get('suite-1')).toEqual(next);
    expect((await store.listByProduct('p1', 10)).map((entry) => entry.id)).toEqual(['suite-2', 'suite-1']);
    expect((await store.listByProduct('p1', 1)).map((entry) => entry.id)).toEqual(['suite-2']);
    expect(await store.listByProduct('p3', 10)).toEqual([]);
  });

  it('claims unfinished jobs nobody holds or whose lease lapsed, never a held or final one', async ({ stores: { store, other } }) => {
    for (const n of [1, 2, 3, 4]) await store.create(suiteJob(n), suiteWork, at(100));
    await store.save({ ...suiteJob(4), status: 'done', updated_at: at(60) });
    await store.release(['suite-3']);
    // suite-3 was let go (a stopped process); the others are held until second 100.
    expect(await store.claimUnfinished(at(60), at(200), 10)).toEqual(['suite-3']);
    await store.renew(['suite-1'], at(300));
    // Past second 100: suite-2's holder died (no renewal); suite-1 is still held, suite-4 is final.
    const claims = await Promise.all([store, other].map((claimer) => claimer.claimUnfinished(at(150), at(250), 10)));
    expect(claims.flat()).toEqual(['suite-2']);
    expect(await other.claimUnfinished(at(400), at(500), 0)).toEqual([]);
    expect(await other.claimUnfinished(at(400), at(500), 1)).toEqual(['suite-1']);
  });
}
