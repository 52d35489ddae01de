import { type Shop, type ShopStatus } from '../../domain/shops/shop.ts';

/** Where shops live (the API key only sealed). */
export interface ShopRepository {
  /** Stores a new shop; its id must not exist yet. */
  insert(shop: Shop): Promise<void>;
  /** The shop, or undefined. */
  findById(id: string): Promise<Shop | undefined>;
  /** One page, newest-updated first, with the total. */
  list(page: { page: number; pageSize: number }): Promise<{ total: number; items: Shop[] }>;
  /** Shops in a status, oldest first (used to find the single active shop). */
  listByStatus(status: ShopStatus, limit: number): Promise<Shop[]>;
  /** Replaces the stored shop (same id); false when it is gone. */
  update(shop: Shop): Promise<boolean>;
  /** Removes the shop; a missing id is not an error. */
  delete(id: string): Promise<void>;
}
