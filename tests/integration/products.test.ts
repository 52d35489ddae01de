import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFxFakes, type FxFakes } from '../fakes/fx.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { addStoredImage, completeProduct } from './catalog-helpers.ts';

let test: TestApp;
let fx: FxFakes;

beforeAll(async () => {
  fx = await startFxFakes({ cbr: { kind: 'rate', rate: 11.5 } });
  test = await startTestApp({ env: fx.env });
});
afterAll(async () => {
  await test.close();
  await fx.close();
});

type Json = Record<string, unknown> & { id: string; version: number; stage: string };

async function create(body: Record<string, unknown> = completeProduct): Promise<Json> {
  const response = await test.app.inject({ method: 'POST', url: '/api/products', headers: test.auth, payload: body });
  expect(response.statusCode).toBe(201);
  return response.json();
}
const patch = (id: string, payload: unknown, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'PATCH', url: `/api/products/${id}`, headers: { ...test.auth, ...headers }, payload: payload as Record<string, unknown> });
const stage = (id: string, to: string) => test.app.inject({ method: 'POST', url: `/api/products/${id}/stage`, headers: test.auth, payload: { stage: to } });

describe('products', () => {
  it('creates a manual product in editing, priced on the server (worked example 1)', async () => {
    const product = await create();
    expect(product).toMatchObject({ stage: 'editing', version: 1, price: 593, old_price: 1186, fx_rate: 11.5, currency_code: 'RUB', weight_unit: 'g' });
    expect((product.pricing as { result: unknown }).result).toMatchObject({ tier: 'low', logistics_cny: 13.5, price_rub: 593 });
    const detail = await test.app.inject({ method: 'GET', url: `/api/products/${product.id}`, headers: test.auth });
    expect(detail.json()).toMatchObject({ id: product.id, version: 1, assets: [], images: [], primary_image: null });
  });

  it('PATCH merges groups, recomputes the price and ignores a client-sent price', async () => {
    const product = await create();
    const response = await patch(product.id, { price: 1, pricing: { cost_cny: 150, note: 'from supplier' }, weight: 1200, raw: { texts: [] } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      version: 2,
      price: 3962,
      old_price: 7924,
      pricing: { cost_cny: 150, fx_rate: 11.5, note: 'from supplier', result: { tier: 'high' } },
    });
    const removed = await patch(product.id, { pricing: { note: null, cost_cny: null } });
    expect(removed.json()).toMatchObject({ price: null, old_price: null });
    // One weight: the PATCHed `weight` is `pricing.weight_g` too.
    expect(removed.json().pricing).toEqual({ fx_rate: 11.5, weight_g: 1200 });
  });

  it('uses the current exchange rate when no override is set and snapshots it', async () => {
    const product = await create({ ...completeProduct, pricing: { cost_cny: 20 } });
    expect(product).toMatchObject({ fx_rate: 11.5, price: 593 });
  });

  it('answers 412 for a stale If-Match and accepts the current one', async () => {
    const product = await create();
    expect((await patch(product.id, { name: 'Новое имя' }, { 'if-match': '"1"' })).statusCode).toBe(200);
    const stale = await patch(product.id, { name: 'Другое' }, { 'if-match': '1' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ code: 'VERSION_MISMATCH' });
    expect((await patch(product.id, { name: 'Другое' }, { 'if-match': '2' })).json()).toMatchObject({ version: 3, name: 'Другое' });
  });

  it('refuses ready with the list of failed checks first, then moves once fixed', async () => {
    const product = await create({ ...completeProduct, name: '硅胶理线器', offer_id: 'ORG-READY' });
    const refused = await stage(product.id, 'ready');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'READY_CHECKS_FAILED' });
    expect(refused.json().errors.map((e: { path: string }) => e.path)).toEqual(['/name', '/images']);

    await addStoredImage(test, product.id);
    await patch(product.id, { name: 'Органайзер для кабелей' });
    const ready = await stage(product.id, 'ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ stage: 'ready', images: [expect.stringMatching(/^\/media\//)], primary_image: expect.stringMatching(/^\/media\//) });

    const edited = await patch(product.id, { weight: 350 });
    expect(edited.json()).toMatchObject({ stage: 'editing' });
  });

  it('refuses a duplicate offer_id among non-archived products', async () => {
    const first = await create({ ...completeProduct, offer_id: 'DUP-1' });
    const second = await create({ ...completeProduct, offer_id: 'DUP-1' });
    await addStoredImage(test, second.id);
    const refused = await stage(second.id, 'ready');
    expect(refused.json().errors).toEqual([{ path: '/offer_id', message: expect.any(String) }]);
    await test.app.inject({ method: 'DELETE', url: `/api/products/${first.id}`, headers: test.auth });
    expect((await stage(second.id, 'ready')).statusCode).toBe(200);
  });

  it('answers 409 for illegal moves and PATCH on an archived product', async () => {
    const product = await create();
    expect((await stage(product.id, 'published')).statusCode).toBe(409);
    expect((await stage(product.id, 'editing')).json()).toMatchObject({ code: 'ILLEGAL_STAGE_MOVE' });
    await test.app.inject({ method: 'DELETE', url: `/api/products/${product.id}`, headers: test.auth });
    expect((await patch(product.id, { name: 'x' })).statusCode).toBe(409);
    expect((await stage(product.id, 'editing')).json()).toMatchObject({ stage: 'editing' });
  });

  it('a collected product becomes editing on its first PATCH', async () => {
    const { products, clock } = test.container.cradle;
    const { newProduct } = await import('../../src/domain/catalog/product.ts');
    const collected = newProduct({ id: crypto.randomUUID(), stage: 'collected', source_platform: '1688', name: '收纳盒' }, clock.now().toISOString());
    await products.insert(collected);
    expect((await patch(collected.id, { description: 'Описание' })).json()).toMatchObject({ stage: 'editing', version: 2 });
  });

  it('hard delete removes the product and its stored files; published ones are refused', async () => {
    const product = await create();
    const asset = await addStoredImage(test, product.id);
    const key = test.container.cradle.objectStore.keyFromUrl(asset.stored_url)!;
    const response = await test.app.inject({ method: 'DELETE', url: `/api/products/${product.id}?hard=true`, headers: test.auth });
    expect(response.statusCode).toBe(204);
    expect((await test.app.inject({ method: 'GET', url: `/api/products/${product.id}`, headers: test.auth })).statusCode).toBe(404);
    expect(await test.container.cradle.objectStore.get(key)).toBeUndefined();

    const published = await create();
    const { products } = test.container.cradle;
    const stored = (await products.findById(published.id))!;
    await products.update({ ...stored, marketplace_product_id: '777', version: stored.version + 1 }, stored.version);
    const refused = await test.app.inject({ method: 'DELETE', url: `/api/products/${published.id}?hard=true`, headers: test.auth });
    expect(refused.statusCode).toBe(409);
  });

  it('validates bodies with 422 and unknown ids with 404', async () => {
    const product = await create();
    const bad = await patch(product.id, { pricing: { markup_percent: 5000 } });
    expect(bad.statusCode).toBe(422);
    expect((await patch(product.id, { stage: 'ready' })).statusCode).toBe(422);
    const heavy = await patch(product.id, { pricing: { weight_g: 40_000 } });
    // Over the 30 000 g the schema states (issue 18: it said 1 000 000 while pricing refused it).
    expect(heavy.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: '/pricing/weight_g' }] });
    const missing = await test.app.inject({ method: 'GET', url: '/api/products/00000000-0000-4000-8000-000000000000', headers: test.auth });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
  });
});

