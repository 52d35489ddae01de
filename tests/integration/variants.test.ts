import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedAsset } from '../../src/domain/asset.ts';
import { testDatabases } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type VariantJson = { id: string; label_zh: string; label_ru: string | null; offer_id: string | null; enabled: boolean; cost_cny: number | null; price: number | null; old_price: number | null; image_asset_id: string | null; stock: number | null; aspects: Record<string, unknown> };

const RED = { '10096': [{ dictionary_value_id: 61574, value: 'красный' }] };
const BLUE = { '10096': [{ dictionary_value_id: 61586, value: 'синий' }] };

/** A collected 1688 page with three colours; no download runs (the app is not started), so the addresses are never fetched. */
const page = (itemId: string, skus: unknown[], productId: string | null = null) => ({
  product: { id: productId },
  source: { platform: '1688', itemId, url: `https://detail.1688.com/offer/${itemId}.html`, collectedAt: 1_764_000_000_000 },
  texts: [{ kind: 'title', content: '硅胶杯' }],
  images: [{ groupKey: 'sku', groupName: 'SKU', variantName: '红色', url: 'http://127.0.0.1:9/red.jpg', index: 0, type: 'img', dedupeKey: 'red' }],
  skus,
});
const THREE = [
  { skuId: '1', label: '红色', priceCny: 18 },
  { skuId: '2', label: '蓝色', priceCny: 25, imageUrl: 'http://127.0.0.1:9/blue.jpg' },
  { skuId: '3', label: '白色', stock: 0 },
];

