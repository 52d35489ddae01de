import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeKyselyAssetRepository } from '../../src/adapters/persistence/kysely-asset-repository.ts';
import { makeKyselyProductRepository } from '../../src/adapters/persistence/kysely-product-repository.ts';
import { up } from '../../src/adapters/persistence/migrations/025-relative-media.ts';
import { newProduct } from '../../src/domain/catalog/product.ts';
import { richContentAttribute } from '../../src/domain/catalog/rich-content.ts';
import { pendingAsset, storedAsset } from '../../src/domain/media/asset.ts';
import { type TestDatabaseHandle, testDatabases } from '../helpers/databases.ts';

const AT = '2026-11-27T10:00:00.000Z';
const OLD = 'http://192.168.1.5:8787';

for (const database of testDatabases()) {
  describe(`migration 025 (stored media addresses without PUBLIC_BASE_URL) on ${database.name}`, () => {
    let handle: TestDatabaseHandle;
    beforeAll(async () => {
      handle = await database.open();
    });
    afterAll(async () => handle.dispose());

    it('makes the old absolute addresses of our media root-relative, leaving other addresses as they are', async () => {
      const products = makeKyselyProductRepository(handle.db);
      const assets = makeKyselyAssetRepository(handle.db);
      const picture = `${OLD}/media/products/p1/a1.jpg`;
      const foreign = 'https://cdn.example.com/media/products/x.jpg?from=market';
      const rich = richContentAttribute({
        content: [
          {
            widgetName: 'raShowcase',
            type: 'roll',
            blocks: [
              {
                imgLink: '',
                img: {
                  src: picture,
                  srcMobile: picture,
                  alt: '',
                  position: 'width_full',
                  positionMobile: 'width_full',
                  widthMobile: 1,
                  heightMobile: 1,
                  width: 1,
                  height: 1,
                },
              },
            ],
          },
        ] as never,
        version: 0.3,
      });
      await products.insert({
        ...newProduct({ id: 'p1', stage: 'editing', source_platform: '1688', name: 'Mug', offer_id: 'M' }, AT),
        primary_image: picture,
        images: [picture, foreign, 'https://cbu01.alicdn.com/img/1.jpg'],
        attributes: { '11254': rich },
      });
      const origin = {
        asset_id: 'a1',
        product_id: 'p1',
        group_key: 'main' as const,
        group_name: '主图',
        variant_name: null,
        type: 'img',
        index: 0,
        dedupe_key: 'a1',
        source_url: 'https://cbu01.alicdn.com/img/1.jpg',
        referer: '',
      };
      await assets.insertMany([
        storedAsset(pendingAsset(origin, AT), { url: picture, contentType: 'image/jpeg', bytes: 1, width: 1, height: 1, sha256: 'x' }, AT),
      ]);

      await up(handle.db as unknown as Kysely<unknown>);

      const product = (await products.findById('p1'))!;
      expect(product.primary_image).toBe('/media/products/p1/a1.jpg');
      expect(product.images).toEqual(['/media/products/p1/a1.jpg', foreign, 'https://cbu01.alicdn.com/img/1.jpg']);
      expect(JSON.stringify(product.attributes['11254'])).toContain('\\"src\\":\\"/media/products/p1/a1.jpg\\"');
      expect(JSON.stringify(product.attributes['11254'])).not.toContain(OLD);
      expect((await assets.findById('a1'))?.stored_url).toBe('/media/products/p1/a1.jpg');
      // A second run finds nothing left to change.
      const before = await sql`select updated_at from products where id = 'p1'`.execute(handle.db);
      await up(handle.db as unknown as Kysely<unknown>);
      expect((await sql`select updated_at from products where id = 'p1'`.execute(handle.db)).rows).toEqual(before.rows);
    });
  });
}
