import { expect } from 'vitest';
import { type CatalogIt } from './catalog-adapters.ts';
import { asset, product } from './catalog-fixtures.ts';

/** What every UnitOfWork guarantees: its writes commit together, or none does when the work throws. */
export function testUnitOfWorkContract(it: CatalogIt): void {
  it('commits a unit of work as a whole, and rolls it back as a whole when it throws', async ({ catalog: { products, assets, unitOfWork } }) => {
    const kept = product();
    const answer = await unitOfWork.run(async (tx) => {
      await tx.products.insert(kept);
      await tx.assets.insertMany([asset(kept.id)]);
      return 'done';
    });
    expect(answer).toBe('done');
    const lost = product();
    await expect(
      unitOfWork.run(async (tx) => {
        await tx.products.insert(lost);
        await tx.assets.insertMany([asset(lost.id)]);
        await tx.products.update({ ...kept, name: 'Откат', version: 2 }, 1);
        await tx.products.delete(kept.id);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await products.findById(kept.id)).toMatchObject({ name: kept.name, version: 1 });
    expect(await assets.countByProduct(kept.id)).toBe(1);
    expect(await products.findById(lost.id)).toBeUndefined();
    expect(await assets.listByProduct(lost.id)).toEqual([]);
  });
}
