import { type ProductRepository } from '../ports/product-repository.ts';
import { type Platform } from '../../domain/common/platform.ts';

export type FindCollectedOutput = { readonly collected: boolean; readonly count: number; readonly productIds: string[] };
export type FindCollected = (input: { platform: Platform; itemId: string }) => Promise<FindCollectedOutput>;

/** Whether a platform item was already collected (non-archived products whose sources include it). */
export function makeFindCollected({ products }: { products: ProductRepository }): FindCollected {
  return async ({ platform, itemId }) => {
    const productIds = await products.idsBySource(platform, itemId);
    return { collected: productIds.length > 0, count: productIds.length, productIds };
  };
}
