import { type Product, type Stage } from '../../domain/product.ts';

export type ProductListQuery = {
  readonly stage?: Stage | undefined;
  /** Free text matched against name, offer_id, source item ids and source URLs. */
  readonly q?: string | undefined;
  /** 1-based. */
  readonly page: number;
  readonly pageSize: number;
};

export type AssetCount = { readonly main: number; readonly sku: number; readonly detail: number };

/** The list view of a product (spec §2.1). */
export type ProductSummary = Pick<
  Product,
  'id' | 'stage' | 'name' | 'offer_id' | 'price' | 'source_platform' | 'source_url' | 'marketplace_product_id' | 'created_at' | 'updated_at'
> & { readonly asset_count: AssetCount; readonly failed_assets: number };

/** Where products live. Every method sees committed state or the surrounding unit of work. */
export interface ProductRepository {
  /** Stores a new product; its id must not exist yet. */
  insert(product: Product): Promise<void>;
  /** The product with this id (archived ones too), or undefined. */
  findById(id: string): Promise<Product | undefined>;
  /** Replaces the stored product if its stored version is still `expectedVersion`; false when it is not (or it is gone). */
  update(product: Product, expectedVersion: number): Promise<boolean>;
  /** One page of products, newest-updated first, with the total count of matches. Archived ones only when asked by stage. */
  list(query: ProductListQuery): Promise<{ total: number; items: ProductSummary[] }>;
  /** Whether a non-archived product other than `exceptId` uses this offer id. */
  offerIdTaken(offerId: string, exceptId: string): Promise<boolean>;
  /** Ids of non-archived products collected from this platform item. */
  idsBySource(platform: string, itemId: string): Promise<string[]>;
  /** Removes the product and its assets for good. */
  delete(id: string): Promise<void>;
}
