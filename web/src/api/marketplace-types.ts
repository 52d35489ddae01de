/**
 * The shapes of the shop, category and publish endpoints (DECISIONS §7, §9.1). Where the server publishes a
 * TypeBox schema it is imported type-only; the §9.1 additions are written from the contract so the page
 * compiles whether or not the server has them yet (it answers 404 until then, and the page says so).
 */
import type { Static } from '@sinclair/typebox';
import type { AttributesBody, TreeBody, ValuesBody } from '../../../src/adapters/http/schemas/categories.ts';
import type { PublishHistoryBody, PublishTaskBody } from '../../../src/adapters/http/schemas/publish.ts';
import type { ShopBody, ShopListBody, ShopTestBody } from '../../../src/adapters/http/schemas/shops.ts';

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

/** `waiting_quota` is §9.1's new status; `items` arrive with bulk publishing. */
export type PublishStatus = Static<typeof PublishTaskBody>['status'] | 'waiting_quota';
export type PublishItem = {
  readonly product_id: string;
  readonly offer_id: string;
  readonly status: PublishStatus;
  readonly marketplace_product_id: string | null;
  readonly errors: readonly ImportError[];
};
export type PublishTask = Omit<Static<typeof PublishTaskBody>, 'status'> & { readonly status: PublishStatus; readonly items?: readonly PublishItem[] };
export type PublishHistory = Omit<Static<typeof PublishHistoryBody>, 'items'> & { readonly items: readonly PublishTask[] };

/** `GET /api/shops/{id}/limits`; `limit` −1 means no limit. */
export type QuotaCounter = { readonly limit: number; readonly usage: number; readonly reset_at?: string | null };
export type ShopLimits = { readonly daily_create: QuotaCounter; readonly daily_update: QuotaCounter; readonly total: QuotaCounter };

export type FieldProblem = { readonly path: string; readonly message: string };
/** `POST /api/products/{id}/publish/check`. */
export type PublishCheck = { readonly ok: boolean; readonly errors: readonly FieldProblem[] };
/** `POST /api/publish` (202). */
export type BulkPublishReply = {
  readonly tasks: readonly { readonly task_id: string; readonly product_ids: readonly string[] }[];
  readonly waiting: readonly string[];
  readonly refused: readonly { readonly product_id: string; readonly errors: readonly FieldProblem[] }[];
};
