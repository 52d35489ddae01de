import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOzon } from '../fakes/ozon.ts';
import { insertPublishable, waitForFinalTask, type ShopApp, startShopApp } from '../helpers/marketplace-app.ts';
import { PUBLIC_BASE } from '../helpers/publishable-product.ts';
import { type TestApp } from '../helpers/test-app.ts';

type Record = {
  task_id: string | null;
  operation: string;
  status: string;
  errors: { code: string; explanation: string | null }[];
  next_attempt_at?: string | null;
};

describe('publishing a published product again updates its card', () => {
  let ozon: FakeOzon;
  let t: TestApp;
  let shopId: string;

  let app: ShopApp;
  beforeAll(async () => {
    app = await startShopApp({ PUBLIC_BASE_URL: PUBLIC_BASE });
    ({ ozon, t, shopId } = app);
    ozon.plan = { pendingPolls: 0, outcome: 'imported' };
  });
  afterAll(() => app.close());

  const publish = async (productId: string): Promise<Record> => {
    const response = await t.app.inject({ method: 'POST', url: `/api/products/${productId}/publish`, headers: t.auth, payload: { shop_id: shopId } });
    expect(response.statusCode).toBe(202);
    return response.json<Record>();
  };
  const edit = async (productId: string, change: (product: NonNullable<Awaited<ReturnType<typeof t.container.cradle.products.findById>>>) => object) => {
    const { products } = t.container.cradle;
    const product = (await products.findById(productId))!;
    expect(await products.update({ ...product, ...change(product), version: product.version + 1 }, product.version)).toBe(true);
  };
  const calls = (path: string) => ozon.requests.filter((request) => request.url === path).length;

  it('images only → /v2/product/pictures/import; price only → /v1/product/import/prices; more → a full import of the same offer_id', async () => {
    const product = await insertPublishable(t);
    const first = await publish(product.id);
    expect(first.operation).toBe('import');
    await waitForFinalTask(t, first.task_id!);
    const published = (await t.container.cradle.products.findById(product.id))!;
    expect(published.stage).toBe('published');

    await edit(product.id, () => ({ images: [`${PUBLIC_BASE}/media/p/main.jpg`, `${PUBLIC_BASE}/media/p/new.jpg`] }));
    const pictures = await publish(product.id);
    expect(pictures).toMatchObject({ operation: 'pictures', status: 'pending' });
    expect(calls('/v2/product/pictures/import')).toBe(1);
    expect(ozon.tasks.get(Number(pictures.task_id))!.items).toEqual([
      { offer_id: product.offer_id, primary_image: `${PUBLIC_BASE}/media/p/main.jpg`, images: [`${PUBLIC_BASE}/media/p/new.jpg`] },
    ]);
    expect(await waitForFinalTask(t, pictures.task_id!)).toMatchObject({ status: 'imported' });

    await edit(product.id, (current) => ({ pricing: { ...current.pricing, result: { price_rub: 650, old_price_rub: 1300, fx_rate: 11.5 } } }));
    const prices = await publish(product.id);
    expect(prices).toMatchObject({ operation: 'prices', status: 'imported', task_id: null });
    expect(ozon.prices.at(-1)).toEqual({ offer_id: product.offer_id, price: '650', old_price: '1300', currency_code: 'RUB', vat: '0' });

    await edit(product.id, () => ({ name: 'Коробка для хранения, 5 шт' }));
    const full = await publish(product.id);
    expect(full.operation).toBe('import');
    const sent = ozon.tasks.get(Number(full.task_id))!;
    expect(sent.items[0]).toMatchObject({ offer_id: product.offer_id, name: 'Коробка для хранения, 5 шт' });
    expect(sent.productIds[0]).toBe(Number(published.marketplace_product_id));
  });

  it('sends an offer’s price at most 10 times an hour: the 11th change waits (stored), a 12th joins it, the marketplace never refuses one', async () => {
    const product = await insertPublishable(t);
    const first = await publish(product.id);
    await waitForFinalTask(t, first.task_id!);
    const before = ozon.prices.length;
    const reprice = async (price: number) => {
      await edit(product.id, (current) => ({ pricing: { ...current.pricing, result: { price_rub: price, old_price_rub: price * 2, fx_rate: 11.5 } } }));
      return publish(product.id);
    };
    for (let n = 1; n <= 10; n += 1) expect(await reprice(600 + n)).toMatchObject({ operation: 'prices', status: 'imported' });
    const waiting = await reprice(611);
    expect(waiting).toMatchObject({ operation: 'prices', status: 'waiting_quota', task_id: null });
    expect(Date.parse(waiting.next_attempt_at!)).toBeGreaterThan(Date.now() + 55 * 60_000);
    expect(await reprice(612)).toMatchObject({ status: 'waiting_quota', next_attempt_at: waiting.next_attempt_at });
    expect(ozon.prices.slice(before).map((price) => price.price)).toEqual(Array.from({ length: 10 }, (_, n) => String(601 + n)));
    const history = await t.app.inject({ method: 'GET', url: `/api/products/${product.id}/publish-history`, headers: t.auth });
    expect(history.json<{ total: number; items: { status: string }[] }>().items.filter((record) => record.status === 'waiting_quota')).toHaveLength(1);
  });

  it('keeps the marketplace errors per product with a Chinese explanation of known codes', async () => {
    ozon.plan = { pendingPolls: 0, outcome: 'imported_with_error' };
    try {
      const product = await insertPublishable(t);
      const record = await publish(product.id);
      const final = await waitForFinalTask(t, record.task_id!);
      expect(final.status).toBe('failed');
      expect(final.errors).toEqual([
        expect.objectContaining({
          code: 'error_attribute_values_empty',
          field: 'attribute',
          attribute_id: 9048,
          level: 'error',
          message: 'required attribute is empty',
          explanation: '必填属性没有值：请补全后重新发布',
        }),
      ]);
    } finally {
      ozon.plan = { pendingPolls: 0, outcome: 'imported' };
    }
  });
});
