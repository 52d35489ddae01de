import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOzonMarketplace } from '../../src/adapters/marketplace/ozon-marketplace.ts';
import { preparePublish } from '../../src/domain/publishing/publish.ts';
import { type FakeOzon, startFakeOzon } from '../fakes/ozon.ts';
import { afterImportChecker } from '../helpers/after-import-schema.ts';
import { publishableProduct } from '../helpers/publishable-product.ts';
import { recordingProxy } from '../helpers/recording-proxy.ts';

/**
 * The methods after an import that the moderation sweep and the archive actions call (`/v3/product/info/list` read
 * whole, `/v1/product/archive`, `/v1/product/unarchive`, `/v2/products/delete`, `/v4/product/info/limit`), every body
 * sent and every answer parsed checked against the marketplace's document (tests/reference/ozon-openapi-after-import.json).
 */
describe('the marketplace adapter speaks the after-import methods as documented', () => {
  let ozon: FakeOzon;
  let proxy: Awaited<ReturnType<typeof recordingProxy>>;
  const credentials = { clientId: '123456', apiKey: 'wire-key-0002' };
  const checker = afterImportChecker();
  let offerId = '';
  let unarchiveRefusal: unknown;
  let deleted: unknown;
  let prices: unknown;
  let ratings: unknown;

  beforeAll(async () => {
    ozon = await startFakeOzon();
    ozon.addKey(credentials.clientId, credentials.apiKey);
    ozon.plan = { pendingPolls: 0, outcome: 'imported' };
    proxy = await recordingProxy(ozon.url);
    const marketplace = makeOzonMarketplace({ baseUrl: proxy.url });
    const product = publishableProduct();
    const prepared = preparePublish({ product, currency: 'RUB', imageUrls: [product.primary_image!] });
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.problems));
    offerId = prepared.items[0]!.item.offer_id;
    ozon.moderation.stock.set(offerId, 5);
    await marketplace.importProducts(credentials, [prepared.items[0]!.item]);
    const [card] = await marketplace.cardInfos(credentials, [offerId, 'NOT-THERE']);
    await marketplace.productLimits(credentials);
    // Prices as the marketplace sees them and the content rating (issue 33), with what a test changed.
    ozon.priceBook.set(offerId, { sales_percent_fbs: 25, sales_percent_rfbs: 18, color_index: 'RED' });
    prices = await marketplace.marketPrices(credentials, [offerId, 'NOT-THERE']);
    ratings = await marketplace.contentRatings(credentials, [card!.sku!, '1']);
    await marketplace.archiveProducts(credentials, [card!.product_id]);
    await marketplace.unarchiveProducts(credentials, [card!.product_id]);
    ozon.moderation.autoArchive(offerId);
    ozon.moderation.useRestores(10);
    unarchiveRefusal = await marketplace.unarchiveProducts(credentials, [card!.product_id]).catch((error: unknown) => error);
    deleted = await marketplace.deleteProducts(credentials, [offerId]);
    await marketplace.archiveProducts(credentials, ['999']).catch(() => undefined);
  });
  afterAll(async () => {
    await proxy?.close();
    await ozon?.close();
  });

  it('reads a card on sale from /v3/product/info/list: statuses, SKU, stock, visibility', async () => {
    const marketplace = makeOzonMarketplace({ baseUrl: proxy.url });
    ozon.moderation.useRestores(0);
    const cards = await marketplace.cardInfos(credentials, [offerId]);
    expect(cards).toEqual([expect.objectContaining({ offer_id: offerId, is_autoarchived: true, is_created: true, moderate_status: 'approved' })]);
  });

  it('maps the unarchive limit to a Chinese 409 and reads per-offer delete refusals', () => {
    expect(unarchiveRefusal).toMatchObject({ kind: 'conflict', code: 'UNARCHIVE_LIMIT_REACHED', detail: expect.stringContaining('每天最多恢复 10 个') });
    expect(deleted).toEqual([{ offer_id: offerId, is_deleted: false, error: 'product has sku' }]);
  });

  it('reads commissions, the price index and the content rating with the attributes that would raise it', () => {
    expect(prices).toEqual([
      expect.objectContaining({ offer_id: offerId, price: 593, currency_code: 'RUB', sales_percent_fbs: 25, sales_percent_rfbs: 18, price_index: 'RED' }),
    ]);
    expect(ratings).toEqual([
      {
        sku: expect.stringMatching(/^\d+$/),
        rating: 62.5,
        groups: expect.arrayContaining([
          expect.objectContaining({
            key: 'important_attributes',
            improve_attributes: [
              { id: 85, name: 'Бренд' },
              { id: 4180, name: 'Название' },
            ],
          }),
        ]),
      },
    ]);
  });

  it('every request body and answer of these methods fits the document', () => {
    const called = new Set(proxy.exchanges.map((exchange) => exchange.path));
    for (const path of [
      ...['/v3/product/info/list', '/v1/product/archive', '/v1/product/unarchive', '/v2/products/delete', '/v4/product/info/limit'],
      ...['/v5/product/info/prices', '/v1/product/rating-by-sku'],
    ])
      expect(called.has(path), path).toBe(true);
    expect(proxy.exchanges.some((exchange) => exchange.status >= 400 && checker.paths.includes(exchange.path))).toBe(true);
    expect(proxy.exchanges.map((exchange) => checker.check(exchange)).filter((problem) => problem !== null)).toEqual([]);
  });

  it('the document is strict enough to catch a wrong body (archive without product_id, delete without offer_id)', () => {
    const exchange = (path: string, requestBody: string) => ({ path, requestBody, status: 200, responseBody: '{"result":true}' });
    expect(checker.check(exchange('/v1/product/archive', '{"offer_id":["A"]}'))).not.toBeNull();
    expect(checker.check({ ...exchange('/v2/products/delete', '{"products":[{"sku":1}]}'), responseBody: '{"status":[]}' })).not.toBeNull();
  });
});
