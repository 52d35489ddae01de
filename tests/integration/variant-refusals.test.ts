import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { page, RED, type VariantJson, variantsApi } from '../helpers/variant-pages.ts';

for (const database of testDatabases()) {
  describe(`variants: bad input is refused and changes nothing (${database.name})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ database, start: false });
    });
    afterAll(() => t?.close());
    const { collect, patch, get, collected } = variantsApi(() => t);

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

      const foreignImage = await patch(id, {
        variants: [{ id: red!.id, image_asset_id: '00000000-0000-4000-8000-000000000000' }, { id: blue!.id }, { id: before.variants[2].id }],
      });
      expect(foreignImage.statusCode).toBe(422);
      expect(foreignImage.json().errors[0].message).toBe('款式图片必须是本商品的图片');

      const tooMany = await collect(
        page(
          '9005',
          Array.from({ length: 501 }, (_, i) => ({ skuId: String(i), label: `款${i}` })),
        ),
      );
      expect(tooMany.statusCode).toBe(422);
      expect(tooMany.json().errors).toEqual([{ path: '/skus', message: 'SKU最多 500 项' }]);

      const after = await get(id);
      expect(after.version).toBe(before.version);
      expect(after.variants).toEqual(before.variants);
    });
  });
}
