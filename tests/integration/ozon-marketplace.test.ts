import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOzonMarketplace } from '../../src/adapters/marketplace/ozon-marketplace.ts';
import { toImportItem } from '../../src/adapters/marketplace/ozon-import-item.ts';
import { type Marketplace } from '../../src/application/ports/marketplace.ts';
import { preparePublish } from '../../src/domain/publishing/publish.ts';
import { type FakeOzon, startFakeOzon } from '../fakes/ozon.ts';
import { publishableProduct } from '../helpers/publishable-product.ts';

const KEY = '3f1b2c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';
const creds = { clientId: '123456', apiKey: KEY };
const scope = { attributeId: 85, categoryId: 17028922, typeId: 970895715, language: 'RU' as const };

describe('Ozon marketplace adapter against the fake Seller API', () => {
  let ozon: FakeOzon;
  let marketplace: Marketplace;

  beforeAll(async () => {
    ozon = await startFakeOzon();
    ozon.addKey('123456', KEY);
    marketplace = makeOzonMarketplace({ baseUrl: ozon.url });
  });
  afterAll(() => ozon.close());

  it('sends Client-Id and Api-Key headers with a JSON body', async () => {
    await marketplace.categoryTree(creds, 'ZH_HANS');
    const sent = ozon.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', url: '/v1/description-category/tree' });
    expect(sent.headers).toMatchObject({ 'client-id': '123456', 'api-key': KEY, 'content-type': 'application/json' });
    expect(JSON.parse(sent.body.toString())).toEqual({ language: 'ZH_HANS' });
  });

  it('reads the tree, attributes and dictionary pages', async () => {
    const tree = await marketplace.categoryTree(creds, 'RU');
    expect(tree[0]?.children[0]?.children.map((node) => node.type_id)).toEqual([970895715, 92499]);
    const attributes = await marketplace.categoryAttributes(creds, scope);
    expect(attributes.find((a) => a.id === 85)).toMatchObject({ name: 'Бренд', is_required: true, dictionary_id: 28732849 });
    const first = await marketplace.attributeValues(creds, scope, { limit: 10, lastValueId: 0 });
    expect(first).toMatchObject({ hasNext: true });
    expect(first.values[0]).toEqual({ id: 126745801, value: 'Нет бренда', info: '', picture: '' });
    const next = await marketplace.attributeValues(creds, scope, { limit: 10, lastValueId: first.values.at(-1)!.id });
    expect(next.values[0]!.id).toBeGreaterThan(first.values.at(-1)!.id);
    expect((await marketplace.searchAttributeValues(creds, scope, 'нет', 10)).map((v) => v.value)).toEqual(['Нет бренда']);
  });

  it('imports and reads the task result', async () => {
    const prepared = preparePublish({ product: publishableProduct(), currency: 'RUB', imageUrls: ['https://cdn.example.com/1.jpg'] });
    if (!prepared.ok) throw new Error('fixture not publishable');
    ozon.plan = { pendingPolls: 1, outcome: 'imported' };
    const { taskId } = await marketplace.importProducts(creds, [prepared.items[0]!.item]);
    expect(taskId).toMatch(/^\d+$/);
    expect(JSON.parse(ozon.requests.at(-1)!.body.toString())).toEqual({ items: [JSON.parse(JSON.stringify(toImportItem(prepared.items[0]!.item)))] });
    expect(await marketplace.importInfo(creds, taskId)).toEqual([{ offer_id: 'BOX-001', product_id: 0, status: 'pending', errors: [] }]);
    expect((await marketplace.importInfo(creds, taskId))[0]).toMatchObject({ status: 'imported', product_id: expect.any(Number) });
    expect(JSON.parse(ozon.requests.at(-1)!.body.toString())).toEqual({ task_id: Number(taskId) });
  });

  it('turns a rejected key into a test outcome and other failures into 502 with the marketplace message', async () => {
    expect(await marketplace.testCredentials({ clientId: '123456', apiKey: 'wrong-key-123' })).toMatchObject({ ok: false, reason: 'INVALID_API_KEY' });
    expect(await marketplace.testCredentials({ clientId: 'abc', apiKey: KEY })).toMatchObject({ ok: false, reason: 'INVALID_CLIENT_ID' });
    const failure = marketplace.categoryAttributes(creds, { ...scope, categoryId: 1 });
    await expect(failure).rejects.toMatchObject({ kind: 'upstream_failed', code: 'MARKETPLACE_ERROR' });
    await expect(marketplace.categoryAttributes(creds, { ...scope, categoryId: 1 })).rejects.toThrow(/description category or type not found/);
  });

  it('waits out a 429 Retry-After and then succeeds', async () => {
    ozon.rateLimitNext(1, 1);
    const before = ozon.requests.length;
    const tree = await marketplace.categoryTree(creds, 'RU');
    expect(tree).toHaveLength(1);
    expect(ozon.requests.length - before).toBe(2);
  });

  it('gives up with 502 when the marketplace asks to wait too long', async () => {
    ozon.addKey('654321', KEY);
    const paused = { clientId: '654321', apiKey: KEY };
    ozon.rateLimitNext(1, 120);
    await expect(marketplace.categoryTree(paused, 'RU')).rejects.toMatchObject({ code: 'MARKETPLACE_RATE_LIMITED', kind: 'upstream_failed' });
    // the shop stays paused for the Retry-After: the next call fails at once instead of hammering the marketplace
    const before = ozon.requests.length;
    await expect(marketplace.categoryTree(paused, 'RU')).rejects.toMatchObject({ code: 'MARKETPLACE_RATE_LIMITED' });
    expect(ozon.requests.length).toBe(before);
  });

  it('reports an unreachable marketplace as 502 without the key in the message', async () => {
    ozon.down = true;
    try {
      const error = await marketplace.categoryTree(creds, 'RU').catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'MARKETPLACE_UNREACHABLE', kind: 'upstream_failed' });
      expect(String((error as Error).message)).not.toContain(KEY);
    } finally {
      ozon.down = false;
    }
  });
});
