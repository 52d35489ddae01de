import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOzonMarketplace } from '../../src/adapters/marketplace/ozon-marketplace.ts';
import { ItemQuotaExceeded } from '../../src/domain/publishing/publish-quota.ts';
import { type FakeOzon, startFakeOzon } from '../fakes/ozon.ts';
import { afterImportChecker } from '../helpers/after-import-schema.ts';
import { recordingProxy } from '../helpers/recording-proxy.ts';

/**
 * `/v1/product/import-by-sku` (docs/decisions.md, Follow-selling): every body the adapter sends and every answer it
 * parses checked against the marketplace's document (tests/reference/ozon-openapi-after-import.json); a refused SKU,
 * the method's own 429 and the task it starts, polled as an import's.
 */
describe('the marketplace adapter speaks /v1/product/import-by-sku as documented', () => {
  let ozon: FakeOzon;
  let proxy: Awaited<ReturnType<typeof recordingProxy>>;
  const credentials = { clientId: '123456', apiKey: 'wire-key-0034' };
  const checker = afterImportChecker();
  const copy = (sku: number, offer_id: string) => ({ sku, offer_id, name: 'Кружка', price: 593, old_price: 1186, currency: 'RUB' as const, vat: '0' });
  let answer: Awaited<ReturnType<ReturnType<typeof makeOzonMarketplace>['importBySku']>>;
  let limited: unknown;
  let allRefused: unknown;

  beforeAll(async () => {
    ozon = await startFakeOzon();
    ozon.addKey(credentials.clientId, credentials.apiKey);
    ozon.plan = { pendingPolls: 0, outcome: 'imported' };
    ozon.copies.refused.add(222);
    proxy = await recordingProxy(ozon.url);
    const marketplace = makeOzonMarketplace({ baseUrl: proxy.url });
    answer = await marketplace.importBySku(credentials, [copy(111, 'COPY-1'), copy(222, 'COPY-2'), { ...copy(333, 'COPY-3'), old_price: null }]);
    await marketplace.importInfo(credentials, answer.taskId!);
    ozon.copies.itemLimitNext(1, 7);
    limited = await marketplace.importBySku(credentials, [copy(444, 'COPY-4')]).catch((error: unknown) => error);
    allRefused = await marketplace.importBySku(credentials, [copy(222, 'COPY-5')]);
  });
  afterAll(async () => {
    await proxy?.close();
    await ozon?.close();
  });

  it('sends {sku, offer_id, name, price, old_price, currency_code, vat} and reads the task and the refused SKUs', async () => {
    const bodies = proxy.exchanges
      .filter((exchange) => exchange.path === '/v1/product/import-by-sku')
      .map((exchange) => JSON.parse(exchange.requestBody) as unknown);
    expect(bodies[0]).toEqual({
      items: [
        { sku: 111, offer_id: 'COPY-1', name: 'Кружка', price: '593', old_price: '1186', currency_code: 'RUB', vat: '0' },
        { sku: 222, offer_id: 'COPY-2', name: 'Кружка', price: '593', old_price: '1186', currency_code: 'RUB', vat: '0' },
        { sku: 333, offer_id: 'COPY-3', name: 'Кружка', price: '593', old_price: '0', currency_code: 'RUB', vat: '0' },
      ],
    });
    expect(answer).toEqual({ taskId: expect.stringMatching(/^\d+$/), unmatchedSkus: [222] });
    expect(allRefused).toEqual({ taskId: null, unmatchedSkus: [222] });
    // The copies became cards, polled as an import's.
    const info = proxy.exchanges.find((exchange) => exchange.path === '/v1/product/import/info')!;
    expect((JSON.parse(info.responseBody) as { result: { items: { offer_id: string; status: string }[] } }).result.items).toEqual([
      expect.objectContaining({ offer_id: 'COPY-1', status: 'imported' }),
      expect.objectContaining({ offer_id: 'COPY-3', status: 'imported' }),
    ]);
  });

  it('answers its own 429 with Item-Retry-After as a quota wait', () => {
    expect(limited).toBeInstanceOf(ItemQuotaExceeded);
    expect((limited as ItemQuotaExceeded).retryAfterMs).toBe(7 * 60_000);
  });

  it('every body and answer fits the document', () => {
    const exchanges = proxy.exchanges.filter((exchange) => exchange.path === '/v1/product/import-by-sku');
    expect(exchanges.map((exchange) => exchange.status)).toEqual([200, 429, 200]);
    expect(exchanges.map((exchange) => checker.check(exchange))).toEqual([null, null, null]);
  });
});
