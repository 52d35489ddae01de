import { type ProductRepository } from '../ports/product-repository.ts';
import { type StockSendRepository } from '../ports/stock-sends.ts';
import { loadProduct } from '../product-access.ts';
import { type StockSend } from '../../domain/stock/stock-send.ts';

/** GET /products/{id}/stock: where each of the product's offers stands on each warehouse, newest first; 404 for no product. */
export type GetProductStock = (productId: string) => Promise<StockSend[]>;

export const makeGetProductStock =
  ({ products, stockSends }: { readonly products: ProductRepository; readonly stockSends: StockSendRepository }): GetProductStock =>
  async (productId) => {
    await loadProduct(products, productId);
    return stockSends.listByProduct(productId);
  };
