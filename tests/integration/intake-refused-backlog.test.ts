import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFeatures } from '../../src/infrastructure/container.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const PRODUCTS = 100;
const IMAGES_PER_PRODUCT = 30;
const BACKLOG = PRODUCTS * IMAGES_PER_PRODUCT;

function materials(product: number) {
  return {
    product: { id: null },
    source: { platform: '1688', itemId: String(7_000_000 + product), url: `https://detail.1688.com/offer/${product}.html`, collectedAt: 1763976600000 },
    texts: [{ kind: 'title', content: `收纳箱 ${product}` }],
    images: Array.from({ length: IMAGES_PER_PRODUCT }, (_, index) => ({
      groupKey: 'main',
      groupName: '主图',
      variantName: null,
      // A private address: with OUTBOUND_ALLOW_PRIVATE off each one is refused without any I/O.
      url: `http://127.0.0.1:1/p${product}-${index}.jpg`,
      index,
      type: 'img',
      dedupeKey: `p${product}-${index}`,
    })),
    refererOrigin: 'https://detail.1688.com',
  };
}

async function countByStatus(t: TestApp): Promise<Record<string, number>> {
  const rows = await t.container.cradle.database.db
    .selectFrom('assets')
    .select(['status'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

// A backlog of refused URLs once stopped the server answering anything until the worker was through it (every
// ended download started a claim of its own within the same turn of the event loop: 4, 16, 64 … per turn).
describe('a backlog of private-address images with OUTBOUND_ALLOW_PRIVATE off', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    // Collected with the worker stopped, so the whole backlog is waiting in the database when it starts.
    t = await startTestApp({ env: { OUTBOUND_ALLOW_PRIVATE: 'false' }, start: false });
    for (let product = 0; product < PRODUCTS; product += 1) {
      const response = await t.app.inject({ method: 'POST', url: '/api/materials', headers: t.auth, payload: materials(product) });
      expect(response.statusCode).toBe(201);
    }
    expect(await countByStatus(t)).toEqual({ pending: BACKLOG });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t?.close());

  it('keeps answering HTTP while the worker goes through it, and marks every image failed with the reason', async () => {
    await startFeatures(t.container);
    // Over a real socket, so each answer needs turns of the event loop: one after another, many turns in all.
    for (let request = 0; request < 20; request += 1) {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(30_000) });
      expect(response.status).toBe(200);
    }
    // They were answered while the backlog was being worked, not once it was through.
    const meanwhile = await countByStatus(t);
    expect((meanwhile.pending ?? 0) + (meanwhile.downloading ?? 0)).toBeGreaterThan(0);

    await t.container.cradle.downloadWorker.onIdle();
    expect(await countByStatus(t)).toEqual({ failed: BACKLOG });
    const reasons = await t.container.cradle.database.db.selectFrom('assets').select('error').distinct().execute();
    expect(reasons).toEqual([{ error: '禁止访问内网或保留地址' }]);
  }, 120_000);
});
