import { describe, expect, it } from 'vitest';
import { type ProductRepository } from '../../src/application/ports/product-repository.ts';
import { writeFinalResults, writeVariantStatuses } from '../../src/application/publishing/publish-write-back.ts';
import { type Product } from '../../src/domain/catalog/product.ts';
import { markFinal, newPublishTask } from '../../src/domain/publishing/publish-task.ts';
import { emptyCatalogState } from '../in-memory/catalog-state.ts';
import { makeInMemoryProductRepository } from '../in-memory/in-memory-product-repository.ts';
import { publishableProduct, publishableVariants } from '../helpers/publishable-product.ts';

const NOW = '2026-11-21T11:00:00.000Z';

/** The repository, with a seller who edits the product `edits` times right before each of our writes. */
async function catalogWith(product: Product, edits = 0): Promise<{ products: ProductRepository; editsLeft: () => number }> {
  const products = makeInMemoryProductRepository(emptyCatalogState());
  await products.insert(product);
  let left = edits;
  const update: ProductRepository['update'] = async (next, version) => {
    if (left > 0) {
      left--;
      const current = (await products.findById(next.id))!;
      await products.update({ ...current, name: `${current.name} ·`, version: current.version + 1 }, current.version);
    }
    return products.update(next, version);
  };
  return { products: { ...products, update }, editsLeft: () => left };
}

const importedCard = (product: Product, variantId: string | null = null, offerId = product.offer_id) =>
  markFinal(
    newPublishTask(
      { task_id: `task-${offerId}`, id: `rec-${offerId}`, product_id: product.id, shop_id: 'shop-1', offer_id: offerId, variant_id: variantId },
      NOW,
    ),
    'imported',
    [],
    NOW,
    null,
    '900100',
  );

describe('the publish write-back', () => {
  it('an imported single card makes the product published with its marketplace id, through two concurrent edits', async () => {
    const product = publishableProduct();
    const { products, editsLeft } = await catalogWith(product, 2);
    await writeFinalResults(products, [importedCard(product)], NOW);
    const stored = (await products.findById(product.id))!;
    expect([stored.stage, stored.marketplace_product_id, stored.name.endsWith('· ·'), editsLeft()]).toEqual(['published', '900100', true, 0]);
  });

  it('a product the seller moved on keeps its stage but learns the id; a product that keeps changing throws', async () => {
    const editing = publishableProduct({ stage: 'editing' });
    const { products } = await catalogWith(editing);
    await writeFinalResults(products, [importedCard(editing)], NOW);
    expect((await products.findById(editing.id))!).toMatchObject({ stage: 'editing', marketplace_product_id: '900100' });

    const busy = publishableProduct();
    const { products: changing } = await catalogWith(busy, 3);
    await expect(writeFinalResults(changing, [importedCard(busy)], NOW)).rejects.toThrow(/kept changing during the publish write-back/);
  });

  it('variant results reach each variant; statuses of a product that keeps changing are left, final results throw', async () => {
    const { product } = publishableVariants();
    const [first] = product.variants;
    const record = importedCard(product, first!.id, first!.offer_id!);
    const { products } = await catalogWith(product, 1);
    await writeFinalResults(products, [record], NOW);
    const stored = (await products.findById(product.id))!;
    expect([stored.stage, stored.marketplace_product_id, stored.variants[0]!.status]).toEqual(['published', '900100', 'imported']);

    const { products: changing } = await catalogWith(product, 3);
    await expect(writeVariantStatuses(changing, [record], NOW)).resolves.toBeUndefined();
    expect((await changing.findById(product.id))!.variants[0]!.status).not.toBe('imported');
    const { products: stillChanging } = await catalogWith(product, 3);
    await expect(writeFinalResults(stillChanging, [record], NOW)).rejects.toThrow(/kept changing during the variant write-back/);
  });
});
