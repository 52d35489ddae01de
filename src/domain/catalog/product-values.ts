import { type Platform } from '../common/platform.ts';

/** The values a product's fields hold beyond plain text and numbers (product-fields.ts types its fields with them). */

export const STAGES = ['collected', 'editing', 'ready', 'published', 'archived'] as const;
export type Stage = (typeof STAGES)[number];

export const isStage = (value: string): value is Stage => (STAGES as readonly string[]).includes(value);

/** Where a product's material came from; a product collected on two sites has two. */
export type ProductSource = {
  readonly platform: Platform;
  readonly item_id: string;
  readonly url: string;
};

/**
 * How a product goes to the marketplace (docs/decisions.md, Follow-selling): `copy` offers it on the marketplace card
 * it was collected from (`/v1/product/import-by-sku`), `create` makes a full card of its own.
 */
export const PUBLISH_MODES = ['copy', 'create'] as const;
export type PublishMode = (typeof PUBLISH_MODES)[number];
