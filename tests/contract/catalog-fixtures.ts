import { type Asset, pendingAsset } from '../../src/domain/media/asset.ts';
import { newProduct, type Product } from '../../src/domain/catalog/product.ts';

let sequence = 0;
/** A fresh UUID-shaped id (module state is fine here: ids only need to differ). */
export const uuid = (): string => `00000000-0000-4000-8000-${String((sequence += 1)).padStart(12, '0')}`;
export const at = (minute: number): string => new Date(Date.UTC(2026, 10, 21, 12, minute)).toISOString();

export const product = (overrides: Partial<Product> = {}): Product =>
  newProduct({ id: uuid(), stage: 'editing', source_platform: '1688', ...overrides }, overrides.created_at ?? at(0));

/** A pending main image of the product (override what a test needs). */
export function asset(productId: string, overrides: Partial<Asset> = {}): Asset {
  const id = uuid();
  const origin = {
    asset_id: id,
    product_id: productId,
    group_key: 'main' as const,
    group_name: '主图',
    variant_name: null,
    type: 'img',
    index: 0,
    dedupe_key: `k-${id}`,
    source_url: 'https://img.alicdn.com/a.jpg',
    referer: 'https://detail.1688.com',
  };
  return { ...pendingAsset(origin, at(0)), ...overrides };
}

/** A stored asset with a media URL named after its group and index. */
export const storedAsset = (productId: string, groupKey: Asset['group_key'], index: number, status: Asset['status'] = 'stored'): Asset =>
  asset(productId, { group_key: groupKey, index, status, stored_url: status === 'stored' ? `/media/p/${groupKey}-${index}.jpg` : '' });
