import { describe, expect, it } from 'vitest';
import { makeBulkProducts } from '../../../src/application/use-cases/bulk-products.ts';
import { makeInMemoryJobStore } from '../../in-memory/in-memory-job-store.ts';
import { catalogKit } from './catalog-kit.ts';

function bulkKit() {
  const kit = catalogKit();
  const jobs = makeInMemoryJobStore();
  const wakeUps = { count: 0 };
  const marketCalls: [string, readonly string[]][] = [];
  const marketActions = async (action: string, productIds: readonly string[]) => {
    marketCalls.push([action, productIds]);
    return productIds.map((id) => ({ product_id: id, ok: true }));
  };
  const repriceToMargin = async (productIds: readonly string[]) => productIds.map((id) => ({ product_id: id, ok: true }));
  const bulk = makeBulkProducts({ ...kit, jobs, marketActions, setSaleStock: async () => {}, repriceToMargin, onJobQueued: () => void (wakeUps.count += 1) });
  return { ...kit, jobs, wakeUps, bulk, marketCalls };
}

describe('bulk products', () => {
  it('moves each product alone: one refusal stops none of the others', async () => {
    const kit = bulkKit();
    const ready = await kit.givenPriced();
    const collected = await kit.given({ stage: 'collected', name: 'Собранный' });
    const missing = kit.ids.nth(99);
    const { results } = await kit.bulk({ action: 'stage', productIds: [ready.id, collected.id, missing], params: { stage: 'ready' } });
    expect(results).toEqual([
      { product_id: ready.id, ok: true },
      { product_id: collected.id, ok: false, code: 'ILLEGAL_STAGE_MOVE', detail: expect.any(String) },
      { product_id: missing, ok: false, code: 'PRODUCT_NOT_FOUND', detail: expect.any(String) },
    ]);
    expect([(await kit.products.findById(ready.id))?.stage, (await kit.products.findById(collected.id))?.stage]).toEqual(['ready', 'collected']);
  });

  it('archives, restores only archived products, and hard deletes only never-published ones', async () => {
    const kit = bulkKit();
    const a = await kit.given({ name: 'A' });
    const published = await kit.given({ name: 'B', stage: 'published', marketplace_product_id: '77', published_at: kit.clock.iso() });
    expect((await kit.bulk({ action: 'archive', productIds: [a.id], params: {} })).results).toEqual([{ product_id: a.id, ok: true }]);
    const restored = await kit.bulk({ action: 'restore', productIds: [a.id, published.id], params: {} });
    expect(restored.results.map((r) => [r.ok, r.code])).toEqual([
      [true, undefined],
      [false, 'NOT_ARCHIVED'],
    ]);
    expect((await kit.products.findById(a.id))?.stage).toBe('editing');
    const deleted = await kit.bulk({ action: 'delete', productIds: [a.id, published.id], params: {} });
    expect(deleted.results.map((r) => [r.ok, r.code])).toEqual([
      [true, undefined],
      [false, 'PRODUCT_WAS_PUBLISHED'],
    ]);
    expect([await kit.products.findById(a.id), (await kit.products.findById(published.id))?.stage]).toEqual([undefined, 'published']);
  });

  it('reprices with the merged inputs, sends ready products back to editing, and leaves unchanged and archived ones alone', async () => {
    const kit = bulkKit();
    const ready = await kit.givenPriced({ stage: 'ready' });
    const already = await kit.givenPriced({ pricing: { cost_cny: 20, markup_percent: 80 } });
    const archived = await kit.given({ stage: 'archived', name: 'Архив', pricing: { cost_cny: 5 } });
    const { results } = await kit.bulk({ action: 'pricing', productIds: [ready.id, already.id, archived.id], params: { markup_percent: 80 } });
    expect(results.map((r) => [r.ok, r.code])).toEqual([
      [true, undefined],
      [true, undefined],
      [false, 'PRODUCT_ARCHIVED'],
    ]);
    const repriced = await kit.products.findById(ready.id);
    expect(repriced).toMatchObject({ stage: 'editing', version: ready.version + 1, pricing: { markup_percent: 80 } });
    expect(repriced!.price).toBeGreaterThan(ready.price!);
    expect(repriced!.price).toBe((await kit.repriceProduct(repriced!)).price);
    expect((await kit.products.findById(already.id))?.version).toBe(already.version);
    expect((await kit.products.findById(archived.id))?.version).toBe(1);
  });

  it('says which checks failed, each at its field, when a product cannot be marked ready (issue 32 item 4)', async () => {
    const kit = bulkKit();
    const unfinished = await kit.given({ stage: 'editing', name: 'Полка', offer_id: '', weight: null });
    const [result] = (await kit.bulk({ action: 'stage', productIds: [unfinished.id], params: { stage: 'ready' } })).results;
    expect(result).toMatchObject({ ok: false, errors: expect.arrayContaining([{ path: '/offer_id', message: '货号 offer_id 不能为空' }]) });
    expect(result!.errors!.map((problem) => problem.path)).toContain('/weight');
  });

  it('reprices on the policy defaults when nothing is given, and counts a product without weight as not priced (issue 32 item 5)', async () => {
    const kit = bulkKit();
    const priced = await kit.givenPriced();
    const noWeight = await kit.given({ stage: 'editing', name: 'Без веса', pricing: { cost_cny: 12 }, weight: null });
    const { results } = await kit.bulk({ action: 'pricing', productIds: [priced.id, noWeight.id], params: {} });
    expect(results).toEqual([
      { product_id: priced.id, ok: true },
      {
        product_id: noWeight.id,
        ok: false,
        code: 'PRICING_INPUTS_MISSING',
        detail: '没有定价：缺少重量（克），无法定价',
        errors: [{ path: '/pricing/weight_g', message: '缺少重量（克），无法定价' }],
      },
    ]);
    expect((await kit.products.findById(noWeight.id))?.price).toBeNull();
  });

  it('queues one durable job for copy over the products found, names it on their results, and wakes the worker once', async () => {
    const kit = bulkKit();
    const a = await kit.given({ name: 'A' });
    const b = await kit.given({ name: 'B' });
    const archived = await kit.given({ name: 'C', stage: 'archived' });
    const { results } = await kit.bulk({ action: 'copy', productIds: [a.id, archived.id, b.id], params: { model: 'deepseek' } });
    const jobId = results[0]!.job_id!;
    expect(results).toEqual([
      { product_id: a.id, ok: true, job_id: jobId },
      { product_id: archived.id, ok: false, code: 'PRODUCT_ARCHIVED', detail: expect.any(String) },
      { product_id: b.id, ok: true, job_id: jobId },
    ]);
    const job = await kit.jobs.find(jobId);
    expect(job).toMatchObject({ kind: 'copy', status: 'queued', params: { model: 'deepseek' }, total: 2, created_at: kit.clock.iso() });
    expect(job!.items.map((item) => item.subject)).toEqual([{ product_id: a.id }, { product_id: b.id }]);
    expect(kit.wakeUps.count).toBe(1);
    const none = await kit.bulk({ action: 'suite', productIds: [archived.id], params: { model: 'template' } });
    expect(none.results.map((r) => [r.ok, r.job_id])).toEqual([[false, undefined]]);
    expect(kit.wakeUps.count).toBe(1);
  });

  it('archives and restores on the marketplace in one action over all the products, leaving their stage alone', async () => {
    const kit = bulkKit();
    const ids = ['6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a41', '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a42'];
    expect(await kit.bulk({ action: 'market_archive', productIds: ids, params: {} })).toEqual({
      results: ids.map((id) => ({ product_id: id, ok: true })),
    });
    await kit.bulk({ action: 'market_unarchive', productIds: ids.slice(0, 1), params: {} });
    expect(kit.marketCalls).toEqual([
      ['archive', ids],
      ['unarchive', ids.slice(0, 1)],
    ]);
  });
});
