import { DomainError, notFound } from '../domain/errors.ts';
import { type Product } from '../domain/product.ts';
import { type ProductRepository } from './ports/product-repository.ts';

/** The product with this id, or 404 PRODUCT_NOT_FOUND. */
export async function loadProduct(products: ProductRepository, id: string): Promise<Product> {
  const product = await products.findById(id);
  if (!product) throw notFound('PRODUCT_NOT_FOUND', '商品不存在或已被彻底删除');
  return product;
}

/** Stores a revision made from `expectedVersion`; someone else's write in between is a 412. */
export async function saveRevision(products: ProductRepository, next: Product, expectedVersion: number): Promise<void> {
  if (await products.update(next, expectedVersion)) return;
  await loadProduct(products, next.id);
  throw new DomainError('precondition_failed', 'VERSION_MISMATCH', '商品已在别处被修改，请刷新后再保存');
}
