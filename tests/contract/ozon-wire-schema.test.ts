import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOzonMarketplace } from '../../src/adapters/marketplace/ozon-marketplace.ts';
import { preparePublish } from '../../src/domain/publishing/publish.ts';
import { picturesOf, priceOf } from '../../src/domain/publishing/publish-update.ts';
import { type FakeOzon, startFakeOzon } from '../fakes/ozon.ts';
import { BRAND_ATTRIBUTE, FAKE_CATEGORY_ID, FAKE_TYPE_ID } from '../fakes/ozon-catalog.ts';
import { publishableProduct, publishableVariants } from '../helpers/publishable-product.ts';
import { recordingProxy } from '../helpers/recording-proxy.ts';

/**
 * Every body the marketplace adapter sends, and every answer it parses, checked against the marketplace's own
 * published schema with ajv: the subset of the Seller API OpenAPI document vendored in `tests/reference/` (its
 * source and date in the README there; docs/decisions.md, Publishing).
 */
const SUBSET = path.resolve(import.meta.dirname, '../reference/ozon-openapi-subset.json');
const AFTER_IMPORT = path.resolve(import.meta.dirname, '../reference/ozon-openapi-after-import.json');

type PathSpec = { requestSchema: string | null; responseSchema: string; errorSchema: string };
type Subset = { paths: Record<string, PathSpec>; components: Record<string, unknown> };
type Validate = ((data: unknown) => boolean) & { errors?: unknown };

