import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { type NewProductFields, type Product } from '../../src/domain/catalog/product.ts';
import { type FakeOzon, startFakeOzon } from '../fakes/ozon.ts';
import { type TestApp, startTestApp } from './test-app.ts';
import { PUBLIC_BASE, publishableProduct } from './publishable-product.ts';

export const GOOD_KEY = '3f1b2c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';

export type TaskBody = {
  task_id: string;
  product_id: string;
  shop_id: string;
  status: string;
  marketplace_product_id: string | null;
  errors: { level: string; attribute_id: number; description: string }[];
};

/** Binds a shop through the API and tests it, so it is `active`. */
export async function bindActiveShop(t: TestApp, clientId = '123456', apiKey = GOOD_KEY, currency: 'RUB' | 'CNY' = 'RUB'): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/shops',
    headers: t.auth,
    payload: { name: `Shop ${clientId}`, client_id: clientId, api_key: apiKey, currency_code: currency },
  });
  expect(created.statusCode).toBe(201);
  const id = created.json<{ id: string }>().id;
  const tested = await t.app.inject({ method: 'POST', url: `/api/shops/${id}/test`, headers: t.auth });
  expect(tested.json()).toMatchObject({ ok: true });
  return id;
}

/** A ready, publishable product stored straight through the repository (the products API is another feature's). */
export async function insertPublishable(t: TestApp, overrides: Partial<NewProductFields> = {}): Promise<Product> {
  const id = randomUUID();
  const offerId = `BOX-${id.slice(0, 8)}`;
  // Each its own model name (9048), as separate products have: a shared one is a pre-flight warning (docs/decisions.md, Duplicates).
  const attributes = { ...publishableProduct().attributes, '9048': offerId };
  const product = publishableProduct({ id, offer_id: offerId, attributes, ...overrides }, new Date().toISOString());
  await t.container.cradle.products.insert(product);
  return product;
}

export async function getTask(t: TestApp, taskId: string): Promise<TaskBody> {
  const response = await t.app.inject({ method: 'GET', url: `/api/publish/${taskId}`, headers: t.auth });
  expect(response.statusCode).toBe(200);
  return response.json<TaskBody>();
}

/** Reads the task until the background poller made it final (bounded; nothing asserts on how long it took). */
export async function waitForFinalTask(t: TestApp, taskId: string, limitMs = 15_000): Promise<TaskBody> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const task = await getTask(t, taskId);
    if (task.status !== 'pending' || Date.now() > deadline) return task;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A service whose publish poll and moderation sweep look within a fraction of a second (add MARKET_RECHECK_MS to taste). */
export const MARKET_SOON: Readonly<Record<string, string>> = {
  PUBLIC_BASE_URL: PUBLIC_BASE,
  PUBLISH_POLL_IDLE: '100ms',
  MARKET_SWEEP_FIRST_MS: '20',
  MARKET_SWEEP_MAX_MS: '80',
};

export type ShopApp = { readonly ozon: FakeOzon; readonly t: TestApp; readonly shopId: string; close(): Promise<void> };

/** A test app wired to a fresh fake marketplace that knows `GOOD_KEY`, with one shop bound and tested (`active`). */
export async function startShopApp(env: Record<string, string> = {}): Promise<ShopApp> {
  const ozon = await startFakeOzon();
  ozon.addKey('123456', GOOD_KEY);
  const t = await startTestApp({ env: { OZON_API_URL: ozon.url, ...env } });
  const shopId = await bindActiveShop(t);
  return { ozon, t, shopId, close: async () => (await t.close(), await ozon.close()) };
}
