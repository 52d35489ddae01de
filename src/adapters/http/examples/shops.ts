import { type OperationExample } from '../openapi-examples.ts';
import { EXAMPLE } from './ids.ts';

const shop = (fields: { name: string; status: 'unverified' | 'active'; roles: string[]; tested: boolean; stockDefaults?: boolean }) => ({
  id: EXAMPLE.shopId,
  name: fields.name,
  client_id: '123456',
  api_key_masked: '****5c6d',
  currency_code: 'RUB',
  status: fields.status,
  roles: fields.roles,
  key_expires_at: fields.tested ? '2027-11-24T00:00:00.000Z' : null,
  last_tested_at: fields.tested ? EXAMPLE.updatedAt : null,
  default_warehouse_id: fields.stockDefaults ? EXAMPLE.warehouseId : null,
  default_stock: fields.stockDefaults ? 20 : 0,
  min_margin_percent: fields.tested ? 15 : null,
  created_at: EXAMPLE.createdAt,
  updated_at: fields.tested ? EXAMPLE.updatedAt : EXAMPLE.createdAt,
});

const byId = { id: '$response.body#/id' };
const counter = (limit: number, usage: number) => ({ limit, usage, reset_at: '2026-11-25T00:00:00.000Z' });

/** Binding and testing marketplace shops. */
export const SHOP_EXAMPLES: Record<string, OperationExample> = {
  postShops: {
    body: { name: 'Ozon 主店', client_id: '123456', api_key: '3f1b2c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d', currency_code: 'RUB' },
    status: 201,
    answer: shop({ name: 'Ozon 主店', status: 'unverified', roles: [], tested: false }),
    links: {
      GetShop: { operationId: 'getShopsId', parameters: byId, description: '读取这个店铺' },
      TestShop: { operationId: 'postShopsIdTest', parameters: byId, description: '测试它的凭证' },
      ShopLimits: { operationId: 'getShopsIdLimits', parameters: byId, description: '读取它的商品额度' },
      ListWarehouses: { operationId: 'getShopsIdWarehouses', parameters: byId, description: '读取它的仓库' },
      UpdateShop: { operationId: 'patchShopsId', parameters: byId, description: '修改这个店铺' },
      DeleteShop: { operationId: 'deleteShopsId', parameters: byId, description: '删除这个店铺' },
      AddWebhook: { operationId: 'postShopsIdWebhooks', parameters: byId, description: '给这个店铺添加群机器人' },
      ListWebhooks: { operationId: 'getShopsIdWebhooks', parameters: byId, description: '列出它的群机器人' },
    },
  },
  getShops: {
    parameters: { page: 1, page_size: 20 },
    status: 200,
    answer: { total: 1, items: [shop({ name: 'Ozon 主店', status: 'unverified', roles: [], tested: false })] },
  },
  getShopsId: { parameters: { id: EXAMPLE.shopId }, status: 200, answer: shop({ name: 'Ozon 主店', status: 'unverified', roles: [], tested: false }) },
  postShopsIdTest: {
    parameters: { id: EXAMPLE.shopId },
    status: 200,
    answer: { ok: true, status: 'active', roles: ['Admin'], expires_at: '2027-11-24T00:00:00.000Z' },
  },
  getShopsIdLimits: {
    parameters: { id: EXAMPLE.shopId },
    status: 200,
    answer: {
      daily_create: counter(1000, 3),
      daily_update: counter(1000, 12),
      operation_limits: { limit: 1000, limit_type: 'RATE_LIMIT_PER_MINUTE' },
      total: { limit: 10000, usage: 250, quota_by_category: [{ category_id: 17028922, limit: 500, usage: 120 }] },
    },
  },
  patchShopsId: {
    parameters: { id: EXAMPLE.shopId },
    body: { name: 'Ozon 家居店', default_warehouse_id: EXAMPLE.warehouseId, default_stock: 20 },
    status: 200,
    answer: shop({ name: 'Ozon 家居店', status: 'active', roles: ['Admin'], tested: true, stockDefaults: true }),
  },
  getShopsIdWarehouses: {
    parameters: { id: EXAMPLE.shopId },
    status: 200,
    answer: { items: [{ warehouse_id: EXAMPLE.warehouseId, name: 'Москва FBS', is_rfbs: false, is_kgt: false, status: 'created' }] },
  },
  deleteShopsId: { parameters: { id: EXAMPLE.shopId }, status: 204 },
};
