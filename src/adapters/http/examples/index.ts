import { type OperationExample } from '../openapi-examples.ts';
import { ACCOUNT_EXAMPLES } from './accounts.ts';
import { AI_EXAMPLES } from './ai.ts';
import { CATEGORY_EXAMPLES } from './categories.ts';
import { EXPORT_EXAMPLES } from './exports.ts';
import { EXT_EXAMPLES } from './ext.ts';
import { IMAGE_EXAMPLES } from './image.ts';
import { INTAKE_EXAMPLES } from './intake.ts';
import { NOTIFICATION_EXAMPLES } from './notifications.ts';
import { PRICING_EXAMPLES } from './pricing.ts';
import { PRODUCT_EXAMPLES } from './products.ts';
import { PUBLISH_EXAMPLES } from './publish.ts';
import { SHOP_EXAMPLES } from './shops.ts';
import { STOCK_EXAMPLES } from './stock.ts';
import { VIDEO_EXAMPLES } from './videos.ts';

/** Every operation's example exchange, by operationId (one module per route group). */
export const API_EXAMPLES: Readonly<Record<string, OperationExample>> = {
  ...ACCOUNT_EXAMPLES,
  ...SHOP_EXAMPLES,
  ...CATEGORY_EXAMPLES,
  ...PRICING_EXAMPLES,
  ...PRODUCT_EXAMPLES,
  ...INTAKE_EXAMPLES,
  ...VIDEO_EXAMPLES,
  ...EXT_EXAMPLES,
  ...AI_EXAMPLES,
  ...IMAGE_EXAMPLES,
  ...EXPORT_EXAMPLES,
  ...PUBLISH_EXAMPLES,
  ...NOTIFICATION_EXAMPLES,
  ...STOCK_EXAMPLES,
};