for (const database of testDatabases()) {
  describe(`variants in the product (${database.name})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ database, start: false });
    });
    afterAll(() => t?.close());

    const collect = (body: unknown) => t.app.inject({ method: 'POST', url: '/api/materials', headers: t.auth, payload: body as object });
    const patch = (id: string, payload: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: `/api/products/${id}`, headers: t.auth, payload });
    const get = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/products/${id}`, headers: t.auth })).json();
    const collected = async (itemId: string) => (await collect(page(itemId, THREE))).json().product_id as string;

    it('intake makes one variant per SKU with its cost and picture; the product is priced at its lowest enabled variant', async () => {
      const id = await collected('9001');
      const product = await get(id);
      const assets = new Map(product.assets.map((asset: { asset_id: string; variant_name: string }) => [asset.variant_name, asset.asset_id]));
      expect(product.variants.map((v: VariantJson) => [v.label_zh, v.cost_cny, v.enabled, v.label_ru, v.offer_id, v.stock])).toEqual([
        ['红色', 18, true, null, null, null],
        ['蓝色', 25, true, null, null, null],
        ['白色', null, true, null, null, 0],
      ]);
      expect(product.variants.map((v: VariantJson) => v.image_asset_id)).toEqual([assets.get('红色'), assets.get('蓝色'), null]);

      const priced = await patch(id, { offer_id: 'CUP', weight: 300, pricing: { cost_cny: 20, fx_rate: 11.5 } });
      expect(priced.statusCode).toBe(200);
      const variants: VariantJson[] = priced.json().variants;
      expect(variants.map((v) => v.offer_id)).toEqual(['CUP-1', 'CUP-2', 'CUP-3']);
      // 18 CNY < 20 CNY (the product's, used by 白色) < 25 CNY: the product shows the red one's price.
      expect(variants[0]!.price! < variants[2]!.price! && variants[2]!.price! < variants[1]!.price!).toBe(true);
      expect(priced.json().price).toBe(variants[0]!.price);
      const redOff = await patch(id, { variants: variants.map((v, i) => ({ id: v.id, enabled: i !== 0 })) });
      expect(redOff.json().price).toBe(variants[2]!.price);
      expect(redOff.json().old_price).toBe(variants[2]!.old_price);
    });

    it('edits change only what they carry; appending material adds new labels and keeps the seller’s edits', async () => {
      const id = await collected('9002');
      const [red, blue, white] = (await get(id)).variants as VariantJson[];
      const edited = await patch(id, { variants: [{ id: red!.id, label_ru: 'красный', aspects: RED }, { id: blue!.id, aspects: BLUE, offer_id: 'MY-BLUE' }, { id: white!.id, enabled: false }] });
      expect(edited.statusCode).toBe(200);
      const again = await collect(page('9002', [{ skuId: '1', label: '红色', priceCny: 99 }, { skuId: '4', label: '绿色' }], id));
      expect(again.statusCode).toBe(200);
      const after: VariantJson[] = (await get(id)).variants;
      expect(after.map((v) => [v.label_zh, v.label_ru, v.cost_cny, v.enabled, v.offer_id])).toEqual([
        ['红色', 'красный', 18, true, null],
        ['蓝色', null, 25, true, 'MY-BLUE'],
        ['白色', null, null, false, null],
        ['绿色', null, null, true, null],
      ]);
      expect(after[0]!.aspects).toEqual(RED);
      const removed = await patch(id, { variants: [{ id: after[0]!.id }, { label_zh: '黑色' }] });
      expect((removed.json().variants as VariantJson[]).map((v) => v.label_zh)).toEqual(['红色', '黑色']);
    });

    it('bad input gets a Chinese 4xx and changes nothing', async () => {
      const id = await collected('9003');
      await patch(id, { offer_id: 'MUG' });
      const before = await get(id);
      const [red, blue] = before.variants as VariantJson[];
      const other = await collected('9004');
      await patch(other, { offer_id: 'OTHER', variants: [] });

      const twins = await patch(id, { variants: [{ id: red!.id, aspects: RED }, { id: blue!.id, aspects: RED }, { id: before.variants[2].id }] });
      expect(twins.statusCode).toBe(422);
      expect(twins.json()).toMatchObject({ code: 'VARIANT_ASPECTS_DUPLICATE' });
      expect(twins.json().detail).toContain('「红色」（MUG-1）与「蓝色」（MUG-2）');

      const chinese = await patch(id, { variants: [{ id: red!.id, label_ru: 'красный 红色' }, { id: blue!.id }, { id: before.variants[2].id }] });
      expect(chinese.statusCode).toBe(422);
      expect(chinese.json().errors).toEqual([{ path: '/variants/0/label_ru', message: '款式「红色」（MUG-1）的俄文名称含有中文字符，平台会拒绝' }]);

      const clash = await patch(id, { variants: [{ id: red!.id, offer_id: 'OTHER' }, { id: blue!.id }, { id: before.variants[2].id }] });
      expect(clash.statusCode).toBe(409);
      expect(clash.json()).toMatchObject({ code: 'OFFER_ID_TAKEN' });
      expect(clash.json().detail).toMatch(/[\u4e00-\u9fff]/);
      // The other product cannot take this one's derived variant offer id either.
      expect((await patch(other, { variants: [{ label_zh: 'A', offer_id: 'MUG-2' }, { label_zh: 'B' }] })).statusCode).toBe(409);

      const foreignImage = await patch(id, { variants: [{ id: red!.id, image_asset_id: '00000000-0000-4000-8000-000000000000' }, { id: blue!.id }, { id: before.variants[2].id }] });
      expect(foreignImage.statusCode).toBe(422);
      expect(foreignImage.json().errors[0].message).toBe('款式图片必须是本商品的图片');

      const tooMany = await collect(page('9005', Array.from({ length: 501 }, (_, i) => ({ skuId: String(i), label: `款${i}` }))));
      expect(tooMany.statusCode).toBe(422);
      expect(tooMany.json().errors).toEqual([{ path: '/skus', message: 'SKU最多 500 项' }]);

      const after = await get(id);
      expect(after.version).toBe(before.version);
      expect(after.variants).toEqual(before.variants);
    });

    it('changing variants sends a ready product back to editing', async () => {
      const id = await collected('9006');
      await patch(id, { name: 'Cup', description: 'Silicone cup', offer_id: 'RDY', weight: 300, depth: 100, width: 80, height: 30, pricing: { cost_cny: 20, fx_rate: 11.5 } });
      const asset = (await t.container.cradle.assets.listByProduct(id))[0]!;
      await t.container.cradle.assets.update(storedAsset(asset, { url: '/media/x.jpg', contentType: 'image/jpeg', bytes: 1, width: 1, height: 1, sha256: 'x' }, new Date().toISOString()));
      const ready = await t.app.inject({ method: 'POST', url: `/api/products/${id}/stage`, headers: t.auth, payload: { stage: 'ready' } });
      expect(ready.json().ready_problems ?? ready.json().errors).toEqual([]);
      expect(ready.json().stage).toBe('ready');
      const [red] = ready.json().variants as VariantJson[];
      const edited = await patch(id, { variants: (ready.json().variants as VariantJson[]).map((v) => (v.id === red!.id ? { id: v.id, label_ru: 'красный' } : { id: v.id })) });
      expect(edited.json().stage).toBe('editing');
    });
  });
}
