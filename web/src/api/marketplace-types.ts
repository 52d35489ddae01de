/** The shapes of the shop, category and publish endpoints (docs/decisions.md, Shops and categories, Publishing), from the server's TypeBox schemas (type-only). */
import type { Static } from '@sinclair/typebox';
import type { AttributesBody, TreeBody, ValuesBody } from '../../../src/adapters/http/schemas/categories.ts';
import type {
  BulkPublishReplyBody,
  PublishCheckBody,
  PublishHistoryBody,
  PublishItemBody,
  PublishTaskBody,
  PublishTaskViewBody,
} from '../../../src/adapters/http/schemas/publish.ts';
import type { ShopBody, ShopLimitsBody, ShopListBody, ShopTestBody, WarehouseListBody } from '../../../src/adapters/http/schemas/shops.ts';
import type { ProductStockAnswer } from '../../../src/adapters/http/schemas/stock.ts';

export type Shop = ShopBody;
export type ShopList = Static<typeof ShopListBody>;
export type ShopTest = Static<typeof ShopTestBody>;
export type CategoryTree = Static<typeof TreeBody>;
export type CategoryNode = CategoryTree['categories'][number];
export type CategoryAttributes = Static<typeof AttributesBody>;
export type CategoryAttribute = CategoryAttributes['attributes'][number];
export type AttributeValues = Static<typeof ValuesBody>;
export type AttributeValue = AttributeValues['values'][number];
export type ImportError = Static<typeof PublishTaskBody>['errors'][number];

export type PublishTask = Static<typeof PublishTaskBody>;
/** `GET /api/publish/{taskId}`: the task and each of its products. */
export type PublishTaskView = Static<typeof PublishTaskViewBody>;
export type PublishItem = Static<typeof PublishItemBody>;
export type PublishStatus = PublishTask['status'];
export type PublishOperation = PublishTask['operation'];
export type PublishHistory = Static<typeof PublishHistoryBody>;
export type ShopLimits = Static<typeof ShopLimitsBody>;
export type WarehouseList = Static<typeof WarehouseListBody>;
export type Warehouse = WarehouseList['items'][number];
export type ProductStock = Static<typeof ProductStockAnswer>;
export type QuotaCounter = { readonly limit: number; readonly usage: number; readonly reset_at?: string | null };
export type PublishCheck = Static<typeof PublishCheckBody>;
export type FieldProblem = PublishCheck['errors'][number];
/** `POST /api/publish` (202). */
export type BulkPublishReply = Static<typeof BulkPublishReplyBody>;
