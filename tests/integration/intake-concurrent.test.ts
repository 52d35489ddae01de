import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases.ts';
import { type TestApp, startTestApp } from '../helpers/test-app.ts';

/** A collected page with `count` images of item `itemId`, appended to `productId` when given. */
const page = (itemId: string, count: number, productId: string | null = null) => ({
  product: { id: productId },
  source: { platform: '1688', itemId, url: `https://detail.1688.com/offer/${itemId}.html`, collectedAt: 1_763_700_000_000 },
  texts: [{ kind: 'title', content: `并发采集 ${itemId}` }],
  images: Array.from({ length: count }, (_, index) => ({
    groupKey: 'main',
    groupName: '主图',
    variantName: null,
    url: `https://img.example/${itemId}/${index}.jpg`,
    index,
    type: 'img',
    dedupeKey: `${itemId}-${index}`,
  })),
  refererOrigin: 'https://detail.1688.com',
});

// On SQLite, collects that arrive together share one commit (sqlite-group-commit.ts); each is still answered on
// its own, and one refused never takes the others with it.
for (const database of testDatabases()) {
  describe(`concurrent POST /api/materials (${database.name})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ database, start: false });
    });
    afterAll(async () => {
      await t?.close();
    });

    const post = (body: unknown) => t.app.inject({ method: 'POST', url: '/api/materials', headers: t.auth, payload: body as object });
    const assetCount = async (productId: string): Promise<number> =>
      (await t.app.inject({ method: 'GET', url: `/api/products/${productId}/assets?page_size=200`, headers: t.auth })).json().items.length;

    it('persists every concurrent collect with its assets, and a refused one (unknown product) fails alone', async () => {
      const existing = (await post(page('9000', 2))).json().product_id as string;
      const unknown = '00000000-0000-4000-8000-000000000404';
      const bodies = [
        ...Array.from({ length: 10 }, (_, n) => page(`91${n}`, 30)),
        page('9000', 3, unknown),
        // Appends to the existing product: its two known images are skipped, one is new.
        page('9000', 3, existing),
      ];
      const answers = await Promise.all(bodies.map(post));

      expect(answers.map((answer) => answer.statusCode)).toEqual([...Array<number>(10).fill(201), 404, 200]);
      expect(answers[10]!.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
      const created = answers.slice(0, 10).map((answer) => answer.json() as { product_id: string; assetsQueued: number });
      expect(new Set(created.map((answer) => answer.product_id)).size).toBe(10);
      expect(created.every((answer) => answer.assetsQueued === 30)).toBe(true);
      for (const answer of created) expect(await assetCount(answer.product_id)).toBe(30);
      expect(answers[11]!.json()).toMatchObject({ product_id: existing, assetsQueued: 1 });
      expect(await assetCount(existing)).toBe(3);

      const list = (await t.app.inject({ method: 'GET', url: '/api/products?q=并发采集&page_size=50', headers: t.auth })).json();
      expect(list.total).toBe(11);
      for (let n = 0; n < 10; n += 1) {
        const collected = (await t.app.inject({ method: 'GET', url: `/api/collected?platform=1688&itemId=91${n}`, headers: t.auth })).json();
        expect(collected).toMatchObject({ collected: true, count: 1, product_ids: [created[n]!.product_id] });
      }
    });
  });
}
