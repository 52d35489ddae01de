import { type OperationExample } from '../openapi-examples.ts';
import { EXAMPLE } from './ids.ts';

const shop = { shop_id: EXAMPLE.shopId };
const record = (status: 'pending' | 'imported') => ({
  task_id: EXAMPLE.taskId,
  product_id: EXAMPLE.productId,
  variant_id: null,
  shop_id: EXAMPLE.shopId,
  offer_id: 'BOX-001',
  operation: 'import',
  status,
  settling: false,
  marketplace_product_id: status === 'imported' ? '880000001' : null,
  errors: [],
  created_at: EXAMPLE.updatedAt,
  updated_at: EXAMPLE.updatedAt,
  next_attempt_at: null,
});
const taskLink = (expression: string, description: string) => ({
  GetPublishTask: { operationId: 'getPublishTaskId', parameters: { taskId: expression }, description },
});

/** Publishing to the marketplace and its records. */
export const PUBLISH_EXAMPLES: Record<string, OperationExample> = {
  postProductsIdPublishCheck: { parameters: { id: EXAMPLE.productId }, body: shop, status: 200, answer: { ok: true, errors: [], warnings: [] } },
  postProductsIdPublish: {
    parameters: { id: EXAMPLE.productId },
    body: shop,
    status: 202,
    answer: record('pending'),
    links: taskLink('$response.body#/task_id', '发布任务状态（平台导入完成前为 pending）'),
  },
  getPublishTaskId: {
    parameters: { taskId: EXAMPLE.taskId },
    status: 200,
    answer: {
      ...record('pending'),
      items: [
        { product_id: EXAMPLE.productId, variant_id: null, offer_id: 'BOX-001', status: 'pending', settling: false, marketplace_product_id: null, errors: [] },
      ],
    },
  },
  getProductsIdPublishHistory: { parameters: { id: EXAMPLE.productId, page: 1, page_size: 20 }, status: 200, answer: { total: 1, items: [record('pending')] } },
  getProductsIdMarket: {
    parameters: { id: EXAMPLE.productId },
    status: 200,
    // Just published: the sweep has not looked at its card yet (its first look is MARKET_SWEEP_FIRST_MS after the import).
    answer: { product_id: EXAMPLE.productId, market_state: null, offers: [] },
  },
  postProductsIdMarketAction: {
    parameters: { id: EXAMPLE.productId, action: 'delete' },
    status: 200,
    // Not followed on the marketplace yet: nothing there to delete (a card there must be archived and without an SKU).
    answer: { product_id: EXAMPLE.productId, market_state: null, offers: [] },
  },
  getPublishQueue: {
    status: 200,
    answer: {
      total_products: 1,
      total_cards: 3,
      items: [
        {
          position: 1,
          product_id: EXAMPLE.productId,
          name: 'Коробка для хранения с крышкой, 3 шт',
          collected_title: '带盖收纳盒 3 件套',
          shop_id: EXAMPLE.shopId,
          shop_name: 'Ozon 主店',
          cards: 3,
          cards_before: 0,
          goes_at: EXAMPLE.updatedAt,
          settling: false,
          removable: true,
        },
      ],
    },
  },
  deletePublishQueueId: { parameters: { id: EXAMPLE.productId }, status: 200, answer: { removed: 0 } },
  postPublish: {
    body: { shop_id: EXAMPLE.shopId, product_ids: [EXAMPLE.productId] },
    status: 202,
    answer: {
      tasks: [{ task_id: EXAMPLE.bulkTaskId, product_ids: [EXAMPLE.productId] }],
      waiting: [],
      settling: [],
      refused: [],
      products: [{ product_id: EXAMPLE.productId, existing: false }],
    },
    links: taskLink('$response.body#/tasks/0/task_id', '第一个导入任务的状态'),
  },
};
