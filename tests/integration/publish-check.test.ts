import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOzon } from '../fakes/ozon.ts';
import { COLOR_ATTRIBUTE, NO_BRAND_ID } from '../fakes/ozon-catalog.ts';
import { GOOD_KEY, insertPublishable, type ShopApp, startShopApp } from '../helpers/marketplace-app.ts';
import { PUBLIC_BASE } from '../helpers/publishable-product.ts';
import { type TestApp } from '../helpers/test-app.ts';

type CheckBody = { ok: boolean; errors: { path: string; message: string }[] };
const HAN = /\p{Script=Han}/u;

describe('the publish pre-flight (POST /api/products/{id}/publish/check)', () => {
  let ozon: FakeOzon;
  let t: TestApp;
  let shopId: string;

  let app: ShopApp;
  beforeAll(async () => {
    app = await startShopApp({ PUBLIC_BASE_URL: PUBLIC_BASE });
    ({ ozon, t, shopId } = app);
  });
  afterAll(() => app.close());

  const check = (productId: string, shop = shopId) =>
    t.app.inject({ method: 'POST', url: `/api/products/${productId}/publish/check`, headers: t.auth, payload: { shop_id: shop } });
  const publish = (productId: string) =>
    t.app.inject({ method: 'POST', url: `/api/products/${productId}/publish`, headers: t.auth, payload: { shop_id: shopId } });
  const sent = (path: string) => ozon.requests.filter((request) => request.url === path).length;

  it('passes a complete product and sends nothing; a second check reads the category from the cache', async () => {
    const product = await insertPublishable(t);
    const response = await check(product.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, errors: [], warnings: [] });
    const lookups = ['/v1/description-category/tree', '/v1/description-category/attribute', '/v1/description-category/attribute/values'].map(sent);
    expect(lookups.every((count) => count >= 1)).toBe(true);
    expect((await check(product.id)).json()).toEqual({ ok: true, errors: [], warnings: [] });
    expect(['/v1/description-category/tree', '/v1/description-category/attribute', '/v1/description-category/attribute/values'].map(sent)).toEqual(lookups);
    expect(sent('/v3/product/import')).toBe(0);
  });

  it('lists every problem in Chinese with its path, and publish answers 422 with the same list', async () => {
    const product = await insertPublishable(t, {
      name: 'Коробка 收纳盒',
      offer_id: 'x'.repeat(51),
      vat: '0.18',
      old_price: 500,
      pricing: { result: { price_rub: 593, old_price_rub: 500, fx_rate: 11.5 } },
      attributes: {
        '85': [{ value: 'Нет бренда' }],
        [COLOR_ATTRIBUTE]: [{ dictionary_value_id: 61571 }, { dictionary_value_id: 999 }, { dictionary_value_id: 61572 }, { dictionary_value_id: 61573 }],
        '4180': 'Ящик 木',
      },
    });
    const body = (await check(product.id)).json<CheckBody>();
    expect(body.ok).toBe(false);
    expect(body.errors.map((error) => error.path)).toEqual(
      expect.arrayContaining([
        'name',
        'offer_id',
        'vat',
        'old_price',
        'attributes/85/0',
        'attributes/9048',
        `attributes/${COLOR_ATTRIBUTE}`,
        `attributes/${COLOR_ATTRIBUTE}/1`,
        'attributes/4180/0',
      ]),
    );
    expect(body.errors.every((error) => HAN.test(error.message))).toBe(true);
    expect(body.errors.find((error) => error.path === 'attributes/9048')?.message).toContain('型号名称');

    const published = await publish(product.id);
    expect(published.statusCode).toBe(422);
    expect(published.json()).toMatchObject({ code: 'PUBLISH_CHECKS_FAILED', errors: body.errors });
    expect(sent('/v3/product/import')).toBe(0);
  });

  it('an old price 3 % above a 5 000 ₽ price: the check names it in Chinese, publish is 422 and changes nothing', async () => {
    const product = await insertPublishable(t, {
      price: 5000,
      old_price: 5150,
      pricing: { cost_cny: 300, weight_g: 300, result: { price_rub: 5000, old_price_rub: 5150, fx_rate: 11.5 } },
    });
    const problem = { path: 'old_price', message: '售价在 400–10 000 ₽ 之间时，划线价须比售价高 5% 以上（现在只高 3%）' };
    expect((await check(product.id)).json()).toEqual({ ok: false, errors: [problem], warnings: [] });
    const before = await t.container.cradle.products.findById(product.id);
    const published = await publish(product.id);
    expect(published.statusCode).toBe(422);
    expect(published.json()).toMatchObject({ code: 'PUBLISH_CHECKS_FAILED', detail: expect.stringMatching(/\p{Script=Han}/u), errors: [problem] });
    expect(await t.container.cradle.products.findById(product.id)).toEqual(before);
    expect(sent('/v3/product/import') + sent('/v1/product/import/prices')).toBe(0);
    const history = await t.app.inject({ method: 'GET', url: `/api/products/${product.id}/publish-history`, headers: t.auth });
    expect(history.json()).toMatchObject({ total: 0 });
  });

  it('refuses a dictionary value that is not among the attribute values (check lists it, publish 422)', async () => {
    const product = await insertPublishable(t, { attributes: { '85': [{ dictionary_value_id: 5, value: 'Fake Brand' }], '9048': 'BOX-DICT-1' } });
    expect((await check(product.id)).json()).toEqual({
      ok: false,
      errors: [{ path: 'attributes/85/0', message: expect.stringContaining('不在平台字典中') }],
      warnings: [],
    });
    expect((await publish(product.id)).statusCode).toBe(422);
    const good = await insertPublishable(t, { attributes: { '85': [{ dictionary_value_id: NO_BRAND_ID, value: 'Нет бренда' }], '9048': 'BOX-DICT-2' } });
    expect((await check(good.id)).json()).toMatchObject({ ok: true });
  });

  it('an unknown or disabled category is a Chinese 422 CATEGORY_UNKNOWN, for the check and for publish', async () => {
    for (const [categoryId, typeId] of [
      [111, 222],
      [17028922, 92499],
    ] as const) {
      const product = await insertPublishable(t, { description_category_id: categoryId, type_id: typeId });
      for (const response of [await check(product.id), await publish(product.id)]) {
        expect(response.statusCode).toBe(422);
        const body = response.json<{ code: string; detail: string; errors: { path: string }[] }>();
        expect(body.code).toBe('CATEGORY_UNKNOWN');
        expect(body.detail).toMatch(HAN);
        expect(body.errors[0]!.path).toBe('description_category_id');
      }
    }
  });

  it('refuses a shop that has not passed its test (409), an unknown product or shop (404)', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/shops',
      headers: t.auth,
      payload: { name: 'Untested', client_id: '777', api_key: GOOD_KEY },
    });
    const product = await insertPublishable(t);
    const response = await check(product.id, created.json<{ id: string }>().id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'SHOP_NOT_ACTIVE', detail: expect.stringMatching(HAN) });
    expect((await check('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await check(product.id, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('answers 502 when the marketplace cannot be reached for what is not cached yet', async () => {
    const product = await insertPublishable(t, {
      attributes: { '85': [{ dictionary_value_id: NO_BRAND_ID }], '9048': 'BOX-SIZE-1', '8229': [{ dictionary_value_id: 970895715 }] },
    });
    ozon.down = true;
    try {
      const response = await check(product.id);
      expect(response.statusCode).toBe(502);
      expect(response.json<{ detail: string }>().detail).toMatch(HAN);
    } finally {
      ozon.down = false;
    }
    expect((await check(product.id)).json()).toEqual({ ok: true, errors: [], warnings: [] });
  });
});
