import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING_POLICY } from '../../src/domain/pricing/pricing.ts';
import { insertPublishable, waitForFinalTask, type ShopApp, startShopApp } from '../helpers/marketplace-app.ts';
import { PUBLIC_BASE } from '../helpers/publishable-product.ts';

/** The policy's minimum price, wired end to end (docs/decisions.md, Price rules and quotas). */
describe('a pricing policy with min_price_percent', () => {
  let app: ShopApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'lws-min-price-'));
    const file = path.join(dir, 'policy.json');
    writeFileSync(file, JSON.stringify({ ...DEFAULT_PRICING_POLICY, defaults: { ...DEFAULT_PRICING_POLICY.defaults, min_price_percent: 80 } }));
    app = await startShopApp({ PUBLIC_BASE_URL: PUBLIC_BASE, PRICING_POLICY_FILE: file });
    app.ozon.plan = { pendingPolls: 0, outcome: 'imported' };
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves it, imports the card without it, then sends it with the price once the card is imported', async () => {
    const { t, ozon, shopId } = app;
    const policy = await t.app.inject({ method: 'GET', url: '/api/pricing/policy', headers: t.auth });
    expect(policy.json()).toMatchObject({ defaults: { min_price_percent: 80 } });
    const product = await insertPublishable(t);
    const response = await t.app.inject({ method: 'POST', url: `/api/products/${product.id}/publish`, headers: t.auth, payload: { shop_id: shopId } });
    expect(response.statusCode).toBe(202);
    const taskId = response.json<{ task_id: string }>().task_id;
    expect(ozon.tasks.get(Number(taskId))!.items[0]).not.toHaveProperty('min_price');
    expect(await waitForFinalTask(t, taskId)).toMatchObject({ status: 'imported' });
    const deadline = Date.now() + 15_000;
    while (ozon.prices.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ozon.prices).toEqual([expect.objectContaining({ offer_id: product.offer_id, price: '593', old_price: '1186', min_price: '475' })]);
  });
});
