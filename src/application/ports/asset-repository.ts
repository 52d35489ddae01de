import { type Asset } from '../../domain/media/asset.ts';

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
  /**
   * Claims up to `limit` unfinished downloads (`pending`/`downloading`) whose claim is free or lapsed before `now`,
   * oldest first, and holds them until `leaseUntil`. While a claim holds, no other caller (another process
   * included) gets that asset. Answers their ids.
   */
  claimDownloads(limit: number, now: string, leaseUntil: string): Promise<string[]>;
  /** Moves the lease of held claims to `leaseUntil` (a worker's heartbeat). */
  renewClaims(assetIds: readonly string[], leaseUntil: string): Promise<void>;
  /** Frees claims (the download ended, or the worker stops), so the assets are claimable at once. */
  releaseClaims(assetIds: readonly string[]): Promise<void>;
  /** Replaces the stored asset with this one (same id); its claim and its cover mark are left as they are. */
  update(asset: Asset): Promise<void>;
  /** Removes the asset (its bytes in the object store are the caller's to remove); an unknown id is no error. */
  delete(assetId: string): Promise<void>;
  /** Marks `assetId` as the product's video cover and unmarks any other; null unmarks them all. */
  setVideoCover(productId: string, assetId: string | null): Promise<void>;
}
