import { type Asset, type AssetStatus } from '../../domain/asset.ts';

/** Where a product's images are recorded. */
export interface AssetRepository {
  /** Stores new assets; their ids must not exist yet. */
  insertMany(assets: readonly Asset[]): Promise<void>;
  /** One asset, or undefined. */
  findById(assetId: string): Promise<Asset | undefined>;
  /** A product's assets in group order (main, sku, detail, upload, generated), then by index; `window` takes a slice of that order. */
  listByProduct(productId: string, window?: { readonly offset: number; readonly limit: number }): Promise<Asset[]>;
  /** How many assets a product has (every status). */
  countByProduct(productId: string): Promise<number>;
  /** The dedupe keys a product already has. */
  dedupeKeys(productId: string): Promise<string[]>;
  /** Assets in any of these statuses, oldest first (used to re-queue downloads at start-up). */
  listByStatus(statuses: readonly AssetStatus[], limit: number): Promise<Asset[]>;
  /** Replaces the stored asset with this one (same id). */
  update(asset: Asset): Promise<void>;
}