describe('the marketplace adapter speaks the published Seller API schema', () => {
  const subset = JSON.parse(readFileSync(SUBSET, 'utf8')) as Subset;
  const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
  addFormats.default(ajv); // the CommonJS plugin, reached as its `default` property (typed so under NodeNext)
  const validators = new Map<string, Validate>();
  const validatorOf = (ref: string): Validate => {
    let validate = validators.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: ref, components: subset.components });
      validators.set(ref, validate);
    }
    return validate;
  };

  let ozon: FakeOzon;
  let proxy: Awaited<ReturnType<typeof recordingProxy>>;
  const credentials = { clientId: '123456', apiKey: 'wire-key-0001' };

  beforeAll(async () => {
    ozon = await startFakeOzon();
    ozon.addKey(credentials.clientId, credentials.apiKey);
    proxy = await recordingProxy(ozon.url);
    const marketplace = makeOzonMarketplace({ baseUrl: proxy.url });
    const scope = { categoryId: FAKE_CATEGORY_ID, typeId: FAKE_TYPE_ID, language: 'ZH_HANS' as const };
    const product = publishableProduct({ complex_attributes: { '100001': [{ '21841': 'https://lws.example.com/media/v.mp4', '21837': 'Видео' }] } });
    // With the policy's minimum price (docs/decisions.md, Price rules): sent with prices, never in the import item.
    const prepared = preparePublish({ product, currency: 'RUB', imageUrls: [product.primary_image!, ...product.images!.slice(1)], minPricePercent: 80 });
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.problems));

    await marketplace.testCredentials(credentials);
    await marketplace.testCredentials({ ...credentials, apiKey: 'wrong-key-0000' });
    await marketplace.categoryTree(credentials, 'ZH_HANS');
    await marketplace.categoryAttributes(credentials, scope);
    await marketplace.attributeValues(credentials, { ...scope, attributeId: BRAND_ATTRIBUTE }, { limit: 10, lastValueId: 0 });
    // With a category quota and the per-minute limit (docs/decisions.md, Price rules and quotas).
    ozon.limits.total.quota_by_category = { category_id: FAKE_CATEGORY_ID, limit: 100, usage: 3 };
    await marketplace.productLimits(credentials);
    const { taskId } = await marketplace.importProducts(credentials, [prepared.items[0]!.item]);
    await marketplace.importInfo(credentials, taskId);
    await marketplace.importInfo(credentials, taskId);
    // Outside the subset (the lost-answer recovery's lookup): exercised here, its answers read by the adapter.
    await marketplace.cardsByOffer(credentials, [prepared.items[0]!.item.offer_id]);
    await marketplace.importPictures(credentials, [picturesOf(prepared.items[0]!.item)]);
    await marketplace.importPrices(credentials, [priceOf(prepared.items[0]!.item)]);
    // A product with three colours: one request of three items under one model name (docs/decisions.md, Variants).
    const colours = publishableVariants();
    // …with two stored videos (docs/decisions.md, Videos): complex attribute 100001 on every item, never among the pictures; a cover as 100002.
    const videos = ['v1.mp4', 'v2.mov', 'cover.mp4'].map((name) => ({
      url: `https://lws.example.com/media/products/p/${name}`,
      status: 'stored' as const,
      durationMs: 12_000,
      error: null,
      cover: name === 'cover.mp4',
    }));
    const variantsPrepared = preparePublish({
      product: colours.product,
      currency: 'RUB',
      imageUrls: [colours.product.primary_image!],
      variantImage: colours.variantImage,
      videos,
    });
    if (!variantsPrepared.ok) throw new Error(JSON.stringify(variantsPrepared.problems));
    await marketplace.importProducts(
      credentials,
      variantsPrepared.items.map((entry) => entry.item),
    );
    ozon.itemLimitNext(1, 5);
    await marketplace.importProducts(credentials, [prepared.items[0]!.item]).catch(() => undefined);
  });
  afterAll(async () => {
    await proxy?.close();
    await ozon?.close();
  });

  const problems = (validate: Validate, text: string): unknown => (validate(JSON.parse(text)) ? null : validate.errors);

  it('called every method the subset describes except the switched-off v1 pictures', () => {
    const called = new Set(proxy.exchanges.map((exchange) => exchange.path));
    expect(Object.keys(subset.paths).filter((route) => !called.has(route))).toEqual(['/v1/product/pictures/import']);
  });

  it('sends a product’s variants as items of one import request, each its own offer under one model name', () => {
    const imports = proxy.exchanges
      .filter((exchange) => exchange.path === '/v3/product/import')
      .map((exchange) => JSON.parse(exchange.requestBody) as { items: { offer_id: string; attributes: { id: number; values: unknown[] }[] }[] });
    const merged = imports.find((body) => body.items.length === 3);
    expect(merged?.items.map((item) => item.offer_id)).toEqual(['BOX-001-1', 'BOX-001-2', 'BOX-001-3']);
    expect(new Set(merged?.items.map((item) => JSON.stringify(item.attributes.find((attribute) => attribute.id === 9048)?.values))).size).toBe(1);
  });

  it('sends each stored video as a complex attribute 100001 (21841 the URL, 21837 the Russian name), the cover as 100002 (21845), on every variant', () => {
    type Body = {
      items: {
        primary_image: string;
        images: string[];
        name: string;
        complex_attributes: { attributes: { complex_id: number; id: number; values: { value: string }[] }[] }[];
      }[];
    };
    const imports = proxy.exchanges
      .filter((exchange) => exchange.path === '/v3/product/import')
      .map((exchange) => ({ status: exchange.status, body: JSON.parse(exchange.requestBody) as Body }));
    const merged = imports.find((entry) => entry.body.items.length === 3)!;
    expect(merged.status).toBe(200); // the fake marketplace checked the video entries too
    for (const item of merged.body.items) {
      const videos = item.complex_attributes.filter((entry) => entry.attributes.every((attribute) => attribute.complex_id === 100001));
      expect(videos.map((entry) => entry.attributes.map((attribute) => [attribute.id, attribute.values[0]!.value]))).toEqual([
        [
          [21841, 'https://lws.example.com/media/products/p/v1.mp4'],
          [21837, item.name],
        ],
        [
          [21841, 'https://lws.example.com/media/products/p/v2.mov'],
          [21837, item.name],
        ],
      ]);
      expect(item.complex_attributes.filter((entry) => entry.attributes.some((attribute) => attribute.complex_id === 100002))).toEqual([
        { attributes: [{ complex_id: 100002, id: 21845, values: [{ value: 'https://lws.example.com/media/products/p/cover.mp4' }] }] },
      ]);
      expect([item.primary_image, ...item.images].some((url) => /\.(mp4|mov)$/.test(url))).toBe(false);
    }
  });

  it('sends the minimum price with prices only: /v3/product/import has no such field', () => {
    const bodies = (path: string) =>
      proxy.exchanges.filter((exchange) => exchange.path === path).map((exchange) => JSON.parse(exchange.requestBody) as unknown);
    expect(bodies('/v1/product/import/prices')).toEqual([{ prices: [expect.objectContaining({ price: '593', old_price: '1186', min_price: '475' })] }]);
    expect(JSON.stringify(bodies('/v3/product/import'))).not.toContain('min_price');
  });

  it('every request body fits the method request schema (an empty object where the method takes none)', () => {
    const failures = proxy.exchanges
      .filter((exchange) => subset.paths[exchange.path])
      .map((exchange) => {
        const spec = subset.paths[exchange.path]!;
        if (spec.requestSchema === null) return exchange.requestBody === '{}' ? null : { path: exchange.path, body: exchange.requestBody };
        const errors = problems(validatorOf(spec.requestSchema), exchange.requestBody);
        return errors ? { path: exchange.path, errors } : null;
      })
      .filter((failure) => failure !== null);
    expect(failures).toEqual([]);
  });

  it('every answer parsed fits the response schema, and every error the rpcStatus schema', () => {
    const checked = proxy.exchanges.filter((exchange) => subset.paths[exchange.path]);
    expect(checked.some((exchange) => exchange.status >= 400)).toBe(true);
    const failures = checked
      .map((exchange) => {
        const spec = subset.paths[exchange.path]!;
        const errors = problems(validatorOf(exchange.status < 300 ? spec.responseSchema : spec.errorSchema), exchange.responseBody);
        return errors ? { path: exchange.path, status: exchange.status, errors } : null;
      })
      .filter((failure) => failure !== null);
    expect(failures).toEqual([]);
  });

  it('the limits answer fits the after-import document too, which types operation_limits and quota_by_category', () => {
    const document = JSON.parse(readFileSync(AFTER_IMPORT, 'utf8')) as Subset;
    const validate = new Ajv({ strict: false, allErrors: true, logger: false }).compile({
      $ref: '#/components/schemas/v4GetUploadQuotaResponse',
      components: document.components,
    });
    const answers = proxy.exchanges.filter((exchange) => exchange.path === '/v4/product/info/limit' && exchange.status === 200);
    expect(answers.map((exchange) => JSON.parse(exchange.responseBody) as unknown)).toEqual([
      expect.objectContaining({
        operation_limits: { limit: 1000, limit_type: 'RATE_LIMIT_PER_MINUTE' },
        total: expect.objectContaining({ quota_by_category: expect.any(Object) }),
      }),
    ]);
    expect(answers.map((exchange) => problems(validate, exchange.responseBody))).toEqual([null]);
    expect(validate({ total: { quota_by_category: [] } })).toBe(false); // the document's shape is one object
  });

  it('the schema is strict enough to catch a wrong body (a string task_id, an item without offer_id)', () => {
    expect(validatorOf(subset.paths['/v1/product/import/info']!.requestSchema!)({ task_id: 'abc' })).toBe(false);
    expect(validatorOf(subset.paths['/v2/product/pictures/import']!.requestSchema!)({ items: [{ images: [] }] })).toBe(false);
  });
});
