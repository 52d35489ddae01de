import { DomainError, notFound } from '../domain/common/errors.ts';
import { type Product } from '../domain/catalog/product.ts';
import { type ProductRepository } from './ports/product-repository.ts';

/** The one answer for a product id that names nothing (never stored, or hard-deleted since). */
const productNotFound = (): DomainError => notFound('PRODUCT_NOT_FOUND', '商品不存在');

/** The one answer for a write based on a version that is no longer the product's (a stale `If-Match` or a lost race). */
export const versionMismatch = (): DomainError => new DomainError('precondition_failed', 'VERSION_MISMATCH', '商品已在别处被修改，请刷新后再保存');

/** The product with this id, or 404 PRODUCT_NOT_FOUND. */
export async function loadProduct(products: Pick<ProductRepository, 'findById'>, id: string): Promise<Product> {
  const product = await products.findById(id);
  if (!product) throw productNotFound();
  return product;
}

/** Refuses a write the client based on another version (`If-Match`); no expected version means no check. */
export function assertVersion(product: Product, expectedVersion: number | undefined): void {
  if (expectedVersion !== undefined && expectedVersion !== product.version) throw versionMismatch();
}

/** Stores a revision made from `expectedVersion`; someone else's write in between is a 412. */
export async function saveRevision(products: ProductRepository, next: Product, expectedVersion: number): Promise<void> {
  if (await products.update(next, expectedVersion)) return;
  await loadProduct(products, next.id);
  throw versionMismatch();
}
