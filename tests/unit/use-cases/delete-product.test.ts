import { describe, expect, it } from 'vitest';
import { makeDeleteProduct } from '../../../src/application/use-cases/delete-product.ts';
import { catalogKit } from './catalog-kit.ts';

describe('delete product', () => {
  it('archives by default (a new version, restorable), and archiving again changes nothing', async () => {
    const kit = catalogKit();
    const product = await kit.givenPriced({ stage: 'ready' });
    await kit.deleteProduct({ id: product.id, hard: false });
    expect(await kit.products.findById(product.id)).toMatchObject({ stage: 'archived', version: 3 });
    await kit.deleteProduct({ id: product.id, hard: false });
    expect((await kit.products.findById(product.id))?.version).toBe(3);
    expect(await kit.assets.countByProduct(product.id)).toBe(1);
  });

  it('hard deletes a never-published product with its assets and their stored files, leaving others alone', async () => {
    const kit = catalogKit();
    const product = await kit.given({ name: 'Удалить' });
    const kept = await kit.given({ name: 'Оставить' });
    await kit.givenImage(product.id);
    await kit.givenImage(product.id, { status: 'failed' });
    const other = await kit.givenImage(kept.id);
    await kit.deleteProduct({ id: product.id, hard: true });
    expect(await kit.products.findById(product.id)).toBeUndefined();
    expect(await kit.assets.countByProduct(product.id)).toBe(0);
    expect(kit.objectStore.keys()).toEqual([kit.objectStore.keyFromUrl(other.stored_url)]);
    expect(kit.orphaned).toEqual([]);
  });

  it('refuses to hard delete a product that reached the marketplace (409), keeping it and its files', async () => {
    const kit = catalogKit();
    const product = await kit.given({ name: 'Был на Ozon', marketplace_product_id: '123', published_at: kit.clock.iso() });
    await kit.givenImage(product.id);
    await expect(kit.deleteProduct({ id: product.id, hard: true })).rejects.toMatchObject({ code: 'PRODUCT_WAS_PUBLISHED' });
    expect(await kit.products.findById(product.id)).toBeDefined();
    expect(kit.objectStore.keys()).toHaveLength(1);
    await expect(kit.deleteProduct({ id: kit.ids.nth(99), hard: false })).rejects.toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
  });

  it('removes the rows even when a file cannot be removed, and names that file', async () => {
    const kit = catalogKit();
    const product = await kit.given({ name: 'Удалить' });
    const image = await kit.givenImage(product.id);
    const orphaned: string[] = [];
    const failingStore = { ...kit.objectStore, delete: async () => Promise.reject(new Error('disk gone')) };
    const deleteProduct = makeDeleteProduct({
      products: kit.products,
      assets: kit.assets,
      objectStore: failingStore,
      clock: kit.clock,
      onOrphanedFile: (key) => void orphaned.push(key),
    });
    await deleteProduct({ id: product.id, hard: true });
    expect(await kit.products.findById(product.id)).toBeUndefined();
    expect(orphaned).toEqual([kit.objectStore.keyFromUrl(image.stored_url)]);
  });
});
