import { type OperationExample } from '../openapi-examples.ts';
import { EXAMPLE } from './ids.ts';

/** Stock: the published box gets 20 on the shop's default warehouse. */
export const STOCK_EXAMPLES: Record<string, OperationExample> = {
  postStock: {
    body: { shop_id: EXAMPLE.shopId, items: [{ product_id: EXAMPLE.productId, stock: 20 }] },
    status: 202,
    answer: {
      items: [{ product_id: EXAMPLE.productId, variant_id: null, offer_id: 'BOX-001', warehouse_id: EXAMPLE.warehouseId, stock: 20, status: 'waiting' }],
    },
  },
  getProductsIdStock: {
    parameters: { id: EXAMPLE.productId },
    status: 200,
    answer: {
      items: [
        {
          shop_id: EXAMPLE.shopId,
          warehouse_id: EXAMPLE.warehouseId,
          offer_id: 'BOX-001',
          variant_id: null,
          stock: 20,
          status: 'sent',
          sent_stock: 20,
          sent_at: EXAMPLE.updatedAt,
          errors: [],
          updated_at: EXAMPLE.updatedAt,
        },
      ],
    },
  },
};
