import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedAsset } from '../../src/domain/media/asset.ts';
import { testDatabases } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { BLUE, page, RED, type VariantJson, variantsApi } from '../helpers/variant-pages.ts';

for (const database of testDatabases()) {
  describe(`variants in the product (${database.name})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ database, start: false });
    });
    afterAll(() => t?.close());
    const { collect, patch, get, collected } = variantsApi(() => t);

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
      const edited = await patch(id, {
        variants: [
          { id: red!.id, label_ru: 'красный', aspects: RED },
          { id: blue!.id, aspects: BLUE, offer_id: 'MY-BLUE' },
          { id: white!.id, enabled: false },
        ],
      });
      expect(edited.statusCode).toBe(200);
      const again = await collect(
        page(
          '9002',
          [
            { skuId: '1', label: '红色', priceCny: 99 },
            { skuId: '4', label: '绿色' },
          ],
          id,
        ),
      );
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

    it('changing variants sends a ready product back to editing', async () => {
      const id = await collected('9006');
      await patch(id, {
        name: 'Cup',
        description: 'Silicone cup',
        offer_id: 'RDY',
        weight: 300,
        depth: 100,
        width: 80,
        height: 30,
        pricing: { cost_cny: 20, fx_rate: 11.5 },
      });
      const asset = (await t.container.cradle.assets.listByProduct(id))[0]!;
      await t.container.cradle.assets.update(
        storedAsset(asset, { url: '/media/x.jpg', contentType: 'image/jpeg', bytes: 1, width: 1, height: 1, sha256: 'x' }, new Date().toISOString()),
      );
      const ready = await t.app.inject({ method: 'POST', url: `/api/products/${id}/stage`, headers: t.auth, payload: { stage: 'ready' } });
      expect(ready.json().ready_problems ?? ready.json().errors).toEqual([]);
      expect(ready.json().stage).toBe('ready');
      const [red] = ready.json().variants as VariantJson[];
      const edited = await patch(id, {
        variants: (ready.json().variants as VariantJson[]).map((v) => (v.id === red!.id ? { id: v.id, label_ru: 'красный' } : { id: v.id })),
      });
      expect(edited.json().stage).toBe('editing');
    });
  });
}
