import { expect, it as base } from 'vitest';
import { type Marketplace, type MarketplaceCredentials } from '../../src/application/ports/marketplace.ts';
import { preparePublish } from '../../src/domain/publishing/publish.ts';
import { type CardPrice, type PublishCard } from '../../src/domain/publishing/publish-card.ts';
import { ItemQuotaExceeded } from '../../src/domain/publishing/publish-quota.ts';
import { priceOf } from '../../src/domain/publishing/publish-update.ts';
import { toImportItem, toPriceItem } from '../../src/adapters/marketplace/ozon-import-item.ts';
import { publishableProduct } from '../helpers/publishable-product.ts';
import { type MarketplaceControl } from '../in-memory/in-memory-marketplace.ts';

/** A marketplace on a fresh state, the credentials it accepts, and its controls (the fake Seller API's). */
export type MarketplaceStage = { readonly marketplace: Marketplace; readonly credentials: MarketplaceCredentials; readonly control: MarketplaceControl };
export type MarketplaceAdapter = { readonly name: string; open(): Promise<MarketplaceStage & { dispose(): Promise<void> }> };

export const marketplaceTest = (adapter: MarketplaceAdapter) =>
  base.extend<{ stage: MarketplaceStage }>({
    stage: async ({ task: _task }, use) => {
      const opened = await adapter.open();
      try {
        await use(opened);
      } finally {
        await opened.dispose();
      }
    },
  });

const prepared = preparePublish({ product: publishableProduct(), currency: 'RUB', imageUrls: ['https://cdn.example.com/1.jpg'] });
const card = (offerId: string): PublishCard => ({ ...(prepared.ok ? prepared.items[0]!.item : ({} as PublishCard)), offer_id: offerId });
const inMinutes = (minutes: number): string => new Date(Date.now() + minutes * 60_000).toISOString();
const quota = (limit: number, usage = 0, resetMinutes = 90) => ({ limit, usage, reset_at: inMinutes(resetMinutes) });

