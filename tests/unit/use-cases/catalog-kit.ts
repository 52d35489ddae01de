import { makeViewProduct } from '../../../src/application/view-product.ts';
import { makeCreateProduct } from '../../../src/application/use-cases/create-product.ts';
import { makeDeleteProduct } from '../../../src/application/use-cases/delete-product.ts';
import { makeMoveProductStage } from '../../../src/application/use-cases/move-product-stage.ts';
import { makeRepriceProduct } from '../../../src/application/use-cases/reprice-product.ts';
import { makeUpdateProduct } from '../../../src/application/use-cases/update-product.ts';
import { type Asset, pendingAsset } from '../../../src/domain/media/asset.ts';
import { type FxRate } from '../../../src/domain/pricing/fx.ts';
import { DEFAULT_PRICING_POLICY } from '../../../src/domain/pricing/pricing.ts';
import { newProduct, type Product } from '../../../src/domain/catalog/product.ts';
import { makeSequentialIds, makeTestClock } from '../../in-memory/clock-and-ids.ts';
import { makeInMemoryCatalog } from '../../in-memory/in-memory-catalog.ts';
import { makeInMemoryObjectStore } from '../../in-memory/in-memory-object-store.ts';

/** A product that passes every ready check once it has a stored image: named, sized, weighed and priced inputs. */
export const readyableFields = {
  name: 'Коробка для хранения',
  description: 'Прочная коробка.',
  offer_id: 'BOX-1',
  weight: 300,
  depth: 200,
  width: 150,
  height: 100,
  pricing: { cost_cny: 20 },
} satisfies Partial<Product>;

/**
 * The catalog use cases wired as the container wires them, on contract-tested in-memory adapters, a clock that
 * stands still, counting ids and a fixed CNY→RUB rate (`fx.rate`, changeable). `queued` collects what was
 * handed to the download queue.
 */
export function catalogKit() {
  const catalog = makeInMemoryCatalog();
  const { products, assets } = catalog;
  const clock = makeTestClock();
  const ids = makeSequentialIds();
  const objectStore = makeInMemoryObjectStore();
  const policy = DEFAULT_PRICING_POLICY;
  const fx = { rate: 12, calls: 0 };
  const getFxRate = async (): Promise<FxRate> => {
    fx.calls += 1;
    return { rate: fx.rate, source: 'cbr', updated_at: clock.iso(), stale: false };
  };
  const queued: string[] = [];
  const queueDownloads = (assetIds: readonly string[]) => void queued.push(...assetIds);
  const repriceProduct = makeRepriceProduct({ policy, getFxRate });
  const viewProduct = makeViewProduct({ assets, products, pricingPolicy: policy });
  const orphaned: string[] = [];
  const moveProductStage = makeMoveProductStage({ products, assets, clock, policy, viewProduct });
  const deleteProduct = makeDeleteProduct({ products, assets, objectStore, clock, onOrphanedFile: (key) => void orphaned.push(key) });

  /** Stores a product as it is (no use case), `stage` editing unless given. */
  const given = async (fields: Partial<Product> = {}): Promise<Product> => {
    const made = newProduct({ id: ids.uuid(), stage: 'editing', source_platform: '1688', ...fields }, fields.created_at ?? clock.iso());
    await products.insert(made);
    return made;
  };
  /** A pending image of the product, not stored (for filling a product in one insert). */
  const asset = (productId: string, index: number): Asset =>
    pendingAsset(
      {
        asset_id: ids.uuid(),
        product_id: productId,
        group_key: 'detail',
        group_name: '详情',
        variant_name: null,
        type: 'img',
        index,
        dedupe_key: `d${index}`,
        source_url: `https://img.example/${index}.jpg`,
        referer: '',
      },
      clock.iso(),
    );
  /** Stores an image of the product: `stored` (with a file in the object store) unless told otherwise. */
  const givenImage = async (productId: string, fields: Partial<Asset> = {}): Promise<Asset> => {
    const id = ids.uuid();
    const origin = {
      asset_id: id,
      product_id: productId,
      group_key: 'main' as const,
      group_name: '主图',
      variant_name: null,
      type: 'img',
      index: 0,
      dedupe_key: `https://img.example/${id}.jpg`,
      source_url: `https://img.example/${id}.jpg`,
      referer: '',
    };
    const status = fields.status ?? 'stored';
    const stored = status === 'stored' ? (await objectStore.put(`products/${productId}/${id}.jpg`, new Uint8Array([1, 2, 3]), 'image/jpeg')).url : '';
    const made: Asset = { ...pendingAsset(origin, clock.iso()), status, stored_url: stored, ...fields };
    await assets.insertMany([made]);
    return made;
  };

  /** Stores a product that passes the ready checks (priced at the rate, one stored image), `stage` editing unless given. */
  const givenPriced = async (fields: Partial<Product> = {}): Promise<Product> => {
    const draft = await given({ ...readyableFields, ...fields });
    const priced = await repriceProduct({ ...draft, version: 2 });
    await products.update(priced, 1);
    await givenImage(draft.id);
    return priced;
  };

  return {
    ...catalog,
    clock,
    ids,
    objectStore,
    policy,
    fx,
    getFxRate,
    queued,
    queueDownloads,
    orphaned,
    repriceProduct,
    viewProduct,
    moveProductStage,
    deleteProduct,
    createProduct: makeCreateProduct({ products, clock, ids, repriceProduct, viewProduct }),
    updateProduct: makeUpdateProduct({ products, assets, objectStore, clock, ids, repriceProduct, viewProduct }),
    given,
    asset,
    givenImage,
    givenPriced,
  };
}

export type CatalogKit = ReturnType<typeof catalogKit>;