describe('PATCH null handling', () => {
  it('null clears a nullable field instead of becoming 0', async () => {
    const product = await create();
    const response = await patch(product.id, { depth: null, description_category_id: null });
    expect(response.json()).toMatchObject({ depth: null, description_category_id: null });
  });
});

describe('stage details', () => {
  it('a ready product stays ready when only an unchecked group changes', async () => {
    const product = await create({ ...completeProduct, offer_id: 'STAY-1' });
    await addStoredImage(test, product.id);
    expect((await stage(product.id, 'ready')).json()).toMatchObject({ stage: 'ready' });
    expect((await patch(product.id, { copy: { tags: ['органайзер'] } })).json()).toMatchObject({ stage: 'ready', copy: { tags: ['органайзер'] } });
  });

  it('prices in CNY when the product currency is CNY', async () => {
    const product = await create({ ...completeProduct, currency_code: 'CNY' });
    expect(product).toMatchObject({ currency_code: 'CNY', price: 51.57, old_price: 103.13, pricing: { result: { price_rub: 593 } } });
  });

  it('published → editing keeps the marketplace id (the publish write-back is markPublished)', async () => {
    const { markPublished } = await import('../../src/domain/catalog/product-stage.ts');
    const product = await create({ ...completeProduct, offer_id: 'PUB-1' });
    await addStoredImage(test, product.id);
    await stage(product.id, 'ready');
    const { products } = test.container.cradle;
    const ready = (await products.findById(product.id))!;
    await products.update(markPublished(ready, { marketplaceProductId: '987654', publishedAt: ready.updated_at }, ready.updated_at), ready.version);
    expect((await stage(product.id, 'ready')).statusCode).toBe(409);
    expect((await stage(product.id, 'editing')).json()).toMatchObject({ stage: 'editing', marketplace_product_id: '987654' });
    expect((await test.app.inject({ method: 'DELETE', url: `/api/products/${product.id}?hard=true`, headers: test.auth })).statusCode).toBe(409);
  });
});