/** What the publishing half of every Marketplace does, steered as the fake Seller API is (the category half is the adapter's own test). */
export function testMarketplacePublishingContract(it: ReturnType<typeof marketplaceTest>): void {
  it('answers a key check as an outcome: accepted with its roles, or why not', async ({ stage: { marketplace, credentials, control } }) => {
    expect(await marketplace.testCredentials(credentials)).toEqual({ ok: true, roles: ['Admin'], expires_at: '2027-02-18T09:54:23.296Z' });
    expect(await marketplace.testCredentials({ ...credentials, apiKey: 'wrong-key-123' })).toMatchObject({
      ok: false,
      reason: 'INVALID_API_KEY',
      detail: expect.stringContaining('API Key 无效'),
    });
    expect(await marketplace.testCredentials({ ...credentials, clientId: 'abc' })).toMatchObject({ ok: false, reason: 'INVALID_CLIENT_ID' });
    control.addKey('777', credentials.apiKey, ['/v1/roles']);
    expect(await marketplace.testCredentials({ ...credentials, clientId: '777' })).toMatchObject({
      ok: false,
      reason: 'MISSING_PERMISSIONS',
      detail: expect.stringContaining('/v3/product/import'),
    });
    await expect(marketplace.productLimits({ ...credentials, apiKey: 'wrong-key-123' })).rejects.toMatchObject({
      kind: 'upstream_failed',
      code: 'MARKETPLACE_ERROR',
      detail: expect.stringContaining('Invalid Api-Key'),
    });
  });

  it('copies cards by SKU as one task polled like an import, answering the SKUs it refused; its 429 is a quota wait', async ({
    stage: { marketplace, credentials, control },
  }) => {
    control.plan = { pendingPolls: 0, outcome: 'imported' };
    control.copies.refused.add(222);
    const copy = (sku: number, offer_id: string) => ({ sku, offer_id, name: 'Кружка', price: 593, old_price: null, currency: 'RUB' as const, vat: '0' });
    const { taskId, unmatchedSkus } = await marketplace.importBySku(credentials, [copy(111, 'COPY-A'), copy(222, 'COPY-B')]);
    expect(unmatchedSkus).toEqual([222]);
    expect(control.copies.requests.at(-1)?.items).toEqual([
      { sku: 111, offer_id: 'COPY-A', name: 'Кружка', price: '593', old_price: '0', currency_code: 'RUB', vat: '0' },
      { sku: 222, offer_id: 'COPY-B', name: 'Кружка', price: '593', old_price: '0', currency_code: 'RUB', vat: '0' },
    ]);
    expect((await marketplace.importInfo(credentials, taskId!)).map((item) => [item.offer_id, item.status])).toEqual([['COPY-A', 'imported']]);
    // A copy is a new card: it counts against the daily create quota.
    expect((await marketplace.productLimits(credentials)).daily_create.usage).toBe(1);
    expect(await marketplace.importBySku(credentials, [copy(222, 'COPY-C')])).toEqual({ taskId: null, unmatchedSkus: [222] });
    control.copies.itemLimitNext(1, 3);
    await expect(marketplace.importBySku(credentials, [copy(333, 'COPY-D')])).rejects.toBeInstanceOf(ItemQuotaExceeded);
  });

  it("imports cards as one task, pending for the planned polls, then each card's result", async ({ stage: { marketplace, credentials, control } }) => {
    control.plan = { pendingPolls: 1, outcome: 'imported', declinedOffers: ['B'] };
    const { taskId } = await marketplace.importProducts(credentials, [card('A'), card('B')]);
    expect(taskId).toMatch(/^\d+$/);
    expect(control.tasks.get(Number(taskId))?.items).toEqual(JSON.parse(JSON.stringify([card('A'), card('B')].map(toImportItem))));
    expect(await marketplace.importInfo(credentials, taskId)).toEqual(
      ['A', 'B'].map((offer_id) => ({ offer_id, product_id: 0, status: 'pending', errors: [] })),
    );
    const [a, b] = await marketplace.importInfo(credentials, taskId);
    expect(a).toEqual({ offer_id: 'A', product_id: expect.any(Number), status: 'imported', errors: [] });
    expect(a!.product_id).toBeGreaterThan(0);
    expect(b).toMatchObject({ offer_id: 'B', product_id: 0, status: 'failed', errors: [{ level: 'error', attribute_id: 10096, field: 'attribute' }] });
    expect(Object.keys(b!.errors[0]!).sort()).toEqual(['attribute_id', 'attribute_name', 'code', 'description', 'field', 'level', 'message', 'state']);
  });

  it('reports a failed card and a card imported with blocking errors with the marketplace errors', async ({ stage: { marketplace, credentials, control } }) => {
    control.plan = { pendingPolls: 0, outcome: 'failed' };
    const failed = await marketplace.importProducts(credentials, [card('F')]);
    expect(await marketplace.importInfo(credentials, failed.taskId)).toMatchObject([
      { offer_id: 'F', product_id: 0, status: 'failed', errors: [{ level: 'error', attribute_id: 85 }] },
    ]);
    control.plan = { pendingPolls: 0, outcome: 'imported_with_error' };
    const flawed = await marketplace.importProducts(credentials, [card('E')]);
    const [result] = await marketplace.importInfo(credentials, flawed.taskId);
    expect(result).toMatchObject({ offer_id: 'E', status: 'imported', errors: [{ level: 'error', attribute_id: 9048 }] });
    expect(result!.product_id).toBeGreaterThan(0);
  });

  it('keeps the card of an offer imported before: a re-import updates it and counts as an update', async ({ stage: { marketplace, credentials, control } }) => {
    control.plan = { pendingPolls: 0, outcome: 'imported' };
    const category = card('A').description_category_id;
    control.limits = {
      daily_create: quota(5),
      daily_update: quota(5),
      total: { limit: 100, usage: 10, quota_by_category: { category_id: category, limit: 50, usage: 7 } },
      operation_limits: { limit: 600, limit_type: 'RATE_LIMIT_PER_MINUTE' },
    };
    const [first] = await marketplace.importInfo(credentials, (await marketplace.importProducts(credentials, [card('A')])).taskId);
    const [again] = await marketplace.importInfo(credentials, (await marketplace.importProducts(credentials, [card('A')])).taskId);
    expect(again!.product_id).toBe(first!.product_id);
    expect(await marketplace.productLimits(credentials)).toEqual({
      daily_create: { ...quota(5, 1), reset_at: control.limits.daily_create.reset_at },
      daily_update: { ...quota(5, 1), reset_at: control.limits.daily_update.reset_at },
      operation_limits: { limit: 600, limit_type: 'RATE_LIMIT_PER_MINUTE' },
      // The new card counts in its category's quota too (docs/decisions.md, Price rules and quotas).
      total: { limit: 100, usage: 11, quota_by_category: [{ category_id: category, limit: 50, usage: 8 }] },
    });
    control.limits.total.quota_by_category = { category_id: category, limit: 8, usage: 8 };
    await expect(marketplace.importProducts(credentials, [card('B')])).rejects.toBeInstanceOf(ItemQuotaExceeded);
  });

  it('refuses an import beyond the daily quota whole, until the reset, and waits when told to', async ({ stage: { marketplace, credentials, control } }) => {
    control.limits = { daily_create: quota(1, 0, 90), daily_update: quota(-1), total: { limit: -1, usage: 0 } };
    const over = await marketplace.importProducts(credentials, [card('A'), card('B')]).catch((error: unknown) => error);
    expect(over).toBeInstanceOf(ItemQuotaExceeded);
    expect(over).toMatchObject({ kind: 'rate_limited', retryAfterMs: 90 * 60_000 });
    expect((await marketplace.productLimits(credentials)).daily_create.usage).toBe(0);
    await marketplace.importProducts(credentials, [card('A')]);
    expect((await marketplace.productLimits(credentials)).daily_create.usage).toBe(1);
    control.itemLimitNext(1, 7);
    await expect(marketplace.importProducts(credentials, [card('A')])).rejects.toMatchObject({ code: 'MARKETPLACE_QUOTA_EXCEEDED', retryAfterMs: 7 * 60_000 });
    expect(await marketplace.importProducts(credentials, [card('A')])).toEqual({ taskId: expect.stringMatching(/^\d+$/) });
  });

  it("replaces a card's pictures as a task polled like an import, and updates prices at once", async ({ stage: { marketplace, credentials, control } }) => {
    control.plan = { pendingPolls: 0, outcome: 'imported' };
    const [imported] = await marketplace.importInfo(credentials, (await marketplace.importProducts(credentials, [card('A')])).taskId);
    const pictures = { offer_id: 'A', primary_image: 'https://cdn.example.com/2.jpg', images: ['https://cdn.example.com/3.jpg'] };
    const { taskId } = await marketplace.importPictures(credentials, [pictures]);
    expect(control.tasks.get(Number(taskId))).toMatchObject({ kind: 'pictures', items: [pictures] });
    expect(await marketplace.importInfo(credentials, taskId)).toEqual([{ offer_id: 'A', product_id: imported!.product_id, status: 'imported', errors: [] }]);
    const results = await marketplace.importPrices(credentials, [priceOf(card('A')), priceOf(card('Z'))]);
    expect(results).toEqual([
      { offer_id: 'A', product_id: imported!.product_id, updated: true, errors: [] },
      { offer_id: 'Z', product_id: 0, updated: false, errors: [{ code: 'PRODUCT_NOT_FOUND', message: 'product not found' }] },
    ]);
    expect(control.prices).toEqual([priceOf(card('A')), priceOf(card('Z'))].map(toPriceItem));
  });

  it('refuses prices that break its rules per item, and an 11th update of one price within the hour', async ({
    stage: { marketplace, credentials, control },
  }) => {
    control.plan = { pendingPolls: 0, outcome: 'imported' };
    await marketplace.importProducts(credentials, [card('A'), card('B')]);
    /** A card's price as the wire writes it ("0": no crossed-out price). */
    const price = (offer_id: string, price: string, old_price: string, min_price?: string): CardPrice => ({
      ...priceOf(card(offer_id)),
      price: Number(price),
      old_price: Number(old_price) > 0 ? Number(old_price) : null,
      ...(min_price ? { min_price: Number(min_price) } : {}),
    });
    const codes = async (...prices: ReturnType<typeof price>[]) =>
      (await marketplace.importPrices(credentials, prices)).map((result) => (result.updated ? 'updated' : result.errors.map((error) => error.code).join()));
    expect(await codes(price('A', '5000', '5150'), price('A', '100', '1000'), price('A', '1000', '0', '499'), price('A', '1000', '0', '1000'))).toEqual([
      'discount_too_small',
      'discount_too_big',
      'min_auto_price_too_small',
      'min_price_not_below_price',
    ]);
    for (let n = 0; n < 10; n += 1) expect(await codes(price('A', String(5000 + n), '0', '2600'))).toEqual(['updated']);
    expect(await codes(price('A', '5000', '5300'), price('B', '5000', '5300'))).toEqual(['TOO_MANY_REQUESTS', 'updated']);
  });

  it("refuses malformed sends and unknown tasks with the marketplace's message, and cannot be reached while down", async ({
    stage: { marketplace, credentials, control },
  }) => {
    const refused = (message: string) => ({ kind: 'upstream_failed', code: 'MARKETPLACE_ERROR', detail: expect.stringContaining(message) });
    await expect(marketplace.importProducts(credentials, [])).rejects.toMatchObject(refused('1 to 100'));
    await expect(
      marketplace.importProducts(
        credentials,
        Array.from({ length: 101 }, (_, n) => card(`N${n}`)),
      ),
    ).rejects.toMatchObject(refused('1 to 100'));
    await expect(marketplace.importProducts(credentials, [{ ...card('A'), type_id: 0 }])).rejects.toMatchObject(refused('type_id are required'));
    await expect(
      marketplace.importProducts(credentials, [{ ...card('A'), images: Array.from({ length: 50 }, (_, n) => `https://cdn.example.com/${n}.jpg`) }]),
    ).rejects.toMatchObject(refused('too many images'));
    await expect(marketplace.importPictures(credentials, [])).rejects.toMatchObject(refused('1 to 100'));
    await expect(marketplace.importPrices(credentials, [])).rejects.toMatchObject(refused('1 to 1000'));
    await expect(marketplace.importInfo(credentials, '999')).rejects.toMatchObject(refused('task not found'));
    expect(control.tasks.size).toBe(0);
    control.down = true;
    const unreachable = { kind: 'upstream_failed', code: 'MARKETPLACE_UNREACHABLE' };
    await expect(marketplace.importProducts(credentials, [card('A')])).rejects.toMatchObject(unreachable);
    await expect(marketplace.productLimits(credentials)).rejects.toMatchObject(unreachable);
    await expect(marketplace.testCredentials(credentials)).rejects.toMatchObject(unreachable);
  });
}
